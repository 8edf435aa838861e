import { fromBaseUnits, type TWithdrawal } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AssetRow, WithdrawalRow } from '../../db/schema-funds.ts';
import { AppError } from '../../http/app-error.ts';
import { devnetSend } from '../chain/chain.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import * as history from './history.ts';
import * as withdrawalsRepo from './withdrawals.repository.ts';

/**
 * A withdrawal's steps after its hold, each one guarded update in the caller's transaction with its ledger
 * entry, history line and notification:
 *   PENDING → (approved) → BROADCAST            on a devnet, sent at once
 *   PENDING → (approved) → PROCESSING → BROADCAST   on a real chain, when the custody sender has signed it
 *   BROADCAST → COMPLETED                        mined (devnet) or final at N confirmations (EVM)
 *   BROADCAST → FAILED                           reverted on chain: amount and fee back to available
 */

export function withdrawalRowToWithdrawal(row: WithdrawalRow, asset: AssetRow): TWithdrawal {
  return {
    id: Number(row.withdrawal_id),
    asset_id: asset.asset_id,
    symbol: asset.symbol,
    address: row.address,
    amount: fromBaseUnits(row.amount, asset.decimals),
    fee: fromBaseUnits(row.fee, asset.decimals),
    status: row.status,
    txid: row.txid,
    creation_date: toEpochSeconds(row.created_at),
  };
}

export async function notifyStatus(
  trx: Database,
  row: WithdrawalRow,
  asset: AssetRow,
  now: Date,
): Promise<void> {
  await notify(trx, row.user_id, {
    type: 'WITHDRAWAL_STATUS',
    params: { symbol: asset.symbol, amount: fromBaseUnits(row.amount, asset.decimals), status: row.status },
    link: links.transaction('withdrawal', row.withdrawal_id),
    now,
  });
}

/** A step's history line and notification, once the withdrawal moved: its status and transaction now. */
export async function recordStep(
  trx: Database,
  updated: WithdrawalRow,
  asset: AssetRow,
  now: Date,
): Promise<WithdrawalRow> {
  await history.updateStatus(
    trx,
    { refType: 'withdrawal', refId: updated.withdrawal_id },
    { status: updated.status, txid: updated.txid },
  );
  await notifyStatus(trx, updated, asset, now);
  return updated;
}

async function moved(
  trx: Database,
  row: WithdrawalRow,
  from: WithdrawalRow['status'],
  changes: Parameters<typeof withdrawalsRepo.moveOn>[3] & { status: WithdrawalRow['status'] },
): Promise<WithdrawalRow> {
  const updated = await withdrawalsRepo.moveOn(trx, row.withdrawal_id, from, changes);
  if (!updated) throw new AppError('CONFLICT', `This withdrawal is no longer ${from}.`);
  return updated;
}

/**
 * An approved withdrawal: sent at once on a devnet; on a real chain, PROCESSING until the custody sender
 * signs it (outside this transaction: no network call holds a database transaction open).
 */
export async function approveHeld(
  ctx: AppContext,
  trx: Database,
  row: WithdrawalRow,
  asset: AssetRow,
  now: Date,
): Promise<WithdrawalRow> {
  const chain = ctx.chains.require(asset);
  if (chain.kind === 'devnet') {
    const sent = await devnetSend(trx, asset.network);
    return markSent(trx, row, asset, 'PENDING', { txid: sent.txid, height: sent.height }, now);
  }
  return recordStep(
    trx,
    await moved(trx, row, 'PENDING', { status: 'PROCESSING', updated_at: now }),
    asset,
    now,
  );
}

/** → BROADCAST: the held funds leave (amount to the chain, fee to the fee account). */
export async function markSent(
  trx: Database,
  row: WithdrawalRow,
  asset: AssetRow,
  from: 'PENDING' | 'PROCESSING',
  sent: { txid: string; height: bigint | null },
  now: Date,
): Promise<WithdrawalRow> {
  const updated = await moved(trx, row, from, {
    status: 'BROADCAST',
    txid: sent.txid,
    broadcast_height: sent.height,
    waiting_reason: null,
    updated_at: now,
  });
  const legs: ledger.Leg[] = [
    {
      from: { userId: row.user_id, kind: 'on_hold' },
      to: { system: 'chain' },
      assetId: asset.asset_id,
      amount: row.amount,
    },
  ];
  if (row.fee > 0n)
    legs.push({
      from: { userId: row.user_id, kind: 'on_hold' },
      to: { system: 'fees' },
      assetId: asset.asset_id,
      amount: row.fee,
    });
  await ledger.post(trx, {
    kind: 'WITHDRAWAL_SEND',
    refType: 'withdrawal',
    refId: row.withdrawal_id,
    now,
    legs,
  });
  return recordStep(trx, updated, asset, now);
}

/** BROADCAST → COMPLETED (with the transaction that made it, when a replacement did). */
export async function markCompleted(
  trx: Database,
  row: WithdrawalRow,
  asset: AssetRow,
  txid: string,
  now: Date,
): Promise<WithdrawalRow> {
  return recordStep(
    trx,
    await moved(trx, row, 'BROADCAST', { status: 'COMPLETED', txid, updated_at: now }),
    asset,
    now,
  );
}

/**
 * → FAILED, the funds back to available: from BROADCAST when the transaction reverted on chain (amount
 * from the chain, fee from the fee account), from PROCESSING when the chain refused it before it was sent
 * (the node's gas estimate failed: the hold is released).
 */
export async function markFailed(
  trx: Database,
  row: WithdrawalRow,
  asset: AssetRow,
  from: 'PROCESSING' | 'BROADCAST',
  failure: { txid: string | null; reason: string },
  now: Date,
): Promise<WithdrawalRow> {
  const updated = await moved(trx, row, from, {
    status: 'FAILED',
    txid: failure.txid,
    reason: failure.reason,
    waiting_reason: null,
    updated_at: now,
  });
  const user = { userId: row.user_id, kind: 'available' } as const;
  const legs: ledger.Leg[] =
    from === 'PROCESSING'
      ? [
          {
            from: { userId: row.user_id, kind: 'on_hold' },
            to: user,
            assetId: asset.asset_id,
            amount: row.amount + row.fee,
          },
        ]
      : [{ from: { system: 'chain' }, to: user, assetId: asset.asset_id, amount: row.amount }];
  if (from === 'BROADCAST' && row.fee > 0n)
    legs.push({ from: { system: 'fees' }, to: user, assetId: asset.asset_id, amount: row.fee });
  await ledger.post(trx, {
    kind: 'WITHDRAWAL_RETURN',
    refType: 'withdrawal',
    refId: row.withdrawal_id,
    now,
    legs,
  });
  return recordStep(trx, updated, asset, now);
}
