import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditClean } from '../../testing/funds.ts';
import type { RegisteredUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { cancel, fundedUser, marketBalance, marketIdOf, place } from '../../testing/trading.ts';

describe.each(databasesUnderTest())('orders belong to their owner on $name', (database) => {
  let t: TestApp;
  let btc: number;
  let alice: RegisteredUser;
  let mallory: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(database);
    btc = await marketIdOf(t, 'BTC/USDT');
    alice = await fundedUser(t, { USDT: '100000' });
    mallory = await fundedUser(t, { BTC: '1', USDT: '1000' });
  });
  afterEach(async () => {
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 404 to another user's cancel or trades, and leaves the order alone", async () => {
    const order = await place(t, alice, {
      market_id: btc,
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      amount: '0.1',
    });
    const cancelled = await cancel(t, mallory, order.order_id);
    expect(cancelled.status).toBe(404);
    expect(cancelled.body).toMatchObject({ error: true, code: 404 });
    const trades = await t.api('GET', `/api/order/trades?order_id=${order.order_id}`, {
      token: mallory.token,
    });
    expect(trades.status).toBe(404);
    expect((await cancel(t, mallory, 999_999)).status).toBe(404);
    const mine = await t.api('GET', '/api/order/list?status=OPEN', { token: alice.token });
    expect(mine.body.data.orders).toEqual([
      expect.objectContaining({ order_id: order.order_id, status: 'NEW' }),
    ]);
    const theirs = await t.api('GET', '/api/order/list?status=ALL', { token: mallory.token });
    expect(theirs.body.data).toMatchObject({ orders: [], total: 0 });
    expect((await marketBalance(t, alice, btc)).quote.on_hold).toBe('5000');
    expect((await cancel(t, alice, order.order_id)).status).toBe(200);
    expect((await marketBalance(t, alice, btc)).quote).toEqual({ available: '100000', on_hold: '0' });
  });

  it('pages the list 20 at a time, newest first, and filters by status', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) {
      const o = await place(t, alice, {
        market_id: btc,
        side: 'BUY',
        type: 'LIMIT',
        price: String(40000 + i),
        amount: '0.001',
      });
      ids.push(o.order_id);
    }
    await cancel(t, alice, ids[0]!);
    const first = await t.api('GET', '/api/order/list?status=OPEN', { token: alice.token });
    expect(first.body.data).toMatchObject({ page: 1, page_size: 20, total: 21 });
    expect(first.body.data.orders[0].order_id).toBe(ids[21]);
    const second = await t.api('GET', '/api/order/list?status=OPEN&page=2', { token: alice.token });
    expect(second.body.data.orders.map((o: { order_id: number }) => o.order_id)).toEqual([ids[1]]);
    const cancelledList = await t.api('GET', '/api/order/list?status=CANCELLED', { token: alice.token });
    expect(cancelledList.body.data.orders.map((o: { order_id: number }) => o.order_id)).toContain(ids[0]);
    expect((await t.api('GET', '/api/order/list?status=DONE', { token: alice.token })).status).toBe(400);
    for (const id of ids.slice(1)) await cancel(t, alice, id);
  });

  it('needs a signed-in user with a verified email', async () => {
    const body = { market_id: btc, side: 'BUY', type: 'LIMIT', price: '50000', amount: '0.1' };
    expect((await t.api('POST', '/api/order/create', { body })).status).toBe(401);
    expect((await t.api('GET', '/api/order/list', { token: 'not-a-token' })).body.code).toBe(502);
  });
});
