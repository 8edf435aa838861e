import type { TStake } from '@fit24/contract';
import { api } from '../../../lib/api.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';

export type StakeSource = TStake['source'];

const stakeRoute = {
  AVAILABLE: 'stakings.add',
  LOCKED: 'stakings.addLocked',
  WALLET: 'stakings.addWallet',
} as const;

/**
 * POST /api/stakings/add · …/locked-balance/add · …/wallet/add: a stake from the chosen FIT24 balance.
 * Each confirmed submit carries a fresh Idempotency-Key, so a retried request stakes once.
 */
export function createStake(source: StakeSource, amount: string) {
  return api.call(stakeRoute[source], { body: { amount }, idempotencyKey: newIdempotencyKey() });
}

/** POST /api/affiliate/wallet/claim with no amount: the whole wallet into available FIT24. */
export function claimWallet() {
  return api.call('affiliate.walletClaim', { body: {}, idempotencyKey: newIdempotencyKey() });
}
