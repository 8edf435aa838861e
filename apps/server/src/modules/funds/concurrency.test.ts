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

describe.each(databasesUnderTest())('money under concurrency on $name', (database) => {
  let t: TestApp;
  let user: Trader;
  let other: Trader;
  beforeAll(async () => {
    t = await createTestApp(database);
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
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.api('POST', '/api/asset/withdraw', {
          token: user.token,
          body: { asset_id: btc, address: addresses.bitcoin, amount: '0.05', txn_password: user.txnPassword },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(statuses.filter((s) => s === 422)).toHaveLength(81);
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
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body.data.transfer.id)).size).toBe(1);
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
