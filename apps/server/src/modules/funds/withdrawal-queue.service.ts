import type { TWithdrawal } from '@fit24/contract';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { WithdrawalRow } from '../../db/schema-funds.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { assetById, listAssets } from './assets.service.ts';
import { approveHeld, markCompleted, recordStep, withdrawalRowToWithdrawal } from './withdrawal-steps.ts';
import * as withdrawalsRepo from './withdrawals.repository.ts';

/** The operator's withdrawal queue: approve, reject, completion once mined, the list. */

async function pendingWithdrawal(trx: Database, withdrawalId: number) {
  const row = await withdrawalsRepo.lockById(trx, BigInt(withdrawalId));
  if (!row) throw notFound('There is no withdrawal with this id.');
  if (row.status !== 'PENDING')
    throw new AppError('CONFLICT', `This withdrawal is ${row.status}, not waiting for approval.`);
  return { row, asset: await assetById(trx, row.asset_id) };
}

export async function approve(ctx: AppContext, withdrawalId: number): Promise<TWithdrawal> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { row, asset } = await pendingWithdrawal(trx, withdrawalId);
    return withdrawalRowToWithdrawal(await approveHeld(ctx, trx, row, asset, now), asset);
  });
}

/**
 * An approved withdrawal still waiting for the sender (the hot wallet is short, say) may be rejected too,
 * as long as no transaction was made for it: the sender locks the same row before it makes one.
 */
async function rejectable(trx: Database, withdrawalId: number) {
  const row = await withdrawalsRepo.lockById(trx, BigInt(withdrawalId));
  if (row?.status === 'PROCESSING' && !(await withdrawalsRepo.hasChainTransaction(trx, row.withdrawal_id)))
    return { row, asset: await assetById(trx, row.asset_id) };
  return pendingWithdrawal(trx, withdrawalId);
}

/** PENDING (or PROCESSING with nothing sent) → REJECTED: the hold goes back to available. */
export async function reject(ctx: AppContext, withdrawalId: number, reason?: string): Promise<TWithdrawal> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { row, asset } = await rejectable(trx, withdrawalId);
    const updated = await withdrawalsRepo.moveOn(trx, row.withdrawal_id, row.status, {
      status: 'REJECTED',
      reason: reason ?? null,
      waiting_reason: null,
      updated_at: now,
    });
    if (!updated) throw new Error('a locked withdrawal moved on');
    await ledger.post(trx, {
      kind: 'WITHDRAWAL_RELEASE',
      refType: 'withdrawal',
      refId: row.withdrawal_id,
      now,
      legs: [
        {
          from: { userId: row.user_id, kind: 'on_hold' },
          to: { userId: row.user_id, kind: 'available' },
          assetId: asset.asset_id,
          amount: row.amount + row.fee,
        },
      ],
    });
    await recordStep(trx, updated, asset, now);
    return withdrawalRowToWithdrawal(updated, asset);
  });
}

/** BROADCAST → COMPLETED once a devnet transaction is in a mined block (a real chain's: modules/custody). */
export async function completeMined(ctx: AppContext): Promise<void> {
  for (const withdrawal_id of await withdrawalsRepo.minedIds(ctx.db, ctx.chains.devnetNetworks())) {
    const now = ctx.clock.now();
    await ctx.db.transaction().execute(async (trx) => {
      const row = await withdrawalsRepo.lockById(trx, withdrawal_id);
      if (row?.status !== 'BROADCAST' || !row.txid) return;
      await markCompleted(trx, row, await assetById(trx, row.asset_id), row.txid, now);
    });
  }
}

export async function listForOps(ctx: AppContext, status?: WithdrawalRow['status']) {
  const rows = await withdrawalsRepo.listWithEmail(ctx.db, status);
  const assets = await listAssets(ctx.db);
  return rows.map((row) => ({
    ...withdrawalRowToWithdrawal(row, assets.find((a) => a.asset_id === row.asset_id)!),
    email_id: row.email,
  }));
}
