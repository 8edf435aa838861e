import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredUser } from '../testing/identity.ts';
import { connect, type Message } from '../testing/socket.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';
import { fundedUser, marketIdOf, place } from '../testing/trading.ts';

/**
 * One mapper per public entity: what the socket delivers of a ticker, a candle, a trade, an order, a
 * balance or a notification is what REST answers for the same one, field for field. The app writes socket
 * messages into its REST caches as they are, so a difference here would be a screen showing two truths.
 */
describe.each(databasesUnderTest())('the socket and REST show the same entities on $name', (database) => {
  let t: TestApp;
  let btc: number;
  let maker: RegisteredUser;
  let taker: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(database);
    btc = await marketIdOf(t, 'BTC/USDT');
    maker = await fundedUser(t, { BTC: '1' });
    taker = await fundedUser(t, { USDT: '100000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const rest = async (user: RegisteredUser, path: string) => {
    const { status, body } = await t.api('GET', path, { token: user.token });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const withoutFlag = ({ is_watchlisted: _flag, ...ticker }: Record<string, unknown>) => ticker;

  it('sends snapshots equal to the REST answers', async () => {
    const socket = await connect(t);
    socket.send({ op: 'auth', token: maker.token });
    await socket.next('auth');
    const subscriptions = [
      { channel: 'ticker' },
      { channel: 'trades', market_id: btc },
      { channel: 'candles', market_id: btc, interval_min: 1 },
      { channel: 'orders' },
      { channel: 'balances' },
      { channel: 'notifications' },
    ];
    const snapshots = new Map<string, Message>();
    for (const s of subscriptions) {
      socket.send({ op: 'subscribe', ...s });
      snapshots.set(s.channel, await socket.next(s.channel, 'snapshot'));
    }
    const markets = await rest(maker, '/api/market/list');
    expect(snapshots.get('ticker')!.data.markets).toEqual(markets.markets.map(withoutFlag));
    expect(snapshots.get('trades')!.data).toEqual(await rest(maker, `/api/market/history?market_id=${btc}`));
    expect(snapshots.get('candles')!.data).toEqual({
      interval_min: 1,
      ...(await rest(maker, `/api/market/chart?market_id=${btc}&interval_min=1`)),
    });
    const open = await rest(maker, '/api/order/list?status=OPEN&page=1');
    expect(snapshots.get('orders')!.data.orders).toEqual(open.orders);
    expect(snapshots.get('balances')!.data).toEqual(await rest(maker, '/api/asset/balances'));
    const notices = await rest(maker, '/api/notification/list?page=1');
    expect(snapshots.get('notifications')!.data.notifications).toEqual(notices.notifications);
    expect(notices.notifications.length).toBeGreaterThan(0);
    socket.ws.terminate();
  });

  it('pushes a ticker, a candle, a trade, an order, a balance and a notification as REST shows them', async () => {
    const socket = await connect(t);
    socket.send({ op: 'auth', token: maker.token });
    await socket.next('auth');
    for (const s of [
      { channel: 'ticker' },
      { channel: 'trades', market_id: btc },
      { channel: 'candles', market_id: btc, interval_min: 1 },
      { channel: 'orders' },
      { channel: 'balances' },
      { channel: 'notifications' },
    ]) {
      socket.send({ op: 'subscribe', ...s });
      await socket.next(s.channel, 'snapshot');
    }
    const sell = await place(t, maker, {
      market_id: btc,
      side: 'SELL',
      type: 'LIMIT',
      price: '63000',
      amount: '0.1',
    });
    await place(t, taker, { market_id: btc, side: 'BUY', type: 'LIMIT', price: '63000', amount: '0.04' });

    // The maker's fill notice comes after the batch's orders and balances: all of them have arrived. (The
    // notifications tail may first bring the sign-up deposit's notice: it must match REST as well.)
    const notices = await rest(maker, '/api/notification/list?page=1');
    const listedNotice = (id: number) =>
      notices.notifications.find((n: { notification_id: number }) => n.notification_id === id);
    let notice = (await socket.next('notifications', 'update')).data.notifications[0];
    if (notice.type !== 'ORDER_FILLED') {
      expect(notice).toEqual(listedNotice(notice.notification_id));
      notice = (await socket.next('notifications', 'update')).data.notifications[0];
    }
    expect(notice.type).toBe('ORDER_FILLED');
    expect(notice).toEqual(listedNotice(notice.notification_id));

    const updates = (channel: string) => {
      const found = socket.received.filter((m) => m.channel === channel && m.type === 'update');
      expect(found.length, `${channel} updates`).toBeGreaterThan(0);
      return found;
    };
    const order = updates('orders')
      .flatMap((m) => m.data.orders)
      .filter((o: { order_id: number }) => o.order_id === sell.order_id)
      .at(-1);
    expect(order).toMatchObject({ status: 'PARTIAL', filled: '0.04' });
    const orders = await rest(maker, '/api/order/list?status=ALL&page=1');
    expect(orders.orders.find((o: { order_id: number }) => o.order_id === sell.order_id)).toEqual(order);

    const balances = updates('balances').at(-1)!.data;
    expect(balances.balances.find((b: { symbol: string }) => b.symbol === 'BTC')).toMatchObject({
      available: '0.9',
      on_hold: '0.06',
    });
    expect(balances).toEqual(await rest(maker, '/api/asset/balances'));

    const trade = updates('trades').at(-1)!.data.trades[0];
    expect(trade).toMatchObject({ price: '63000', amount: '0.04', side: 'BUY' });
    const history = await rest(maker, `/api/market/history?market_id=${btc}`);
    expect(history.trades.find((x: { trade_id: number }) => x.trade_id === trade.trade_id)).toEqual(trade);

    const candle = updates('candles').at(-1)!.data.candles.at(-1);
    expect(candle).toMatchObject({ close: '63000' });
    const chart = await rest(maker, `/api/market/chart?market_id=${btc}&interval_min=1`);
    expect(chart.candles.find((c: { time: number }) => c.time === candle.time)).toEqual(candle);

    const ticker = updates('ticker')
      .flatMap((m) => m.data.markets)
      .filter((m: { market_id: number }) => m.market_id === btc)
      .at(-1);
    expect(ticker).toMatchObject({ last_price: '63000' });
    const market = await rest(maker, `/api/market?market_id=${btc}`);
    const { maker_fee: _maker, taker_fee: _taker, ...listed } = market.market;
    expect(withoutFlag(listed)).toEqual(ticker);
    socket.ws.terminate();
  });
});
