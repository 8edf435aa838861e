import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toRequest } from '../../ops/commands.ts';
import { auditClean } from '../../testing/funds.ts';
import type { RegisteredUser } from '../../testing/identity.ts';
import { createOperator } from '../../testing/operators.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import {
  cancel,
  cancelAllOpen,
  createOrder,
  fundedUser,
  marketBalance,
  marketIdOf,
  place,
  reopenable,
} from '../../testing/trading.ts';

describe.each(databasesUnderTest())('halting and resuming a market on $name', (database) => {
  let t: TestApp;
  let btc: number;
  let trader: RegisteredUser;
  const bid = () => ({ market_id: btc, side: 'BUY', type: 'LIMIT', price: '60000', amount: '0.1' });
  const setStatus = (body: unknown) => t.ops('POST', '/ops/market/status', body);
  const detail = async () =>
    (await t.api('GET', `/api/market?market_id=${btc}`, { token: trader.token })).body.data.market;
  const listed = async () => {
    const { body } = await t.api('GET', '/api/market/list', { token: trader.token });
    return Object.fromEntries(
      body.data.markets.map((m: { symbol: string; status: string }) => [m.symbol, m.status]),
    );
  };
  const stored = async () =>
    (
      await t.ctx.db
        .selectFrom('markets')
        .select('status')
        .where('market_id', '=', btc)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    t = await createTestApp(database);
    btc = await marketIdOf(t, 'BTC/USDT');
    trader = await fundedUser(t, { USDT: '100000' });
  });
  afterEach(async () => {
    await setStatus({ market_id: btc, status: 'OPEN' });
    await cancelAllOpen(t, [trader]);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses new orders while halted, still cancels and releases the hold, and trades again on resume', async () => {
    const resting = await place(t, trader, bid());
    expect(await marketBalance(t, trader, btc)).toMatchObject({ quote: { on_hold: '6000' } });

    const halted = await setStatus({ symbol: 'btc/usdt', status: 'HALTED' });
    expect(halted.status).toBe(200);
    expect(halted.body.data.market).toMatchObject({ market_id: btc, symbol: 'BTC/USDT', status: 'HALTED' });
    expect(await stored()).toBe('HALTED');
    expect(await detail()).toMatchObject({ status: 'HALTED' });
    expect(await listed()).toEqual({ 'BTC/USDT': 'HALTED', 'ETH/USDT': 'OPEN', 'FIT24/USDT': 'OPEN' });

    const refused = await createOrder(t, trader, bid());
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('BTC/USDT is halted: orders are not accepted for now.');

    const cancelled = await cancel(t, trader, resting.order_id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order).toMatchObject({ order_id: resting.order_id, status: 'CANCELLED' });
    expect(await marketBalance(t, trader, btc)).toEqual({
      base: { available: '0', on_hold: '0' },
      quote: { available: '100000', on_hold: '0' },
    });

    const resumed = await setStatus({ market_id: btc, status: 'OPEN' });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.market.status).toBe('OPEN');
    expect(await stored()).toBe('OPEN');
    expect(await detail()).toMatchObject({ status: 'OPEN' });
    expect(await place(t, trader, bid())).toMatchObject({ status: 'NEW' });
  });

  it('answers 404 for an unknown market, by id or by symbol, and changes nothing', async () => {
    const byId = await setStatus({ market_id: 99, status: 'HALTED' });
    expect(byId.status).toBe(404);
    expect(byId.body.message).toBe('There is no market with this id.');
    const bySymbol = await setStatus({ symbol: 'DOGE/USDT', status: 'HALTED' });
    expect(bySymbol.status).toBe(404);
    expect(bySymbol.body.message).toBe('There is no market DOGE/USDT.');
    expect(Object.values(await listed())).toEqual(['OPEN', 'OPEN', 'OPEN']);
  });

  it('answers 400 for a bad status or a market named twice or not at all', async () => {
    const bad = await setStatus({ market_id: btc, status: 'CLOSED' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('status');
    const both = await setStatus({ market_id: btc, symbol: 'BTC/USDT', status: 'HALTED' });
    expect(both.status).toBe(400);
    expect(both.body.fields).toEqual({ market_id: 'give either market_id or symbol' });
    expect((await setStatus({ status: 'HALTED' })).status).toBe(400);
    const symbol = await setStatus({ symbol: 'BTCUSDT', status: 'HALTED' });
    expect(symbol.status).toBe(400);
    expect(symbol.body.fields).toEqual({ symbol: 'must be a market symbol such as BTC/USDT' });
    expect(await stored()).toBe('OPEN');
  });

  it("refuses the call with no operator (401), with a user's token (401) or to a role without markets (403)", async () => {
    const payload = { market_id: btc, status: 'HALTED' };
    const none = await t.app.inject({ method: 'POST', url: '/ops/market/status', payload });
    expect(none.statusCode).toBe(401);
    const asUser = await t.api('POST', '/ops/market/status', { token: trader.token, body: payload });
    expect(asUser.status).toBe(401);
    const finance = await createOperator(t.ctx, 'finance');
    expect((await t.opsAs({ token: finance.token }, 'POST', '/ops/market/status', payload)).status).toBe(403);
    expect(await stored()).toBe('OPEN');
    expect(await detail()).toMatchObject({ status: 'OPEN' });
  });

  it('halts and resumes through the CLI commands', async () => {
    const send = (name: string) => {
      const request = toRequest(name, ['BTC/USDT']);
      return setStatus(request.body);
    };
    expect((await send('market-halt')).body.data.market.status).toBe('HALTED');
    expect((await createOrder(t, trader, bid())).status).toBe(422);
    expect((await send('market-resume')).body.data.market.status).toBe('OPEN');
    expect((await createOrder(t, trader, bid())).status).toBe(200);
  });
});

describe.each(databasesUnderTest())('a halt across a restart on $name', (database) => {
  it('is still in force after the server starts again, until resumed', async () => {
    const open = reopenable(database.name);
    const first = await open(false);
    const btc = await marketIdOf(first, 'BTC/USDT');
    expect((await first.ops('POST', '/ops/market/status', { market_id: btc, status: 'HALTED' })).status).toBe(
      200,
    );
    await first.close();

    const second = await open(true);
    try {
      const trader = await fundedUser(second, { USDT: '10000' });
      const order = { market_id: btc, side: 'BUY', type: 'LIMIT', price: '60000', amount: '0.1' };
      expect((await createOrder(second, trader, order)).status).toBe(422);
      await second.ops('POST', '/ops/market/status', { market_id: btc, status: 'OPEN' });
      expect((await createOrder(second, trader, order)).status).toBe(200);
      await cancelAllOpen(second, [trader]);
    } finally {
      await second.close();
    }
  });
});
