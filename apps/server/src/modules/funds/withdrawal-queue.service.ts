import { fromBaseUnits, type TOpsWithdrawal, toBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { WithdrawalRow } from '../../db/schema-funds.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
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

/** The approvals a withdrawal needs: two operators' above FOUR_EYES_USD (its value when it was asked). */
function approvalsNeeded(ctx: AppContext, row: WithdrawalRow): number {
  const limit = toBaseUnits(ctx.config.fourEyesUsd, 2) ?? 0n;
  return row.usd_cents > limit ? 2 : 1;
}

/**
 * An operator's approval. Under the withdrawal's row lock: an operator may not approve their own user
 * account's withdrawal (the same email); above FOUR_EYES_USD the approval is recorded, and the second, by
 * another operator, sends it (the same operator twice is 409).
 */
export async function approve(
  ctx: AppContext,
  operator: Approver,
  withdrawalId: number,
): Promise<TOpsWithdrawal> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const { row, asset } = await pendingWithdrawal(trx, withdrawalId);
    const user = await usersRepo.findById(trx, row.user_id);
    if (user?.email.toLowerCase() === operator.email.toLowerCase())
      throw forbidden('You cannot approve a withdrawal from your own account: another operator must.');
    if (approvalsNeeded(ctx, row) > 1) {
      const earlier = await withdrawalsRepo.approvalsOf(trx, [row.withdrawal_id]);
      if (earlier.some((a) => a.operator_id === operator.operatorId))
        throw new AppError('CONFLICT', 'You approved this withdrawal already: a second operator must.');
      await withdrawalsRepo.insertApproval(trx, row.withdrawal_id, operator.operatorId, now);
      if (earlier.length + 1 < approvalsNeeded(ctx, row)) return;
    }
    await approveHeld(ctx, trx, row, asset, now);
  });
  return opsWithdrawal(ctx, BigInt(withdrawalId));
}

export interface Approver {
  operatorId: bigint;
  email: string;
}

/** One withdrawal as the operators' queue shows it. */
export async function opsWithdrawal(ctx: AppContext, withdrawalId: bigint): Promise<TOpsWithdrawal> {
  const row = await withdrawalsRepo.findWithEmail(ctx.db, withdrawalId);
  return (await toOpsWithdrawals(ctx, [row]))[0]!;
}

async function toOpsWithdrawals(
  ctx: AppContext,
  rows: Array<WithdrawalRow & { email: string }>,
): Promise<TOpsWithdrawal[]> {
  const assets = await listAssets(ctx.db);
  const approvals = await withdrawalsRepo.approvalsOf(
    ctx.db,
    rows.map((r) => r.withdrawal_id),
  );
  return rows.map((row) => ({
    ...withdrawalRowToWithdrawal(row, assets.find((a) => a.asset_id === row.asset_id)!),
    email_id: row.email,
    usd_value: fromBaseUnits(row.usd_cents, 2),
    approvals: approvals
      .filter((a) => a.withdrawal_id === row.withdrawal_id)
      .map((a) => ({
        operator_id: Number(a.operator_id),
        email: a.email,
        creation_date: toEpochSeconds(a.created_at),
      })),
    approvals_needed: approvalsNeeded(ctx, row),
    waiting_reason: row.waiting_reason,
  }));
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
export async function reject(
  ctx: AppContext,
  withdrawalId: number,
  reason?: string,
): Promise<TOpsWithdrawal> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
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
  });
  return opsWithdrawal(ctx, BigInt(withdrawalId));
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
  return toOpsWithdrawals(ctx, await withdrawalsRepo.listWithEmail(ctx.db, status));
}
