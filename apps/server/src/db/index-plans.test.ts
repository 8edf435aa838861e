import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedBy } from '../modules/affiliate/offers.repository.ts';
import { lockUnsent, unsentWithdrawals } from '../modules/custody/custody.repository.ts';
import { hasChainTransaction } from '../modules/funds/withdrawals.repository.ts';
import { latestReason } from '../modules/kyc/kyc.repository.ts';
import { addedSince } from '../modules/security/addresses.repository.ts';
import { consumeByChallenge } from '../modules/security/auth-tokens.repository.ts';
import { readsOf } from '../testing/plans.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';
import { pendingOrders } from '../trading/cluster/cluster.repository.ts';
import { cancelsAsked } from '../trading/pipeline/pipeline.repository.ts';
import type { Database } from './database.ts';

/** Each read of the table goes through `index` (a plan with no read of the table is not a pass). */
function throughIndex(reads: string[], index: string): void {
  expect(reads.length).toBeGreaterThan(0);
  for (const read of reads)
    expect(read).toMatch(new RegExp(`^(Index Scan|Index Only Scan|Bitmap) ${index}$`));
}

/**
 * Reads that run every second, or on a user's request, on tables that grow without end: each goes through
 * an index of the rows it wants, never through the whole table. Found by running the server suite and the
 * demo against PostgreSQL with sequential scans priced out and every plan logged (auto_explain): these read
 * the whole table, some every second per market (orders), some per request (the others).
 */
describe.each(databasesUnderTest())('reads of growing tables through their indexes, on $name', (database) => {
  let t: TestApp;
  let db: Database;
  const now = new Date('2026-11-28T00:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(database);
    db = t.ctx.db;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a market owner’s orders left pending for it (every second per market)', async () => {
    throughIndex(await readsOf(db, 'orders', (trx) => pendingOrders(trx, 1)), 'orders_pending_idx');
  });

  it('a market owner’s cancels asked by other processes, stops’ included (every second per market)', async () => {
    throughIndex(await readsOf(db, 'orders', (trx) => cancelsAsked(trx, 1)), 'orders_cancel_requested_idx');
  });

  it('the chain transactions of a withdrawal, for the sender and for the user', async () => {
    const index = 'evm_transactions_withdrawal_idx';
    throughIndex(await readsOf(db, 'evm_transactions', (trx) => unsentWithdrawals(trx, [1, 2])), index);
    throughIndex(await readsOf(db, 'evm_transactions', (trx) => lockUnsent(trx, 1n)), index);
    throughIndex(await readsOf(db, 'evm_transactions', (trx) => hasChainTransaction(trx, 1n)), index);
  });

  it('the withdrawal addresses a user added lately', async () => {
    throughIndex(
      await readsOf(db, 'withdrawal_addresses', (trx) => addedSince(trx, 1n, now)),
      'withdrawal_addresses_user_idx',
    );
  });

  it('a passkey ceremony by its challenge', async () => {
    throughIndex(
      await readsOf(db, 'auth_tokens', (trx) =>
        consumeByChallenge(trx, 'PASSKEY_SIGNIN', 1n, 'challenge', now),
      ),
      'auth_tokens_challenge_idx',
    );
    throughIndex(
      await readsOf(db, 'auth_tokens', (trx) =>
        consumeByChallenge(trx, 'PASSKEY_SIGNIN', null, 'challenge', now),
      ),
      'auth_tokens_challenge_idx',
    );
  });

  it('a user’s newest identity check', async () => {
    throughIndex(
      await readsOf(db, 'kyc_submissions', (trx) => latestReason(trx, 1n)),
      'kyc_submissions_user_idx',
    );
  });

  it('the offers a staker has had a bonus from (every new stake)', async () => {
    throughIndex(
      await readsOf(db, 'offer_bonuses', (trx) => joinedBy(trx, 1n)),
      'offer_bonuses_affiliate_idx',
    );
  });
});
