import type { Database } from '../../db/database.ts';
import * as ledger from '../ledger/ledger.service.ts';
import * as rewardsRepo from './rewards.repository.ts';

/**
 * The rewards pool: every reward is paid out of it, never created from nothing. The pool is a system
 * account, so the ledger itself would let it go negative: these helpers lock it and refuse to pay more
 * than it holds.
 */
export interface Payout {
  userId: bigint;
  amount: bigint;
}

/** Pays every payout into affiliate wallets in one journal entry, or nothing when the pool is short. */
export async function payFromPool(
  trx: Database,
  entry: {
    fitAssetId: number;
    now: Date;
    kind: string;
    refType?: string;
    refId?: bigint;
    memo?: string;
    payouts: Payout[];
  },
): Promise<boolean> {
  const payouts = entry.payouts.filter((p) => p.amount > 0n);
  if (payouts.length === 0) return true;
  const total = payouts.reduce((sum, p) => sum + p.amount, 0n);
  if ((await rewardsRepo.poolBalance(trx, entry.fitAssetId, true)) < total) return false;
  await ledger.post(trx, {
    kind: entry.kind,
    ...(entry.refType ? { refType: entry.refType } : {}),
    ...(entry.refId !== undefined ? { refId: entry.refId } : {}),
    ...(entry.memo ? { memo: entry.memo } : {}),
    now: entry.now,
    legs: payouts.map((p) => ({
      from: { system: 'rewards_pool' as const },
      to: { userId: p.userId, kind: 'affiliate_wallet' as const },
      assetId: entry.fitAssetId,
      amount: p.amount,
    })),
  });
  return true;
}

/** The operator funds the pool (from the pool-funding system account, which mirrors money put in). */
export async function fundPool(
  trx: Database,
  fitAssetId: number,
  amount: bigint,
  now: Date,
): Promise<bigint> {
  await ledger.post(trx, {
    kind: 'POOL_FUND',
    now,
    legs: [{ from: { system: 'pool_funding' }, to: { system: 'rewards_pool' }, assetId: fitAssetId, amount }],
  });
  return rewardsRepo.poolBalance(trx, fitAssetId);
}
