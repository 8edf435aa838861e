import { fromBaseUnits, type RouteData, type TTransferInput } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { type IdempotencyClaim, transactOnce } from '../../http/idempotency.ts';
import * as usersRepo from '../account/users.repository.ts';
import { maskName } from '../affiliate/rules.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import * as attempts from '../security/attempts.ts';
import { attemptLimits } from '../security/attempts.ts';
import { assertMayMoveFunds } from '../security/cooldown.ts';
import { assertSecondFactor } from '../security/two-factor.service.ts';
import { assetById, assetBySymbol, parseAmount } from './assets.service.ts';
import * as history from './history.ts';
import type { TransferRow } from './transfers.repository.ts';
import * as transfersRepo from './transfers.repository.ts';
import { assertTxnPassword } from './txn-password.ts';

/** What `asset.transfer` answers, and an Idempotency-Key keeps. */
export type TransferAnswer = RouteData<'asset.transfer'>;

/** A transfer whose body was checked: what the money transaction needs. */
interface CheckedTransfer {
  asset: AssetRow;
  amount: bigint;
  recipient: UserRow;
  note: string | null;
}

/**
 * An instant, free transfer to another user of the exchange, by email. Checked like a withdrawal: the
 * body, the transaction password, the second factor, then in the transaction the sender's locked row
 * (freeze, cool-down). The money stays inside the exchange, so the KYC withdrawal limit and the
 * whitelist (which are about addresses outside it) do not apply. (A repeat of an Idempotency-Key was
 * answered before, by the HTTP layer.)
 */
export async function transfer(
  ctx: AppContext,
  userId: bigint,
  input: TTransferInput,
  claim: IdempotencyClaim | null,
  ip: string,
): Promise<TransferAnswer> {
  const checked = await checkTransfer(ctx, userId, input);
  await assertTxnPassword(ctx, userId, input.txn_password);
  await assertSecondFactor(ctx, userId, input, ip);
  const now = ctx.clock.now();
  return transactOnce(ctx.db, claim, now, async (trx) => ({
    transfer: await moveTransfer(trx, userId, checked, now),
  }));
}

async function checkTransfer(
  ctx: AppContext,
  userId: bigint,
  input: TTransferInput,
): Promise<CheckedTransfer> {
  const asset = await assetById(ctx.db, input.asset_id);
  const amount = parseAmount(asset, input.amount);
  const recipient = await checkRecipient(ctx.db, userId, input.to_email_id);
  return { asset, amount, recipient, note: input.note ?? null };
}

/** The user a transfer to `email` pays: refused when there is none, it is the sender, or unverified. */
async function checkRecipient(db: Database, userId: bigint, email: string): Promise<UserRow> {
  const recipient = await usersRepo.findByEmail(db, email);
  if (!recipient) throw notFound('There is no user with this email on FIT24 Exchange.');
  if (recipient.user_id === userId) {
    throw badRequest('You cannot transfer to yourself.', { to_email_id: 'must be another user' });
  }
  if (!recipient.is_email_verified) {
    throw new AppError(
      'UNPROCESSABLE',
      'This user has not verified their email yet, so they cannot receive transfers.',
    );
  }
  return recipient;
}

/**
 * Who a transfer to `email` would pay, shown masked before the sender confirms: refused as the transfer
 * itself would be (no such user, yourself, unverified recipient; the sender frozen or in a cool-down).
 * The lookup is taken from the sender's limit first, in one atomic statement (429 with `retry_after`).
 */
export async function recipientOf(
  ctx: AppContext,
  userId: bigint,
  email: string,
): Promise<RouteData<'asset.transferRecipient'>> {
  const now = ctx.clock.now();
  await attempts.reserve(ctx.db, now, attemptLimits.transferRecipient, String(userId));
  const sender = await usersRepo.findById(ctx.db, userId);
  if (sender) assertMayMoveFunds(sender, now);
  const recipient = await checkRecipient(ctx.db, userId, email);
  return { masked_name: maskName(recipient.name) };
}

/** The transfer's writes, in the caller's transaction: the sender's row locked, then the money. */
async function moveTransfer(
  trx: Database,
  userId: bigint,
  { asset, amount, recipient, note }: CheckedTransfer,
  now: Date,
): Promise<TransferAnswer['transfer']> {
  const sender = await usersRepo.lockById(trx, userId);
  assertMayMoveFunds(sender, now);
  const row = await transfersRepo.insert(trx, {
    from_user_id: userId,
    to_user_id: recipient.user_id,
    asset_id: asset.asset_id,
    amount,
    note,
    created_at: now,
  });
  await ledger.post(trx, {
    kind: 'TRANSFER',
    refType: 'transfer',
    refId: row.transfer_id,
    now,
    legs: [
      {
        from: { userId, kind: 'available' },
        to: { userId: recipient.user_id, kind: 'available' },
        assetId: asset.asset_id,
        amount,
      },
    ],
    insufficientMessage: `Insufficient ${asset.symbol} balance for this transfer.`,
  });
  await recordTransfer(trx, row, asset, sender.email, recipient.email, now);
  return {
    id: Number(row.transfer_id),
    asset_id: asset.asset_id,
    symbol: asset.symbol,
    amount: fromBaseUnits(amount, asset.decimals),
    to_email_id: recipient.email,
    note: row.note,
    creation_date: toEpochSeconds(row.created_at),
  };
}

/** Both sides' history lines and notifications. */
async function recordTransfer(
  trx: Database,
  row: TransferRow,
  asset: AssetRow,
  senderEmail: string,
  recipientEmail: string,
  now: Date,
): Promise<void> {
  const money = { symbol: asset.symbol, amount: fromBaseUnits(row.amount, asset.decimals) };
  const note = row.note ? `: ${row.note}` : '';
  const line = {
    assetId: asset.asset_id,
    amount: row.amount,
    status: 'COMPLETED' as const,
    refType: 'transfer',
    refId: row.transfer_id,
    now,
  };
  await history.record(trx, [
    { ...line, userId: row.from_user_id, type: 'TRANSFER_OUT', note: `To ${recipientEmail}${note}` },
    { ...line, userId: row.to_user_id, type: 'TRANSFER_IN', note: `From ${senderEmail}${note}` },
  ]);
  await notify(trx, row.from_user_id, {
    type: 'TRANSFER_SENT',
    params: { ...money, to: recipientEmail },
    link: links.transaction('transfer', row.transfer_id),
    now,
  });
  await notify(trx, row.to_user_id, {
    type: 'TRANSFER_RECEIVED',
    params: { ...money, from: senderEmail },
    link: links.transaction('transfer', row.transfer_id),
    now,
  });
}

/** The operator grants a lock-up balance (promotion, vesting), from the lock-up system account. */
export async function grantLocked(
  ctx: AppContext,
  input: { email_id: string; symbol: string; amount: string },
) {
  const asset = await assetBySymbol(ctx.db, input.symbol);
  const amount = parseAmount(asset, input.amount);
  const user = await usersRepo.findByEmail(ctx.db, input.email_id);
  if (!user) throw notFound('There is no user with this email.');
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const entryId = await ledger.post(trx, {
      kind: 'LOCK_GRANT',
      refType: 'lock_grant',
      now,
      legs: [
        {
          from: { system: 'lockup' },
          to: { userId: user.user_id, kind: 'locked' },
          assetId: asset.asset_id,
          amount,
        },
      ],
    });
    await history.record(trx, [
      {
        userId: user.user_id,
        assetId: asset.asset_id,
        type: 'LOCK_GRANT',
        amount,
        status: 'COMPLETED',
        note: 'Locked balance granted',
        refType: 'journal',
        refId: entryId,
        now,
      },
    ]);
    await notify(trx, user.user_id, {
      type: 'LOCKED_GRANTED',
      params: { symbol: asset.symbol, amount: fromBaseUnits(amount, asset.decimals) },
      link: links.stake,
      now,
    });
    const locked = await ledger.balanceOf(trx, user.user_id, asset.asset_id, 'locked');
    return { locked: { asset_id: asset.asset_id, amount: fromBaseUnits(locked, asset.decimals) } };
  });
}
