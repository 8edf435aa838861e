import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  assetId,
  auditClean,
  balance,
  createTrader,
  deposit,
  type Trader,
} from '../../testing/funds.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { assetById } from './assets.service.ts';
import { holdWithdrawal } from './withdrawals.service.ts';

describe.each(databasesUnderTest())('money under concurrency on $name', (database) => {
  let t: TestApp;
  let user: Trader;
  let other: Trader;
  beforeAll(async () => {
    // The KYC withdrawal limit out of reach: these tests are about the balance (money-controls.test.ts).
    t = await createTestApp(database, {
      withdrawLimitsUsd: { UNVERIFIED: '1000000000', VERIFIED: '1000000000' },
    });
    user = await createTrader(t);
    other = await createTrader(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('100 parallel withdrawals against one balance never overdraw it', async () => {
    const btc = await assetId(t, 'BTC');
    await deposit(t, user.email, 'BTC', '1');
    // Each takes 0.05 + 0.0002 fee: 19 fit in 1 BTC (0.9538), the 20th would not.
    // Through the API, the transaction password lets at most 5 be checked at once: the others are
    // refused (429) before their password is looked at.
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.api('POST', '/api/asset/withdraw', {
          token: user.token,
          body: { asset_id: btc, address: addresses.bitcoin, amount: '0.05', txn_password: user.txnPassword },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    const viaApi = statuses.filter((s) => s === 200).length;
    expect(viaApi).toBeGreaterThan(0);
    expect(viaApi).toBeLessThanOrEqual(19);
    expect(statuses.filter((s) => s !== 200 && s !== 422 && s !== 429)).toEqual([]);
    // The money transaction itself (lock, checks, hold), 100 at once on what is left.
    const checked = {
      asset: await assetById(t.ctx.db, btc),
      address: addresses.bitcoin,
      memo: null,
      amount: 5_000_000n,
    };
    const held = await Promise.allSettled(
      Array.from({ length: 100 }, () => holdWithdrawal(t.ctx, BigInt(user.userId), checked, null)),
    );
    const refused = held.filter((h) => h.status === 'rejected');
    expect(held.length - refused.length).toBe(19 - viaApi);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 422 });
    expect(await balance(t, user.token, 'BTC')).toMatchObject({
      available: '0.0462',
      on_hold: '0.9538',
      total: '1',
    });
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  }, 120_000);

  it('1,000 repeats of one idempotency key make one transfer and one journal entry', async () => {
    const usdt = await assetId(t, 'USDT');
    await deposit(t, user.email, 'USDT', '1000');
    const body = { asset_id: usdt, amount: '7.5', to_email_id: other.email, txn_password: user.txnPassword };
    const send = () =>
      t.api('POST', '/api/asset/transfer', {
        token: user.token,
        body,
        headers: { 'idempotency-key': 'pay-rent-2026-11' },
      });
    const first = await Promise.all(Array.from({ length: 50 }, send));
    const answers = [...first];
    for (let wave = 0; wave < 19; wave++)
      answers.push(...(await Promise.all(Array.from({ length: 50 }, send))));
    expect(answers).toHaveLength(1000);
    // The first wave's repeats that came before the answer was stored check the transaction password:
    // at most 5 at once, the others 429 (try again). Every later repeat replays the stored answer.
    expect(first.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([]);
    expect(new Set(answers.slice(first.length).map((a) => a.status))).toEqual(new Set([200]));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(950);
    expect(new Set(ok.map((a) => a.body.data.transfer.id)).size).toBe(1);
    const transfers = await t.ctx.db
      .selectFrom('transfers')
      .select('transfer_id')
      .where('from_user_id', '=', BigInt(user.userId))
      .execute();
    expect(transfers).toHaveLength(1);
    const entries = await t.ctx.db
      .selectFrom('journal_entries')
      .select('entry_id')
      .where('ref_type', '=', 'transfer')
      .where('ref_id', '=', transfers[0]!.transfer_id)
      .execute();
    expect(entries).toHaveLength(1);
    expect((await balance(t, user.token, 'USDT')).available).toBe('992.5');
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  }, 300_000);
});
