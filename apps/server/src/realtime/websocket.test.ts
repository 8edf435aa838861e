import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit } from '../testing/funds.ts';
import type { RegisteredUser } from '../testing/identity.ts';
import { connect } from '../testing/socket.ts';
import { createTestApp, databasesUnderTest, TEST_API_KEY, type TestApp } from '../testing/test-app.ts';
import { fundedUser, marketIdOf, place } from '../testing/trading.ts';
import { NOTIFICATION_TAIL_MS } from './feed.ts';

describe.each(databasesUnderTest())('the real-time socket on $name', (database) => {
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

  it('refuses the upgrade without a valid api_key (or x-api-key), as /api refuses a call without one', async () => {
    await expect(t.app.injectWS('/ws')).rejects.toThrow('Unexpected server response: 403');
    await expect(t.app.injectWS('/ws?api_key=not-the-key')).rejects.toThrow(
      'Unexpected server response: 403',
    );
    await expect(t.app.injectWS(`/ws?api_key=${TEST_API_KEY}x`)).rejects.toThrow(
      'Unexpected server response: 403',
    );
    const ok = await t.app.injectWS(`/ws?api_key=${encodeURIComponent(TEST_API_KEY)}`);
    ok.send(JSON.stringify({ op: 'ping' }));
    const pong = await new Promise<string>((resolve) =>
      ok.once('message', (raw: Buffer) => resolve(String(raw))),
    );
    expect(JSON.parse(pong)).toMatchObject({ channel: 'pong' });
    ok.terminate();
    // A client that can send headers may use x-api-key, as on /api.
    const byHeader = await t.app.injectWS('/ws', { headers: { 'x-api-key': TEST_API_KEY } });
    byHeader.terminate();
  });

  it('sends a book snapshot, then changed levels that chain by sequence, and trades and candles', async () => {
    const { ws, next, send } = await connect(t);
    send({ op: 'subscribe', channel: 'orderbook', market_id: btc });
    const snap = await next('orderbook', 'snapshot');
    expect(snap).toMatchObject({ market_id: btc, data: { bids: [], asks: [] } });
    send({ op: 'subscribe', channel: 'trades', market_id: btc });
    await next('trades', 'snapshot');
    send({ op: 'subscribe', channel: 'candles', market_id: btc, interval_min: 1 });
    await next('candles', 'snapshot');
    send({ op: 'subscribe', channel: 'ticker' });
    expect((await next('ticker', 'snapshot')).data.markets).toHaveLength(3);

    await place(t, maker, { market_id: btc, side: 'SELL', type: 'LIMIT', price: '60000', amount: '0.2' });
    const rested = await next('orderbook', 'update');
    expect(rested.data).toEqual({ prev_sequence: snap.sequence, bids: [], asks: [['60000', '0.2']] });
    await place(t, taker, { market_id: btc, side: 'BUY', type: 'LIMIT', price: '60000', amount: '0.05' });
    const traded = await next('orderbook', 'update');
    expect(traded.data).toEqual({ prev_sequence: rested.sequence, bids: [], asks: [['60000', '0.15']] });
    expect((await next('trades', 'update')).data.trades).toEqual([
      expect.objectContaining({ price: '60000', amount: '0.05', side: 'BUY' }),
    ]);
    expect((await next('candles', 'update')).data.candles.at(-1)).toMatchObject({ close: '60000' });
    expect((await next('ticker', 'update')).data.markets[0]).toMatchObject({ last_price: '60000' });
    ws.terminate();
  });

  it("pushes a signed-in user's orders, balances and notifications, and nobody else's", async () => {
    const mine = await connect(t);
    mine.send({ op: 'subscribe', channel: 'orders' });
    expect((await mine.next('error')).data.code).toBe(403);
    mine.send({ op: 'auth', token: 'not-a-token' });
    expect((await mine.next('error')).data.code).toBe(502);
    mine.send({ op: 'auth', token: maker.token });
    expect((await mine.next('auth')).data.user_id).toBe(maker.userId);
    for (const channel of ['orders', 'balances', 'notifications']) {
      mine.send({ op: 'subscribe', channel });
      await mine.next(channel, 'snapshot');
    }
    const theirs = await connect(t);
    theirs.send({ op: 'auth', token: taker.token });
    await theirs.next('auth');
    theirs.send({ op: 'subscribe', channel: 'notifications' });
    await theirs.next('notifications', 'snapshot');

    const order = await place(t, maker, {
      market_id: btc,
      side: 'SELL',
      type: 'LIMIT',
      price: '61000',
      amount: '0.1',
    });
    expect((await mine.next('orders', 'update')).data.orders).toEqual([
      expect.objectContaining({ order_id: order.order_id, status: 'NEW' }),
    ]);
    expect((await mine.next('balances', 'update')).data.balances[0]).toMatchObject({ symbol: 'BTC' });
    await place(t, taker, { market_id: btc, side: 'BUY', type: 'LIMIT', price: '61000', amount: '0.1' });
    // The tail may first bring the sign-up deposit's notice, written in beforeAll (see the next test).
    let notice = await mine.next('notifications', 'update');
    if (notice.data.notifications[0].type === 'DEPOSIT_CREDITED')
      notice = await mine.next('notifications', 'update');
    expect(notice.data.notifications[0]).toMatchObject({ type: 'ORDER_FILLED' });
    // The taker's tail may likewise bring its own sign-up deposit's notice first.
    let takerNotice = await theirs.next('notifications', 'update');
    if (takerNotice.data.notifications[0].type === 'DEPOSIT_CREDITED')
      takerNotice = await theirs.next('notifications', 'update');
    expect(takerNotice.data.notifications[0].body).toContain('BUY');
    mine.ws.terminate();
    theirs.ws.terminate();
  });

  it('pushes a deposit credited outside trading, with the balances it changed, and each fill notice once', async () => {
    const user = await fundedUser(t, { USDT: '100' });
    // Let the tail pass the sign-up deposit's notice first: a row written just before a subscription comes
    // in its snapshot and may come once more from the tail (the app keeps notifications by id).
    await new Promise((resolve) => setTimeout(resolve, 2.5 * NOTIFICATION_TAIL_MS));
    const socket = await connect(t);
    socket.send({ op: 'auth', token: user.token });
    await socket.next('auth');
    for (const channel of ['balances', 'notifications']) {
      socket.send({ op: 'subscribe', channel });
      await socket.next(channel, 'snapshot');
    }
    await deposit(t, user.email, 'USDT', '250');
    const notice = await socket.next('notifications', 'update');
    expect(notice.data.notifications).toEqual([expect.objectContaining({ type: 'DEPOSIT_CREDITED' })]);
    const balances = await socket.next('balances', 'update');
    expect(balances.data.balances.find((b: { symbol: string }) => b.symbol === 'USDT')).toMatchObject({
      available: '350',
    });

    // A fill's notice comes from its batch; the tail, passing the same row, does not send it again.
    await place(t, maker, { market_id: btc, side: 'SELL', type: 'LIMIT', price: '100', amount: '0.1' });
    await place(t, user, { market_id: btc, side: 'BUY', type: 'LIMIT', price: '100', amount: '0.1' });
    expect((await socket.next('notifications', 'update')).data.notifications[0].type).toBe('ORDER_FILLED');
    await new Promise((resolve) => setTimeout(resolve, 2.5 * NOTIFICATION_TAIL_MS));
    expect(socket.received.filter((m) => m.channel === 'notifications')).toEqual([]);
    socket.ws.terminate();
  });

  it("tells the ticker's subscribers at once when an operator halts or resumes a market", async () => {
    const socket = await connect(t);
    socket.send({ op: 'subscribe', channel: 'ticker' });
    await socket.next('ticker', 'snapshot');
    for (const status of ['HALTED', 'OPEN']) {
      expect((await t.ops('POST', '/ops/market/status', { market_id: btc, status })).status).toBe(200);
      expect((await socket.next('ticker', 'update')).data.markets).toEqual([
        expect.objectContaining({ market_id: btc, status }),
      ]);
    }
    socket.ws.terminate();
  });

  it('answers bad messages on the error channel and keeps the socket open', async () => {
    const { ws, next, send } = await connect(t);
    ws.send('not json');
    expect((await next('error')).data.code).toBe(400);
    send({ op: 'subscribe', channel: 'orderbook' });
    expect((await next('error')).data.message).toMatch(/market_id/);
    send({ op: 'subscribe', channel: 'orderbook', market_id: 99 });
    expect((await next('error')).data.code).toBe(404);
    send({ op: 'subscribe', channel: 'candles', market_id: btc, interval_min: 7 });
    expect((await next('error')).data.code).toBe(400);
    send({ op: 'ping' });
    await next('pong');
    ws.terminate();
  });
});
