import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assetId, auditClean } from '../../testing/funds.ts';
import type { RegisteredUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import {
  cancelAllOpen,
  fundedUser,
  marketBalance,
  marketIdOf,
  orderBook,
  place,
} from '../../testing/trading.ts';

describe.each(databasesUnderTest())('markets on $name', (database) => {
  let t: TestApp;
  let btc: number;
  let maker: RegisteredUser;
  let taker: RegisteredUser;
  const limit = (side: 'BUY' | 'SELL', price: string, amount: string) => ({
    market_id: btc,
    side,
    type: 'LIMIT',
    price,
    amount,
  });
  const market = async (user: RegisteredUser) =>
    (await t.api('GET', `/api/market?market_id=${btc}`, { token: user.token })).body.data.market;
  beforeAll(async () => {
    t = await createTestApp(database);
    btc = await marketIdOf(t, 'BTC/USDT');
    maker = await fundedUser(t, { BTC: '2', USDT: '200000' });
    taker = await fundedUser(t, { BTC: '2', USDT: '200000' });
  });
  afterEach(async () => {
    await cancelAllOpen(t, [maker, taker]);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every market with its rules and quiet 24h statistics', async () => {
    const { status, body } = await t.api('GET', '/api/market/list', { token: maker.token });
    expect(status).toBe(200);
    expect(body.data.markets.map((m: { symbol: string }) => m.symbol)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'FIT24/USDT',
    ]);
    expect(body.data.markets[0]).toEqual({
      market_id: btc,
      symbol: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      base_asset_id: await assetId(t, 'BTC'),
      quote_asset_id: await assetId(t, 'USDT'),
      price_decimals: 2,
      amount_decimals: 4,
      min_amount: '0.0001',
      min_total: '5',
      last_price: '65000',
      change_24h: '0.00',
      high_24h: '65000',
      low_24h: '65000',
      volume_24h: '0',
      is_watchlisted: 0,
      status: 'OPEN',
    });
    expect(await market(maker)).toMatchObject({
      symbol: 'BTC/USDT',
      maker_fee: '0.001',
      taker_fee: '0.002',
      status: 'OPEN',
    });
    expect((await t.api('GET', '/api/market?market_id=99', { token: maker.token })).status).toBe(404);
  });

  it('finds the markets of an asset, and 404 for an unknown asset', async () => {
    const of = async (id: number) =>
      (await t.api('GET', `/api/market/asset?asset_id=${id}`, { token: maker.token })).body.data.markets.map(
        (m: { symbol: string }) => m.symbol,
      );
    expect(await of(await assetId(t, 'ETH'))).toEqual(['ETH/USDT']);
    expect(await of(await assetId(t, 'USDT'))).toHaveLength(3);
    expect((await t.api('GET', '/api/market/asset?asset_id=99', { token: maker.token })).status).toBe(404);
  });

  it('toggles the watchlist per user', async () => {
    const toggle = (user: RegisteredUser, id = btc) =>
      t.api('POST', '/api/market/watchlist', { token: user.token, body: { market_id: id } });
    expect((await toggle(maker)).body.data).toEqual({ is_watchlisted: 1 });
    expect((await market(maker)).is_watchlisted).toBe(1);
    expect((await market(taker)).is_watchlisted).toBe(0);
    expect((await toggle(maker)).body.data).toEqual({ is_watchlisted: 0 });
    expect((await market(maker)).is_watchlisted).toBe(0);
    expect((await toggle(maker, 99)).status).toBe(404);
  });

  it('aggregates the book by price, best first, with a growing sequence', async () => {
    await place(t, maker, limit('BUY', '59000', '0.1'));
    await place(t, taker, limit('BUY', '59000', '0.2'));
    await place(t, maker, limit('BUY', '58999.5', '0.05'));
    await place(t, maker, limit('SELL', '61000', '0.3'));
    const book = await orderBook(t, maker, btc);
    expect(book.bids).toEqual([
      ['59000', '0.3'],
      ['58999.5', '0.05'],
    ]);
    expect(book.asks).toEqual([['61000', '0.3']]);
    await place(t, taker, limit('SELL', '62000', '0.1'));
    expect((await orderBook(t, maker, btc)).sequence).toBeGreaterThan(book.sequence);
    expect(await marketBalance(t, maker, btc)).toEqual({
      base: { available: '1.7', on_hold: '0.3' },
      quote: { available: '191150.025', on_hold: '8849.975' },
    });
  });

  it('keeps trades, candles and 24h statistics current from the trades', async () => {
    await place(t, maker, limit('SELL', '60000', '0.1'));
    await place(t, taker, limit('BUY', '60000', '0.1'));
    t.ctx.clock.advance(120);
    await place(t, maker, limit('BUY', '63000', '0.2'));
    await place(t, taker, limit('SELL', '63000', '0.2'));
    await place(t, maker, limit('SELL', '61500', '0.05'));
    await place(t, taker, limit('BUY', '61500', '0.05'));

    const history = await t.api('GET', `/api/market/history?market_id=${btc}`, { token: maker.token });
    expect(history.body.data.trades.map((x: object) => ({ ...x, trade_id: 0, creation_date: 0 }))).toEqual(
      [
        { price: '61500', amount: '0.05', side: 'BUY' },
        { price: '63000', amount: '0.2', side: 'SELL' },
        { price: '60000', amount: '0.1', side: 'BUY' },
      ].map((x) => ({ ...x, trade_id: 0, creation_date: 0 })),
    );
    expect(await market(maker)).toMatchObject({
      last_price: '61500',
      high_24h: '63000',
      low_24h: '60000',
      volume_24h: '0.35',
      change_24h: '2.50',
    });
    const chart = await t.api('GET', `/api/market/chart?market_id=${btc}&interval_min=1`, {
      token: maker.token,
    });
    const candles = chart.body.data.candles;
    expect(candles).toHaveLength(2);
    const first = history.body.data.trades[2].creation_date;
    expect(candles[0]).toEqual({
      time: first - (first % 60),
      open: '60000',
      high: '60000',
      low: '60000',
      close: '60000',
      volume: '0.1',
    });
    expect(candles[1]).toMatchObject({
      open: '63000',
      high: '63000',
      low: '61500',
      close: '61500',
      volume: '0.25',
    });
    const daily = await t.api('GET', `/api/market/chart?market_id=${btc}&interval_min=1440`, {
      token: maker.token,
    });
    expect(daily.body.data.candles.at(-1)).toMatchObject({ high: '63000', close: '61500' });
    expect(
      (await t.api('GET', `/api/market/chart?market_id=${btc}&interval_min=7`, { token: maker.token }))
        .status,
    ).toBe(400);

    t.ctx.clock.advance(25 * 3600);
    expect(await market(maker)).toMatchObject({
      last_price: '61500',
      high_24h: '61500',
      volume_24h: '0',
      change_24h: '0.00',
    });
    // The change is against the price 24 hours ago (the last close before the window), not the window's
    // first trade: 61500 → 62730 is +2.00 %.
    await place(t, maker, limit('SELL', '62730', '0.01'));
    await place(t, taker, limit('BUY', '62730', '0.01'));
    expect(await market(maker)).toMatchObject({
      last_price: '62730',
      volume_24h: '0.01',
      change_24h: '2.00',
    });
  });
});
