import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditClean } from '../../testing/funds.ts';
import type { RegisteredUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { createOrder, fundedUser, marketBalance, marketIdOf } from '../../testing/trading.ts';

describe.each(databasesUnderTest())('order checks on $name', (database) => {
  let t: TestApp;
  let alice: RegisteredUser;
  let btc: number;
  let fit: number;
  beforeAll(async () => {
    t = await createTestApp(database);
    alice = await fundedUser(t, { BTC: '1', USDT: '1000', FIT24: '100' });
    btc = await marketIdOf(t, 'BTC/USDT');
    fit = await marketIdOf(t, 'FIT24/USDT');
  });
  afterEach(async () => {
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const limitBuy = (extra: Record<string, unknown> = {}) => ({
    market_id: btc,
    side: 'BUY',
    type: 'LIMIT',
    price: '60000',
    amount: '0.01',
    ...extra,
  });

  /** Every refusal must leave the balances and the order list as they were. */
  async function expectRefused(body: Record<string, unknown>, status: number, field?: string) {
    const before = await marketBalance(t, alice, btc);
    const answer = await createOrder(t, alice, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toMatchObject({ error: true, code: status });
    if (field) expect(Object.keys(answer.body.fields ?? {})).toContain(field);
    expect(await marketBalance(t, alice, btc)).toEqual(before);
    return answer.body;
  }

  it('refuses more decimals than the market allows, with the field (400)', async () => {
    const price = await expectRefused(limitBuy({ price: '60000.001' }), 400, 'price');
    expect(price.fields?.price).toBe('must have at most 2 decimals on BTC/USDT');
    await expectRefused(limitBuy({ amount: '0.00001' }), 400, 'amount');
    await expectRefused({ market_id: btc, side: 'BUY', type: 'MARKET', total: '10.1234567' }, 400, 'total');
  });

  it('refuses zero, negative and malformed numbers (400)', async () => {
    await expectRefused(limitBuy({ amount: '0' }), 400, 'amount');
    await expectRefused(limitBuy({ price: 0 }), 400, 'price');
    await expectRefused(limitBuy({ price: '-5' }), 400, 'price');
    await expectRefused(limitBuy({ amount: '1e-3' }), 400, 'amount');
  });

  it('refuses a bad side, type or time in force, and unknown fields (400)', async () => {
    await expectRefused(limitBuy({ side: 'HOLD' }), 400, 'side');
    await expectRefused(limitBuy({ type: 'STOP' }), 400, 'type');
    await expectRefused(limitBuy({ time_in_force: 'DAY' }), 400, 'time_in_force');
    await expectRefused(limitBuy({ leverage: 10 }), 400, 'leverage');
  });

  it('asks each type for its own fields: LIMIT price and amount, MARKET BUY total, MARKET SELL amount', async () => {
    await expectRefused(limitBuy({ price: undefined }), 400, 'price');
    await expectRefused(limitBuy({ amount: undefined }), 400, 'amount');
    await expectRefused(limitBuy({ total: '100' }), 400, 'total');
    await expectRefused({ market_id: btc, side: 'BUY', type: 'MARKET', amount: '0.1' }, 400, 'total');
    await expectRefused({ market_id: btc, side: 'SELL', type: 'MARKET', total: '100' }, 400, 'amount');
    await expectRefused(
      { market_id: btc, side: 'SELL', type: 'MARKET', amount: '0.1', price: '60000' },
      400,
      'price',
    );
    await expectRefused(
      { market_id: btc, side: 'SELL', type: 'MARKET', amount: '0.1', time_in_force: 'GTC' },
      400,
      'time_in_force',
    );
    await expectRefused(limitBuy({ post_only: true, time_in_force: 'IOC' }), 400, 'post_only');
  });

  it('refuses an unknown market (404) and a halted one (422)', async () => {
    await expectRefused(limitBuy({ market_id: 999 }), 404);
    const market = t.ctx.engine.worker(btc).market;
    market.status = 'HALTED';
    try {
      const body = await expectRefused(limitBuy(), 422);
      expect(body.message).toMatch(/halted/);
    } finally {
      market.status = 'OPEN';
    }
  });

  it('refuses orders below the minimum amount or value (422)', async () => {
    const small = await createOrder(t, alice, {
      market_id: fit,
      side: 'BUY',
      type: 'LIMIT',
      price: '0.5',
      amount: '0.5',
    });
    expect(small.status).toBe(422);
    expect(small.body.fields).toEqual({ amount: 'must be at least 1 FIT24' });
    const cheap = await expectRefused(limitBuy({ price: '100', amount: '0.0001' }), 422, 'amount');
    expect(cheap.message).toBe('The minimum order value on BTC/USDT is 5 USDT.');
    await expectRefused({ market_id: btc, side: 'BUY', type: 'MARKET', total: '4.99' }, 422, 'total');
  });

  it('refuses an order the balance cannot hold (422), holding and recording nothing', async () => {
    const body = await expectRefused(limitBuy({ amount: '0.02' }), 422);
    expect(body.message).toBe('Insufficient USDT balance: this order needs 1200 USDT.');
    await expectRefused(
      { market_id: btc, side: 'SELL', type: 'LIMIT', price: '60000', amount: '1.0001' },
      422,
    );
    const list = await t.api('GET', '/api/order/list?status=ALL', { token: alice.token });
    expect(list.body.data.total).toBe(0);
  });

  it('refuses an order too large for the engine (422)', async () => {
    await expectRefused(limitBuy({ price: '99999999999999', amount: '99999999' }), 422);
  });

  it('answers 422 when the book refuses an order after its hold, and releases the hold', async () => {
    const whale = await fundedUser(t, { BTC: '10000', USDT: '100' });
    const bid = await createOrder(t, whale, limitBuy({ price: '1000000', amount: '0.0001' }));
    expect(bid.status).toBe(200);
    // 10000 BTC against a bid of 1,000,000 could trade a notional beyond the engine's exact range.
    const sell = { market_id: btc, side: 'SELL', type: 'LIMIT', price: '1', amount: '10000' };
    const refused = await createOrder(t, whale, sell);
    expect(refused.status).toBe(422);
    expect(await marketBalance(t, whale, btc)).toEqual({
      base: { available: '10000', on_hold: '0' },
      quote: { available: '0', on_hold: '100' },
    });
    const list = await t.api('GET', '/api/order/list?status=CANCELLED', { token: whale.token });
    expect(list.body.data.orders[0]).toMatchObject({ side: 'SELL', status: 'REJECTED' });
    await t.api('POST', '/api/order/cancel', {
      token: whale.token,
      body: { order_id: bid.body.data.order.order_id },
    });
  });

  it('accepts a number as well as a string, and holds exactly price × amount', async () => {
    const answer = await createOrder(t, alice, limitBuy({ price: 60000.5, amount: 0.01 }));
    expect(answer.status).toBe(200);
    expect(answer.body.data.order).toMatchObject({ price: '60000.5', amount: '0.01', status: 'NEW' });
    expect((await marketBalance(t, alice, btc)).quote).toEqual({ available: '399.995', on_hold: '600.005' });
    const cancelled = await t.api('POST', '/api/order/cancel', {
      token: alice.token,
      body: { order_id: answer.body.data.order.order_id },
    });
    expect(cancelled.body.data.order.status).toBe('CANCELLED');
    expect((await marketBalance(t, alice, btc)).quote).toEqual({ available: '1000', on_hold: '0' });
  });
});
