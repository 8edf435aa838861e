import { fromBaseUnits, type TTransferInput } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { assertMayMoveFunds } from '../security/cooldown.ts';
import { assertSecondFactor } from '../security/two-factor.service.ts';
import { assetById, assetBySymbol, parseAmount } from './assets.service.ts';
import * as history from './history.ts';
import * as idempotency from './idempotency.ts';
import { assertTxnPassword } from './txn-password.ts';

type TransferAnswer = {
  id: number;
  asset_id: number;
  symbol: string;
  amount: string;
  to_email_id: string;
  note: string | null;
  creation_date: number;
};

/**
 * An instant, free transfer to another user of the exchange, by email. Checked like a withdrawal: the
 * body, the transaction password, the second factor, then in the transaction the sender's locked row
 * (freeze, cool-down). The money stays inside the exchange, so the KYC withdrawal limit and the
 * whitelist (which are about addresses outside it) do not apply.
 */
export async function transfer(
  ctx: AppContext,
  userId: bigint,
  input: TTransferInput,
  key: string | null,
  ip: string,
): Promise<TransferAnswer> {
  // The second factor changes on every try: it is not part of what makes two requests the same.
  const scope = key
    ? { userId, route: 'asset.transfer', key, requestHash: idempotency.hashRequest(input) }
    : null;
  if (scope) {
    const earlier = await idempotency.replay<TransferAnswer>(ctx.db, scope);
    if (earlier) return earlier;
  }
  const asset = await assetById(ctx.db, input.asset_id);
  const amount = parseAmount(asset, input.amount);
  const recipient = await usersRepo.findByEmail(ctx.db, input.to_email_id);
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
  await assertTxnPassword(ctx, userId, input.txn_password);
  await assertSecondFactor(ctx, userId, input, ip);
  const now = ctx.clock.now();
  const shown = `${fromBaseUnits(amount, asset.decimals)} ${asset.symbol}`;

  const work = async (trx: Database): Promise<TransferAnswer> => {
    const sender = await usersRepo.lockById(trx, userId);
    assertMayMoveFunds(sender, now);
    const row = await trx
      .insertInto('transfers')
      .values({
        from_user_id: userId,
        to_user_id: recipient.user_id,
        asset_id: asset.asset_id,
        amount,
        note: input.note ?? null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
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
    const line = {
      assetId: asset.asset_id,
      amount,
      status: 'COMPLETED' as const,
      refType: 'transfer',
      refId: row.transfer_id,
      now,
    };
    await history.record(trx, [
      {
        ...line,
        userId,
        type: 'TRANSFER_OUT',
        note: `To ${recipient.email}${input.note ? `: ${input.note}` : ''}`,
      },
      {
        ...line,
        userId: recipient.user_id,
        type: 'TRANSFER_IN',
        note: `From ${sender.email}${input.note ? `: ${input.note}` : ''}`,
      },
    ]);
    await notify(trx, userId, {
      type: 'TRANSFER_SENT',
      title: `${asset.symbol} sent`,
      body: `You sent ${shown} to ${recipient.email}.`,
      now,
    });
    await notify(trx, recipient.user_id, {
      type: 'TRANSFER_RECEIVED',
      title: `${asset.symbol} received`,
      body: `You received ${shown} from ${sender.email}.`,
      now,
    });
    return {
      id: Number(row.transfer_id),
      asset_id: asset.asset_id,
      symbol: asset.symbol,
      amount: fromBaseUnits(amount, asset.decimals),
      to_email_id: recipient.email,
      note: row.note,
      creation_date: toEpochSeconds(row.created_at),
    };
  };
  return ctx.db
    .transaction()
    .execute((trx) => (scope ? idempotency.once(trx, scope, now, () => work(trx)) : work(trx)));
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
      title: `Locked ${asset.symbol} granted`,
      body: `${fromBaseUnits(amount, asset.decimals)} ${asset.symbol} was added to your locked balance. You can stake it.`,
      now,
    });
    const locked = await ledger.balanceOf(trx, user.user_id, asset.asset_id, 'locked');
    return { locked: { asset_id: asset.asset_id, amount: fromBaseUnits(locked, asset.decimals) } };
  });
}
