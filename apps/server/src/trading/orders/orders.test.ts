import { fromBaseUnits, toBaseUnits } from '@fit24/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assetId, auditClean } from '../../testing/funds.ts';
import type { RegisteredUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import {
  cancel,
  cancelAllOpen,
  createOrder,
  feeBalance,
  fundedUser,
  marketBalance,
  marketIdOf,
  notifications,
  orderBook,
  place,
} from '../../testing/trading.ts';

describe.each(databasesUnderTest())('matching on $name', (database) => {
  let t: TestApp;
  let btc: number;
  const users: RegisteredUser[] = [];
  const trader = async (funds: Record<string, string>) => {
    const user = await fundedUser(t, funds);
    users.push(user);
    return user;
  };
  const limit = (
    side: 'BUY' | 'SELL',
    price: string,
    amount: string,
    extra: Record<string, unknown> = {},
  ) => ({
    market_id: btc,
    side,
    type: 'LIMIT',
    price,
    amount,
    ...extra,
  });
  beforeAll(async () => {
    t = await createTestApp(database);
    btc = await marketIdOf(t, 'BTC/USDT');
  });
  afterEach(async () => {
    await cancelAllOpen(t, users);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('trades at the maker price and takes exact fees from what each side receives', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '100000' });
    const [feesBtc, feesUsdt] = [await feeBalance(t, 'BTC'), await feeBalance(t, 'USDT')];
    const ask = await place(t, seller, limit('SELL', '60000.01', '0.0003'));
    expect(ask).toMatchObject({ status: 'NEW', filled: '0' });
    const bid = await place(t, buyer, limit('BUY', '60000.01', '0.0003'));
    expect(bid).toMatchObject({
      status: 'FILLED',
      filled: '0.0003',
      total_filled: '18.000003',
      average_price: '60000.01',
    });
    // Maker (seller) pays 0.1 % of 18.000003 USDT = 0.018000003, rounded down to 0.018.
    // Taker (buyer) pays 0.2 % of 0.0003 BTC = 0.0000006 BTC.
    expect(await marketBalance(t, seller, btc)).toEqual({
      base: { available: '0.9997', on_hold: '0' },
      quote: { available: '17.982003', on_hold: '0' },
    });
    expect(await marketBalance(t, buyer, btc)).toEqual({
      base: { available: '0.0002994', on_hold: '0' },
      quote: { available: '99981.999997', on_hold: '0' },
    });
    expect((await feeBalance(t, 'USDT')) - feesUsdt).toBe(18_000n);
    expect((await feeBalance(t, 'BTC')) - feesBtc).toBe(60n);

    const trades = await t.api('GET', `/api/order/trades?order_id=${bid.order_id}`, { token: buyer.token });
    expect(trades.body.data.trades).toEqual([
      expect.objectContaining({
        price: '60000.01',
        amount: '0.0003',
        total: '18.000003',
        fee: '0.0000006',
        fee_asset: 'BTC',
        role: 'TAKER',
      }),
    ]);
    const makerTrades = await t.api('GET', `/api/order/trades?order_id=${ask.order_id}`, {
      token: seller.token,
    });
    expect(makerTrades.body.data.trades[0]).toMatchObject({ fee: '0.018', fee_asset: 'USDT', role: 'MAKER' });

    const history = await t.api('GET', `/api/asset/transactions?asset_id=${await assetId(t, 'BTC')}`, {
      token: buyer.token,
    });
    expect(history.body.data.transactions[0]).toMatchObject({
      type: 'TRADE',
      amount: '0.0003',
      fee: '0.0000006',
      note: 'Bought 0.0003 BTC at 60000.01 USDT on BTC/USDT',
    });
    expect((await notifications(t, seller))[0]).toMatchObject({
      type: 'ORDER_FILLED',
      title: 'Order filled',
    });
    expect((await notifications(t, buyer))[0]).toMatchObject({ type: 'ORDER_FILLED' });
  });

  it('fills in price-time priority across levels, partly filling the last maker', async () => {
    const [a, b] = [await trader({ BTC: '1' }), await trader({ BTC: '1' })];
    const buyer = await trader({ USDT: '100000' });
    const first = await place(t, a, limit('SELL', '60000', '0.1'));
    const second = await place(t, b, limit('SELL', '60000', '0.1'));
    const higher = await place(t, a, limit('SELL', '60001', '0.1'));
    expect((await orderBook(t, buyer, btc)).asks).toEqual([
      ['60000', '0.2'],
      ['60001', '0.1'],
    ]);
    const taker = await place(t, buyer, limit('BUY', '60001', '0.25'));
    expect(taker).toMatchObject({ status: 'FILLED', filled: '0.25', total_filled: '15000.05' });
    expect(taker.average_price).toBe('60000.2');
    const list = await t.api('GET', '/api/order/list?status=ALL', { token: a.token });
    const byId = Object.fromEntries(list.body.data.orders.map((o: { order_id: number }) => [o.order_id, o]));
    expect(byId[first.order_id]).toMatchObject({ status: 'FILLED', filled: '0.1' });
    expect(byId[higher.order_id]).toMatchObject({ status: 'PARTIAL', filled: '0.05' });
    expect(
      (await t.api('GET', '/api/order/list?status=FILLED', { token: b.token })).body.data.orders,
    ).toEqual([expect.objectContaining({ order_id: second.order_id })]);
    expect((await orderBook(t, buyer, btc)).asks).toEqual([['60001', '0.05']]);
    expect((await marketBalance(t, a, btc)).base.on_hold).toBe('0.05');
  });

  it("releases a buy's hold beyond what it paid at once, and the rest when it is cancelled", async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '20000' });
    await place(t, seller, limit('SELL', '60000', '0.1'));
    const bid = await place(t, buyer, limit('BUY', '61000', '0.2'));
    expect(bid).toMatchObject({ status: 'PARTIAL', filled: '0.1', total_filled: '6000' });
    // Paid 6000 for the first 0.1; holds 0.1 × 61000 for the rest; the 100 saved is free again.
    expect((await marketBalance(t, buyer, btc)).quote).toEqual({ available: '7900', on_hold: '6100' });
    expect((await orderBook(t, buyer, btc)).bids).toEqual([['61000', '0.1']]);
    const cancelled = await cancel(t, buyer, bid.order_id);
    expect(cancelled.body.data.order).toMatchObject({ status: 'CANCELLED', filled: '0.1' });
    expect((await marketBalance(t, buyer, btc)).quote).toEqual({ available: '14000', on_hold: '0' });
    const again = await cancel(t, buyer, bid.order_id);
    expect(again.status).toBe(422);
    expect((await orderBook(t, buyer, btc)).bids).toEqual([]);
  });

  it('cancels a post-only order that would trade, and rests one that would not', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '20000' });
    await place(t, seller, limit('SELL', '60000', '0.1'));
    const crossing = await place(t, buyer, limit('BUY', '60000', '0.1', { post_only: true }));
    expect(crossing).toMatchObject({ status: 'CANCELLED', filled: '0', post_only: 1 });
    expect((await marketBalance(t, buyer, btc)).quote).toEqual({ available: '20000', on_hold: '0' });
    const resting = await place(t, buyer, limit('BUY', '59999.99', '0.1', { post_only: true }));
    expect(resting).toMatchObject({ status: 'NEW', post_only: 1 });
    expect((await marketBalance(t, buyer, btc)).quote.on_hold).toBe('5999.999');
  });

  it('fills a FOK order whole or not at all', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '20000' });
    await place(t, seller, limit('SELL', '60000', '0.1'));
    const tooBig = await place(t, buyer, limit('BUY', '60000', '0.2', { time_in_force: 'FOK' }));
    expect(tooBig).toMatchObject({ status: 'CANCELLED', filled: '0', time_in_force: 'FOK' });
    expect((await marketBalance(t, buyer, btc)).quote).toEqual({ available: '20000', on_hold: '0' });
    expect((await orderBook(t, buyer, btc)).asks).toEqual([['60000', '0.1']]);
    const fits = await place(t, buyer, limit('BUY', '60000', '0.1', { time_in_force: 'FOK' }));
    expect(fits).toMatchObject({ status: 'FILLED', filled: '0.1' });
  });

  it('cancels the remainder of an IOC order and releases its hold', async () => {
    const seller = await trader({ BTC: '1' });
    const buyer = await trader({ USDT: '20000' });
    await place(t, seller, limit('SELL', '60000', '0.1'));
    const ioc = await place(t, buyer, limit('BUY', '60000', '0.3', { time_in_force: 'IOC' }));
    expect(ioc).toMatchObject({ status: 'CANCELLED', filled: '0.1', total_filled: '6000' });
    expect((await marketBalance(t, buyer, btc)).quote).toEqual({ available: '14000', on_hold: '0' });
    expect((await orderBook(t, buyer, btc)).bids).toEqual([]);
  });

  it('spends at most the total of a market buy and sells what the bids take of a market sell', async () => {
    const maker = await trader({ BTC: '1', USDT: '20000' });
    const taker = await trader({ BTC: '1', USDT: '10000' });
    await place(t, maker, limit('SELL', '60000', '0.1'));
    await place(t, maker, limit('BUY', '50000', '0.05'));
    const buy = await place(t, taker, { market_id: btc, side: 'BUY', type: 'MARKET', total: '3000.5' });
    expect(buy).toMatchObject({
      type: 'MARKET',
      price: null,
      total: '3000.5',
      filled: '0.05',
      status: 'FILLED',
    });
    expect((await marketBalance(t, taker, btc)).quote).toEqual({ available: '7000', on_hold: '0' });
    const sell = await place(t, taker, { market_id: btc, side: 'SELL', type: 'MARKET', amount: '0.2' });
    expect(sell).toMatchObject({ status: 'CANCELLED', filled: '0.05', total_filled: '2500' });
    expect((await marketBalance(t, taker, btc)).base).toEqual({ available: '0.9999', on_hold: '0' });
  });

  it('cancels the resting order on a self-trade and lets the new one continue', async () => {
    const trader1 = await trader({ BTC: '1', USDT: '20000' });
    const other = await trader({ BTC: '1' });
    const own = await place(t, trader1, limit('SELL', '60000', '0.1'));
    await place(t, other, limit('SELL', '60000', '0.1'));
    const bid = await place(t, trader1, limit('BUY', '60000', '0.1'));
    expect(bid).toMatchObject({ status: 'FILLED', filled: '0.1' });
    const list = await t.api('GET', '/api/order/list?status=CANCELLED', { token: trader1.token });
    expect(list.body.data.orders).toEqual([expect.objectContaining({ order_id: own.order_id, filled: '0' })]);
    expect((await marketBalance(t, trader1, btc)).base).toEqual({ available: '1.0998', on_hold: '0' });
  });

  it('answers a repeated Idempotency-Key with the first order and holds once', async () => {
    const buyer = await trader({ USDT: '20000' });
    const headers = { 'idempotency-key': 'order-key-1' };
    const first = await createOrder(t, buyer, limit('BUY', '50000', '0.1'), headers);
    const again = await createOrder(t, buyer, limit('BUY', '50000', '0.1'), headers);
    expect(again.body).toEqual(first.body);
    expect((await marketBalance(t, buyer, btc)).quote.on_hold).toBe('5000');
    const other = await createOrder(t, buyer, limit('BUY', '50000', '0.2'), headers);
    expect(other.status).toBe(422);
  });

  it('makes one order of many concurrent requests with one Idempotency-Key', async () => {
    const buyer = await trader({ USDT: '20000' });
    const headers = { 'idempotency-key': 'order-key-burst' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createOrder(t, buyer, limit('BUY', '50000', '0.1'), headers)),
    );
    const orderIds = new Set(answers.map((a) => a.body.data?.order?.order_id));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(orderIds.size).toBe(1);
    expect((await marketBalance(t, buyer, btc)).quote).toEqual({ available: '15000', on_hold: '5000' });
  });

  it('never lets concurrent orders of one user together spend more than the balance', async () => {
    const buyer = await trader({ USDT: '10000' });
    // Ten orders of about 3,000 USDT each reach the worker together: three fit, seven are refused.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createOrder(t, buyer, limit('BUY', `${30000 + i}`, '0.1'))),
    );
    const accepted = answers.filter((a) => a.status === 200).map((a) => a.body.data.order);
    expect(accepted).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 422);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.body.message).toMatch(
      /^Insufficient USDT balance: this order needs 300\d(\.\d)? USDT\.$/,
    );
    const held = accepted.reduce((sum, o) => sum + toBaseUnits(o.price, 6)! / 10n, 0n);
    const balance = await marketBalance(t, buyer, btc);
    expect(balance.quote).toEqual({
      available: fromBaseUnits(10_000_000_000n - held, 6),
      on_hold: fromBaseUnits(held, 6),
    });
    const list = await t.api('GET', '/api/order/list?status=ALL', { token: buyer.token });
    expect(list.body.data.total).toBe(3);
  });
});
