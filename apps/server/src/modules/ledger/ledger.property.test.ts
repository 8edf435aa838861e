import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, assetId, auditClean, createTrader, type Trader } from '../../testing/funds.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';

/** One step a random history may take; every step goes through the real API. */
type Step =
  | { kind: 'deposit'; user: number; symbol: 'BTC' | 'USDT'; amount: string; confirmations: number }
  | { kind: 'mine'; blocks: number }
  | { kind: 'withdraw'; user: number; symbol: 'BTC' | 'USDT'; amount: string }
  | { kind: 'decide'; approve: boolean }
  | { kind: 'transfer'; from: number; to: number; symbol: 'BTC' | 'USDT'; amount: string }
  | { kind: 'grant'; user: number; amount: string };

const USERS = 3;
const user = fc.integer({ min: 0, max: USERS - 1 });
const symbol = fc.constantFrom<'BTC' | 'USDT'>('BTC', 'USDT');
const amountOf = (s: 'BTC' | 'USDT') =>
  s === 'BTC'
    ? fc.integer({ min: 1, max: 300_000_000 }).map((n) => (n / 1e8).toFixed(8))
    : fc.integer({ min: 1, max: 500_000_000 }).map((n) => (n / 1e6).toFixed(6));

const step: fc.Arbitrary<Step> = fc.oneof(
  symbol.chain((s) =>
    fc.record({
      kind: fc.constant('deposit' as const),
      user,
      symbol: fc.constant(s),
      amount: amountOf(s),
      confirmations: fc.integer({ min: 0, max: 6 }),
    }),
  ),
  fc.record({ kind: fc.constant('mine' as const), blocks: fc.integer({ min: 1, max: 3 }) }),
  symbol.chain((s) =>
    fc.record({ kind: fc.constant('withdraw' as const), user, symbol: fc.constant(s), amount: amountOf(s) }),
  ),
  fc.record({ kind: fc.constant('decide' as const), approve: fc.boolean() }),
  symbol.chain((s) =>
    fc.record({
      kind: fc.constant('transfer' as const),
      from: user,
      to: user,
      symbol: fc.constant(s),
      amount: amountOf(s),
    }),
  ),
  fc.record({
    kind: fc.constant('grant' as const),
    user,
    amount: fc.integer({ min: 1, max: 10_000 }).map(String),
  }),
);

describe.each(databasesUnderTest())('the ledger under random histories on $name', (database) => {
  let t: TestApp;
  let users: Trader[];
  let ids: Record<'BTC' | 'USDT', number>;
  beforeAll(async () => {
    // The KYC withdrawal limit and four eyes out of reach: histories of any size, one operator deciding
    // (money-controls.test.ts and operators.test.ts test those).
    t = await createTestApp(database, {
      withdrawLimitsUsd: { UNVERIFIED: '1000000000', VERIFIED: '1000000000' },
      fourEyesUsd: '1000000000',
    });
    users = [];
    for (let i = 0; i < USERS; i++) users.push(await createTrader(t));
    ids = { BTC: await assetId(t, 'BTC'), USDT: await assetId(t, 'USDT') };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function run(s: Step): Promise<number> {
    switch (s.kind) {
      case 'deposit':
        return (
          await t.ops('POST', '/ops/devnet/deposit', {
            email_id: users[s.user]!.email,
            symbol: s.symbol,
            amount: s.amount,
            confirmations: s.confirmations,
          })
        ).status;
      case 'mine':
        return (await t.ops('POST', '/ops/devnet/mine', { blocks: s.blocks })).status;
      case 'withdraw': {
        const u = users[s.user]!;
        const address = s.symbol === 'BTC' ? addresses.bitcoin : addresses.ethereum;
        return (
          await t.api('POST', '/api/asset/withdraw', {
            token: u.token,
            body: { asset_id: ids[s.symbol], address, amount: s.amount, txn_password: u.txnPassword },
          })
        ).status;
      }
      case 'decide': {
        const queue = await t.ops('GET', '/ops/withdrawals?status=PENDING');
        const next = queue.body.data.withdrawals.at(-1);
        if (!next) return 200;
        return (
          await t.ops('POST', `/ops/withdrawals/${s.approve ? 'approve' : 'reject'}`, {
            withdrawal_id: next.id,
          })
        ).status;
      }
      case 'transfer': {
        const from = users[s.from]!;
        return (
          await t.api('POST', '/api/asset/transfer', {
            token: from.token,
            body: {
              asset_id: ids[s.symbol],
              amount: s.amount,
              to_email_id: users[s.to]!.email,
              txn_password: from.txnPassword,
            },
          })
        ).status;
      }
      case 'grant':
        return (
          await t.ops('POST', '/ops/locked/grant', {
            email_id: users[s.user]!.email,
            symbol: 'FIT24',
            amount: s.amount,
          })
        ).status;
    }
  }

  it('keeps every audit invariant after every step, and never makes a balance negative', async () => {
    const succeeded: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 14 }), async (steps) => {
        for (const s of steps) {
          const status = await run(s);
          // Refusals (below minimum, insufficient balance, transfer to self) are part of the game; a 500 is not.
          expect([200, 400, 422], JSON.stringify(s)).toContain(status);
          if (status === 200) succeeded[s.kind] = (succeeded[s.kind] ?? 0) + 1;
          const audit = await auditClean(t);
          expect(audit, JSON.stringify(s)).toEqual({ ok: true, failed: [] });
        }
      }),
      // A fixed seed: with a random one, a rare run of 12 histories had no withdrawal succeed (the check below).
      { numRuns: 12, seed: 20261127 },
    );
    // The histories really moved money every way, not only refusals.
    for (const kind of ['deposit', 'withdraw', 'transfer', 'grant'])
      expect(succeeded[kind], kind).toBeGreaterThan(0);
  }, 300_000);
});
