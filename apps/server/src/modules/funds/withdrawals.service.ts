import { fromBaseUnits, type TWithdrawal, type TWithdrawInput, toBaseUnits } from '@fit24/contract';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { type IdempotencyClaim, transactOnce } from '../../http/idempotency.ts';
import * as usersRepo from '../account/users.repository.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { assertWhitelisted } from '../security/addresses.service.ts';
import { assertMayMoveFunds } from '../security/cooldown.ts';
import { withdrawalUsdCents } from '../security/limits.service.ts';
import { assertSecondFactor } from '../security/two-factor.service.ts';
import { assetById, parseAmount } from './assets.service.ts';
import * as history from './history.ts';
import { assertTxnPassword } from './txn-password.ts';
import { approveHeld, notifyStatus, withdrawalRowToWithdrawal } from './withdrawal-steps.ts';
import * as withdrawalsRepo from './withdrawals.repository.ts';

/** A withdrawal whose body was checked: what the money transaction needs. */
export interface CheckedWithdrawal {
  asset: AssetRow;
  address: string;
  memo: string | null;
  amount: bigint;
}

/** What `asset.withdraw` answers, and an Idempotency-Key keeps. */
export type WithdrawAnswer = { withdrawal: TWithdrawal };

/**
 * A withdrawal request, checked in this order: the body (asset, address, amount), the transaction
 * password, the second factor (each under its attempt limits, outside any transaction), then
 * `holdWithdrawal`. (A repeat of an Idempotency-Key was answered before, by the HTTP layer.)
 * Made with a personal API key (`viaApiKey`, a key the user gave the withdraw scope under their second
 * factor): the key stands for the second factor, and the address must be in the address book and usable
 * whether whitelist-only is on or not.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  userId: bigint,
  input: TWithdrawInput,
  claim: IdempotencyClaim | null,
  ip: string,
  viaApiKey = false,
): Promise<WithdrawAnswer> {
  const checked = await checkWithdrawal(ctx, input);
  await assertTxnPassword(ctx, userId, input.txn_password);
  if (!viaApiKey) await assertSecondFactor(ctx, userId, input, ip);
  return holdWithdrawal(ctx, userId, checked, claim, viaApiKey);
}

async function checkWithdrawal(ctx: AppContext, input: TWithdrawInput): Promise<CheckedWithdrawal> {
  const asset = await assetById(ctx.db, input.asset_id);
  if (!asset.withdraw_enabled)
    throw new AppError('UNPROCESSABLE', `${asset.symbol} withdrawals are disabled for now.`);
  if (!ctx.chains.require(asset).isValidAddress(input.address)) {
    throw badRequest(`This is not a valid ${asset.network} address.`, {
      address: `is not a valid ${asset.network} address`,
    });
  }
  const amount = parseAmount(asset, input.amount);
  if (amount < asset.min_withdraw) {
    throw new AppError(
      'UNPROCESSABLE',
      `The minimum withdrawal is ${fromBaseUnits(asset.min_withdraw, asset.decimals)} ${asset.symbol}.`,
      {
        amount: `must be at least ${fromBaseUnits(asset.min_withdraw, asset.decimals)}`,
      },
    );
  }
  return { asset, address: input.address, memo: input.memo ?? null, amount };
}

/**
 * The money transaction of a checked withdrawal (the password and second factor were asked by the
 * caller): the user's row is locked, then the freeze and cool-down, the whitelist and the KYC limit are
 * checked, and amount + fee move from available to on hold, waiting for an operator (or approved at once
 * at or below the asset's auto-approval limit). The lock holds until the commit, so parallel withdrawals
 * of one user pass these checks one at a time.
 */
export async function holdWithdrawal(
  ctx: AppContext,
  userId: bigint,
  { asset, address, memo, amount }: CheckedWithdrawal,
  claim: IdempotencyClaim | null,
  addressBookOnly = false,
): Promise<WithdrawAnswer> {
  const autoApproveLimit =
    toBaseUnits(ctx.config.withdrawAutoApprove[asset.symbol] ?? '0', asset.decimals) ?? 0n;
  const now = ctx.clock.now();
  const work = async (trx: Database) => {
    const user = await usersRepo.lockById(trx, userId);
    assertMayMoveFunds(user, now);
    await assertWhitelisted(trx, ctx.config, user, { asset, address, memo }, now, addressBookOnly);
    const usdCents = await withdrawalUsdCents(trx, ctx.config, user, asset, amount, now);
    const row = await withdrawalsRepo.insert(trx, {
      user_id: userId,
      asset_id: asset.asset_id,
      address,
      memo,
      amount,
      fee: asset.withdraw_fee,
      status: 'PENDING',
      usd_cents: usdCents,
      created_at: now,
      updated_at: now,
    });
    await ledger.post(trx, {
      kind: 'WITHDRAWAL_HOLD',
      refType: 'withdrawal',
      refId: row.withdrawal_id,
      now,
      legs: [
        {
          from: { userId, kind: 'available' },
          to: { userId, kind: 'on_hold' },
          assetId: asset.asset_id,
          amount: amount + asset.withdraw_fee,
        },
      ],
      insufficientMessage: `Insufficient ${asset.symbol} balance for ${fromBaseUnits(amount, asset.decimals)} plus the ${fromBaseUnits(asset.withdraw_fee, asset.decimals)} fee.`,
    });
    await history.record(trx, [
      {
        userId,
        assetId: asset.asset_id,
        type: 'WITHDRAWAL',
        amount,
        fee: asset.withdraw_fee,
        status: 'PENDING',
        address,
        refType: 'withdrawal',
        refId: row.withdrawal_id,
        now,
      },
    ]);
    await notifyStatus(trx, row, asset, now);
    const final = amount <= autoApproveLimit ? await approveHeld(ctx, trx, row, asset, now) : row;
    return { withdrawal: withdrawalRowToWithdrawal(final, asset) };
  };
  return transactOnce(ctx.db, claim, now, work);
}
