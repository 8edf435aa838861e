import { validateInternalState } from '@fit24/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditClean } from '../../testing/funds.ts';
import type { RegisteredUser } from '../../testing/identity.ts';
import { connect } from '../../testing/socket.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import {
  type Body,
  cancel,
  cancelAllOpen,
  createOrder,
  fundedUser,
  holdUnmatched,
  marketBalance,
  marketIdOf,
  place,
  reopenable,
} from '../../testing/trading.ts';

const limit = (market_id: number, side: 'BUY' | 'SELL', price: string, amount: string): Body => ({
  market_id,
  side,
  type: 'LIMIT',
  price,
  amount,
});

describe.each(databasesUnderTest())('stop and OCO orders on $name', (database) => {
  let t: TestApp;
  let btc: number;
  const users: RegisteredUser[] = [];
  const trader = async (funds: Record<string, string>) => {
    const user = await fundedUser(t, funds);
    users.push(user);
    return user;
  };
  const order = async (user: RegisteredUser, orderId: number) =>
    (await t.api('GET', '/api/order/list?status=ALL', { token: user.token })).body.data.orders.find(
      (o: { order_id: number }) => o.order_id === orderId,
    );
  /** One trade at `price` between two fresh users: the market's last price. */
  const tradeAt = async (price: string) => {
    const [s, b] = [await trader({ BTC: '1' }), await trader({ USDT: '100000' })];
    await place(t, s, limit(btc, 'SELL', price, '0.001'));
    expect(await place(t, b, limit(btc, 'BUY', price, '0.001'))).toMatchObject({ status: 'FILLED' });
  };
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

  it('holds a stop-limit while it waits, then fills it as a limit order once a trade crosses its trigger', async () => {
    await tradeAt('60000');
    const stopper = await trader({ BTC: '1' });
    const stop = await place(t, stopper, {
      market_id: btc,
      side: 'SELL',
      type: 'STOP_LIMIT',
      stop_price: '59000',
      price: '58900',
      amount: '0.1',
    });
    expect(stop).toMatchObject({
      type: 'STOP_LIMIT',
      status: 'UNTRIGGERED',
      stop_price: '59000',
      trigger_direction: 'BELOW',
      price: '58900',
      oco_order_id: null,
      triggered_date: null,
    });
    expect((await marketBalance(t, stopper, btc)).base).toEqual({ available: '0.9', on_hold: '0.1' });
    // Waiting outside the book: not in the depth, listed with the open orders and as UNTRIGGERED.
    expect(t.ctx.engine.worker(btc).engine.stop(stop.order_id)).toBeDefined();
    const listed = async (query: string) =>
      (await t.api('GET', `/api/order/list?${query}`, { token: stopper.token })).body.data.orders.map(
        (o: { order_id: number }) => o.order_id,
      );
    expect(await listed('status=OPEN')).toEqual([stop.order_id]);
    expect(await listed('status=UNTRIGGERED')).toEqual([stop.order_id]);
    expect(await listed('status=ALL&type=STOP_LIMIT')).toEqual([stop.order_id]);
    expect(await listed('status=ALL&type=LIMIT')).toEqual([]);

    const bidder = await trader({ USDT: '100000' });
    await place(t, bidder, limit(btc, 'BUY', '59000', '0.2'));
    const seller = await trader({ BTC: '1' });
    // A trade at 59000 fires the stop: SELL 0.1 at 58900 takes the rest of the 59000 bid.
    await place(t, seller, limit(btc, 'SELL', '59000', '0.05'));
    expect(await order(stopper, stop.order_id)).toMatchObject({
      status: 'FILLED',
      filled: '0.1',
      average_price: '59000',
      triggered_date: expect.any(Number),
    });
    // 5900 USDT less the taker's 0.2 % (11.8).
    expect(await marketBalance(t, stopper, btc)).toEqual({
      base: { available: '0.9', on_hold: '0' },
      quote: { available: '5888.2', on_hold: '0' },
    });
  });

  it('holds the quote given to a stop-market buy, spends it when triggered and gives back the rest', async () => {
    await tradeAt('60000');
    const buyer = await trader({ USDT: '10000' });
    const stop = await place(t, buyer, {
      market_id: btc,
      side: 'BUY',
      type: 'STOP_MARKET',
      stop_price: '61000',
      total: '6000',
    });
    expect(stop).toMatchObject({ status: 'UNTRIGGERED', trigger_direction: 'ABOVE', total: '6000' });
    expect((await marketBalance(t, buyer, btc)).quote).toEqual({ available: '4000', on_hold: '6000' });

    const maker = await trader({ BTC: '1' });
    await place(t, maker, limit(btc, 'SELL', '61000', '0.1'));
    const taker = await trader({ USDT: '10000' });
    await place(t, taker, limit(btc, 'BUY', '61000', '0.01'));
    // Fired at 61000: buys 0.09 for 5490 (the asks then run out) and gets 510 back.
    expect(await order(buyer, stop.order_id)).toMatchObject({
      status: 'CANCELLED',
      filled: '0.09',
      total_filled: '5490',
      triggered_date: expect.any(Number),
    });
    expect(await marketBalance(t, buyer, btc)).toEqual({
      base: { available: '0.08982', on_hold: '0' },
      quote: { available: '4510', on_hold: '0' },
    });
  });

  it('cancels a waiting stop and releases exactly its hold', async () => {
    await tradeAt('60000');
    const seller = await trader({ BTC: '1' });
    const stop = await place(t, seller, {
      market_id: btc,
      side: 'SELL',
      type: 'STOP_MARKET',
      stop_price: '55000',
      amount: '0.25',
    });
    expect((await marketBalance(t, seller, btc)).base).toEqual({ available: '0.75', on_hold: '0.25' });
    const answer = await cancel(t, seller, stop.order_id);
    expect(answer.status).toBe(200);
    expect(answer.body.data.order).toMatchObject({ status: 'CANCELLED', filled: '0' });
    expect(t.ctx.engine.worker(btc).engine.stop(stop.order_id)).toBeUndefined();
    expect((await marketBalance(t, seller, btc)).base).toEqual({ available: '1', on_hold: '0' });
    expect((await cancel(t, seller, stop.order_id)).status).toBe(422);
  });

  it('OCO: the limit leg fills and the stop leg is cancelled; one hold for both legs', async () => {
    await tradeAt('60000');
    const owner = await trader({ BTC: '1' });
    const { status, body } = await createOrder(t, owner, {
      market_id: btc,
      side: 'SELL',
      type: 'OCO',
      amount: '0.1',
      price: '62000',
      stop_price: '58000',
      stop_limit_price: '57900',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const { order: limitLeg, oco_order: stopLeg } = body.data;
    expect(limitLeg).toMatchObject({
      type: 'LIMIT',
      status: 'NEW',
      price: '62000',
      oco_order_id: stopLeg.order_id,
    });
    expect(stopLeg).toMatchObject({
      type: 'STOP_LIMIT',
      status: 'UNTRIGGERED',
      price: '57900',
      stop_price: '58000',
      trigger_direction: 'BELOW',
      oco_order_id: limitLeg.order_id,
    });
    expect((await marketBalance(t, owner, btc)).base).toEqual({ available: '0.9', on_hold: '0.1' });

    const buyer = await trader({ USDT: '100000' });
    await place(t, buyer, limit(btc, 'BUY', '62000', '0.04'));
    expect(await order(owner, limitLeg.order_id)).toMatchObject({ status: 'PARTIAL', filled: '0.04' });
    expect(await order(owner, stopLeg.order_id)).toMatchObject({ status: 'CANCELLED', filled: '0' });
    expect(t.ctx.engine.worker(btc).engine.pendingStopCount).toBe(0);
    await place(t, buyer, limit(btc, 'BUY', '62000', '0.06'));
    expect(await order(owner, limitLeg.order_id)).toMatchObject({ status: 'FILLED', filled: '0.1' });
    // 6200 USDT less the maker's 0.1 % (6.2).
    expect(await marketBalance(t, owner, btc)).toEqual({
      base: { available: '0.9', on_hold: '0' },
      quote: { available: '6193.8', on_hold: '0' },
    });
  });

  it('OCO: the stop leg triggers and fills, and the limit leg is cancelled', async () => {
    await tradeAt('60000');
    const owner = await trader({ BTC: '1' });
    const { body } = await createOrder(t, owner, {
      market_id: btc,
      side: 'SELL',
      type: 'OCO',
      amount: '0.1',
      price: '62000',
      stop_price: '58000',
      stop_limit_price: '57900',
    });
    const { order: limitLeg, oco_order: stopLeg } = body.data;
    const bidder = await trader({ USDT: '100000' });
    await place(t, bidder, limit(btc, 'BUY', '58000', '0.3'));
    const seller = await trader({ BTC: '1' });
    await place(t, seller, limit(btc, 'SELL', '58000', '0.01'));
    expect(await order(owner, limitLeg.order_id)).toMatchObject({ status: 'CANCELLED', filled: '0' });
    expect(await order(owner, stopLeg.order_id)).toMatchObject({
      status: 'FILLED',
      filled: '0.1',
      average_price: '58000',
      triggered_date: expect.any(Number),
    });
    // 5800 USDT less the taker's 0.2 % (11.6).
    expect(await marketBalance(t, owner, btc)).toEqual({
      base: { available: '0.9', on_hold: '0' },
      quote: { available: '5788.4', on_hold: '0' },
    });
  });

  it('OCO buy: holds the larger leg, passes the limit leg hold to the fired stop leg, releases all on cancel', async () => {
    await tradeAt('60000');
    const owner = await trader({ USDT: '10000' });
    const { body } = await createOrder(t, owner, {
      market_id: btc,
      side: 'BUY',
      type: 'OCO',
      amount: '0.1',
      price: '59000',
      stop_price: '61000',
      stop_limit_price: '61100',
    });
    const { order: limitLeg, oco_order: stopLeg } = body.data;
    expect(stopLeg).toMatchObject({ trigger_direction: 'ABOVE', status: 'UNTRIGGERED' });
    // One hold: the stop leg's 6110, not 5900 + 6110.
    expect((await marketBalance(t, owner, btc)).quote).toEqual({ available: '3890', on_hold: '6110' });

    // A trade at 61000 fires the stop leg; nothing is offered at 61100 or below, so it rests.
    await tradeAt('61000');
    expect(await order(owner, limitLeg.order_id)).toMatchObject({ status: 'CANCELLED' });
    expect(await order(owner, stopLeg.order_id)).toMatchObject({
      status: 'NEW',
      triggered_date: expect.any(Number),
    });
    expect((await marketBalance(t, owner, btc)).quote).toEqual({ available: '3890', on_hold: '6110' });
    const answer = await cancel(t, owner, stopLeg.order_id);
    expect(answer.body.data).toMatchObject({
      order: { status: 'CANCELLED' },
      oco_order: { status: 'CANCELLED' },
    });
    expect((await marketBalance(t, owner, btc)).quote).toEqual({ available: '10000', on_hold: '0' });

    // Cancelling the stop leg of a waiting OCO cancels both legs.
    const again = await createOrder(t, owner, {
      market_id: btc,
      side: 'BUY',
      type: 'OCO',
      amount: '0.1',
      price: '59000',
      stop_price: '62000',
      stop_limit_price: '62100',
    });
    const legs = again.body.data;
    expect((await cancel(t, owner, legs.oco_order.order_id)).status).toBe(200);
    expect(await order(owner, legs.order.order_id)).toMatchObject({ status: 'CANCELLED' });
    expect((await marketBalance(t, owner, btc)).quote).toEqual({ available: '10000', on_hold: '0' });
  });

  it('OCO: a stop leg fired while its limit leg falls to self-trade prevention holds its funds again', async () => {
    await tradeAt('60000');
    const seller = await trader({ BTC: '1' });
    await place(t, seller, limit(btc, 'SELL', '57500', '0.01'));
    const owner = await trader({ BTC: '1', USDT: '20000' });
    const { body } = await createOrder(t, owner, {
      market_id: btc,
      side: 'SELL',
      type: 'OCO',
      amount: '0.1',
      price: '62000',
      stop_price: '58000',
      stop_limit_price: '57900',
    });
    // The owner's BUY takes the 57500 ask (firing the stop leg), then reaches the limit leg at 62000: self-
    // trade prevention cancels it. The fired stop leg then sells at 57900 (cancelling the owner's own bid).
    await place(t, owner, limit(btc, 'BUY', '62000', '0.2'));
    expect(await order(owner, body.data.order.order_id)).toMatchObject({ status: 'CANCELLED' });
    expect(await order(owner, body.data.oco_order.order_id)).toMatchObject({
      status: 'NEW',
      triggered_date: expect.any(Number),
    });
    expect(await marketBalance(t, owner, btc)).toEqual({
      base: { available: '0.90998', on_hold: '0.1' },
      quote: { available: '19425', on_hold: '0' },
    });
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });

  it('pushes a stop on the orders channel when placed, triggered and filled, and an OCO leg when cancelled', async () => {
    await tradeAt('60000');
    const owner = await trader({ BTC: '1' });
    const socket = await connect(t);
    socket.send({ op: 'auth', token: owner.token });
    await socket.next('auth');
    socket.send({ op: 'subscribe', channel: 'orders' });
    await socket.next('orders', 'snapshot');
    const changed = async () => (await socket.next('orders', 'update')).data.orders;

    const stop = await place(t, owner, {
      market_id: btc,
      side: 'SELL',
      type: 'STOP_LIMIT',
      stop_price: '59500',
      price: '59500',
      amount: '0.1',
    });
    expect(await changed()).toEqual([
      expect.objectContaining({ order_id: stop.order_id, status: 'UNTRIGGERED', stop_price: '59500' }),
    ]);
    const bidder = await trader({ USDT: '100000' });
    await place(t, bidder, limit(btc, 'BUY', '59500', '0.2'));
    const seller = await trader({ BTC: '1' });
    await place(t, seller, limit(btc, 'SELL', '59500', '0.01'));
    expect(await changed()).toEqual([
      expect.objectContaining({
        order_id: stop.order_id,
        status: 'FILLED',
        triggered_date: expect.any(Number),
      }),
    ]);

    const { body } = await createOrder(t, owner, {
      market_id: btc,
      side: 'SELL',
      type: 'OCO',
      amount: '0.1',
      price: '63000',
      stop_price: '58000',
      stop_limit_price: '57000',
    });
    const placed = await changed();
    expect(placed.map((o: { order_id: number; status: string }) => [o.order_id, o.status]).sort()).toEqual(
      [
        [body.data.order.order_id, 'NEW'],
        [body.data.oco_order.order_id, 'UNTRIGGERED'],
      ].sort(),
    );
    expect((await cancel(t, owner, body.data.order.order_id)).status).toBe(200);
    const cancelled = await changed();
    expect(cancelled.map((o: { status: string }) => o.status)).toEqual(['CANCELLED', 'CANCELLED']);
    socket.ws.terminate();
  });

  it('refuses bad stop and OCO orders with 400 or 422, never 500, and writes nothing', async () => {
    await tradeAt('60000');
    const user = await trader({ BTC: '0.01', USDT: '100' });
    const before = await t.ctx.db.selectFrom('orders').select('order_id').execute();
    const base = { market_id: btc, side: 'SELL', amount: '0.001' };
    const cases: [Body, number][] = [
      [{ ...base, type: 'STOP_LIMIT', price: '59000' }, 400],
      [{ ...base, type: 'STOP_LIMIT', price: '59000', stop_price: '59000.001' }, 400],
      [{ ...base, type: 'STOP_LIMIT', price: '59000', stop_price: '-5' }, 400],
      [{ ...base, type: 'STOP_LIMIT', price: '59000', stop_price: 'abc' }, 400],
      [{ ...base, type: 'STOP_LIMIT', price: '59000', stop_price: '0' }, 400],
      [{ ...base, type: 'LIMIT', price: '59000', stop_price: '59000' }, 400],
      [{ ...base, type: 'LIMIT', price: '59000', trigger_direction: 'BELOW' }, 400],
      [{ ...base, type: 'STOP_LIMIT', price: '59000', stop_price: '59000', stop_limit_price: '1' }, 400],
      [{ ...base, type: 'STOP_LIMIT', price: '59000', stop_price: '59000', trigger_direction: 'UP' }, 400],
      [{ ...base, type: 'STOP_MARKET', stop_price: '59000', time_in_force: 'GTC' }, 400],
      [{ ...base, type: 'STOP_MARKET', stop_price: '59000', price: '59000' }, 400],
      [{ market_id: btc, side: 'BUY', type: 'STOP_MARKET', stop_price: '61000', amount: '0.001' }, 400],
      [{ ...base, type: 'OCO', price: '62000', stop_price: '58000' }, 400],
      [
        {
          ...base,
          type: 'OCO',
          price: '62000',
          stop_price: '58000',
          stop_limit_price: '57900',
          time_in_force: 'IOC',
        },
        400,
      ],
      [
        {
          ...base,
          type: 'OCO',
          price: '62000',
          stop_price: '58000',
          stop_limit_price: '57900',
          trigger_direction: 'ABOVE',
        },
        400,
      ],
      [{ ...base, type: 'STOP', price: '59000', stop_price: '59000' }, 400],
      // The last price (60000) has already reached these triggers.
      [{ ...base, type: 'STOP_LIMIT', price: '61000', stop_price: '61000', trigger_direction: 'BELOW' }, 422],
      [{ ...base, type: 'STOP_LIMIT', price: '59000', stop_price: '59000', trigger_direction: 'ABOVE' }, 422],
      [{ ...base, type: 'STOP_LIMIT', price: '60000', stop_price: '60000' }, 422],
      // An OCO sell's limit must be above its stop.
      [{ ...base, type: 'OCO', price: '57000', stop_price: '58000', stop_limit_price: '57900' }, 422],
      [
        {
          market_id: btc,
          side: 'BUY',
          type: 'OCO',
          amount: '0.001',
          price: '62000',
          stop_price: '61000',
          stop_limit_price: '61100',
        },
        422,
      ],
      [{ ...base, type: 'STOP_LIMIT', price: '59000', stop_price: '99999999999999999999' }, 422],
      // Funds: 0.01 BTC and 100 USDT.
      [{ ...base, type: 'STOP_LIMIT', price: '59000', stop_price: '59000', amount: '0.02' }, 422],
      [{ market_id: btc, side: 'BUY', type: 'STOP_MARKET', stop_price: '61000', total: '101' }, 422],
      [
        {
          market_id: btc,
          side: 'BUY',
          type: 'OCO',
          amount: '0.002',
          price: '50000',
          stop_price: '61000',
          stop_limit_price: '61100',
        },
        422,
      ],
    ];
    for (const [body, expected] of cases) {
      const answer = await createOrder(t, user, body);
      expect(answer.status, JSON.stringify([body, answer.body])).toBe(expected);
    }
    expect(await t.ctx.db.selectFrom('orders').select('order_id').execute()).toEqual(before);
    expect(await marketBalance(t, user, btc)).toEqual({
      base: { available: '0.01', on_hold: '0' },
      quote: { available: '100', on_hold: '0' },
    });
  });

  it.runIf(database.name === 'postgres')(
    'a burst of 50 stops against one balance holds only what the balance allows',
    async () => {
      await tradeAt('60000');
      const user = await trader({ BTC: '2' });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          createOrder(t, user, {
            market_id: btc,
            side: 'SELL',
            type: i % 2 === 0 ? 'STOP_MARKET' : 'STOP_LIMIT',
            stop_price: '55000',
            ...(i % 2 === 0 ? {} : { price: '54000' }),
            amount: '0.1',
          }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 422)).toHaveLength(30);
      expect((await marketBalance(t, user, btc)).base).toEqual({ available: '0', on_hold: '2' });
      expect(t.ctx.engine.worker(btc).engine.pendingStopCount).toBeGreaterThanOrEqual(20);
      expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    },
  );
});

describe.each(databasesUnderTest())('stops across a restart on $name', (database) => {
  it('rebuilds the waiting stops and OCO links, and they still trigger after the restart', async () => {
    const open = reopenable(database.name);
    let t = await open(false);
    const btc = await marketIdOf(t, 'BTC/USDT');
    const [a, b, c] = [
      await fundedUser(t, { BTC: '1', USDT: '100000' }),
      await fundedUser(t, { BTC: '1', USDT: '100000' }),
      await fundedUser(t, { BTC: '1', USDT: '100000' }),
    ];
    await place(t, a, limit(btc, 'SELL', '60000', '0.001'));
    await place(t, b, limit(btc, 'BUY', '60000', '0.001'));
    const stop = await place(t, c, {
      market_id: btc,
      side: 'SELL',
      type: 'STOP_LIMIT',
      stop_price: '59000',
      price: '58000',
      amount: '0.1',
    });
    const stopBuy = await place(t, c, {
      market_id: btc,
      side: 'BUY',
      type: 'STOP_MARKET',
      stop_price: '65000',
      total: '1000',
    });
    const oco = (
      await createOrder(t, a, {
        market_id: btc,
        side: 'SELL',
        type: 'OCO',
        amount: '0.2',
        price: '63000',
        stop_price: '59000',
        stop_limit_price: '58500',
      })
    ).body.data;
    const engine = () => t.ctx.engine.worker(btc).engine;
    const before = engine().snapshot();
    expect(before.stops?.map((s) => s.orderId)).toEqual([
      stop.order_id,
      stopBuy.order_id,
      oco.oco_order.order_id,
    ]);
    await t.close();

    t = await open(false);
    expect(engine().snapshot()).toEqual(before);
    expect(validateInternalState(engine())).toEqual([]);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });

    // A trade at 59000 fires both SELL stops (in placement order) and cancels the OCO's limit leg.
    await place(t, b, limit(btc, 'BUY', '59000', '0.5'));
    await place(t, a, limit(btc, 'SELL', '59000', '0.01'));
    const rows = await t.ctx.db
      .selectFrom('orders')
      .select(['order_id', 'status', 'filled'])
      .where(
        'order_id',
        'in',
        [stop.order_id, oco.order.order_id, oco.oco_order.order_id, stopBuy.order_id].map(BigInt),
      )
      .orderBy('order_id')
      .execute();
    expect(rows.map((r) => [Number(r.order_id), r.status, r.filled])).toEqual([
      [stop.order_id, 'FILLED', 1000n],
      [stopBuy.order_id, 'UNTRIGGERED', 0n],
      [oco.order.order_id, 'CANCELLED', 0n],
      [oco.oco_order.order_id, 'FILLED', 2000n],
    ]);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    await cancel(t, c, stopBuy.order_id);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });

    // A stop and an OCO held but not matched when the process stopped: the next start places them.
    await t.ctx.engine.worker(btc).stop();
    const stopId = await holdUnmatched(t, c, {
      market_id: btc,
      side: 'BUY',
      type: 'STOP_LIMIT',
      stop_price: '64000',
      price: '64100',
      amount: '0.01',
    });
    const ocoId = await holdUnmatched(t, c, {
      market_id: btc,
      side: 'BUY',
      type: 'OCO',
      amount: '0.1',
      price: '50000',
      stop_price: '64000',
      stop_limit_price: '64500',
    });
    const quoteHeld = (await marketBalance(t, c, btc)).quote.on_hold;
    expect(quoteHeld).toBe('7091'); // 641 for the stop, 6450 for the OCO (its stop leg's limit)
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    await t.close();

    t = await open(false);
    const pendingRows = () =>
      t.ctx.db
        .selectFrom('orders')
        .select(['order_id', 'type', 'status', 'pending', 'hold_remaining'])
        .where('user_id', '=', BigInt(c.userId))
        .where('order_id', '>=', stopId)
        .orderBy('order_id')
        .execute();
    for (let i = 0; i < 100 && (await pendingRows()).some((o) => o.pending); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await pendingRows()).map((o) => [o.type, o.status, o.pending])).toEqual([
      ['STOP_LIMIT', 'UNTRIGGERED', false],
      ['LIMIT', 'NEW', false],
      ['STOP_LIMIT', 'UNTRIGGERED', false],
    ]);
    expect(engine().stop(Number(stopId))).toBeDefined();
    expect(engine().order(Number(ocoId))).toBeDefined();
    expect((await marketBalance(t, c, btc)).quote.on_hold).toBe(quoteHeld);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    expect((await cancel(t, c, Number(ocoId))).status).toBe(200);
    expect((await cancel(t, c, Number(stopId))).status).toBe(200);
    expect((await marketBalance(t, c, btc)).quote.on_hold).toBe('0');
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    await t.close();
    // Closing for good drops the PostgreSQL schema.
    await (await open(true)).close();
  }, 120_000);
});
