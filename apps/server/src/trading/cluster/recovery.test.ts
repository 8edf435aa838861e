import { validateInternalState } from '@fit24/engine';
import { describe, expect, it } from 'vitest';
import { auditClean } from '../../testing/funds.ts';
import { databasesUnderTest } from '../../testing/test-app.ts';
import {
  cancel,
  createOrder,
  fundedUser,
  holdUnmatched,
  marketBalance,
  marketIdOf,
  place,
  reopenable,
} from '../../testing/trading.ts';

describe.each(databasesUnderTest())('restarts on $name', (database) => {
  it('rebuilds an identical book mid-trading, refuses orders once stopped, and matches orders held before a stop', async () => {
    const open = reopenable(database.name);
    let t = await open(false);
    const btc = await marketIdOf(t, 'BTC/USDT');
    const limit = (side: 'BUY' | 'SELL', price: string, amount: string) => ({
      market_id: btc,
      side,
      type: 'LIMIT',
      price,
      amount,
    });
    const [a, b, c] = [
      await fundedUser(t, { BTC: '1', USDT: '50000' }),
      await fundedUser(t, { BTC: '1', USDT: '50000' }),
      await fundedUser(t, { BTC: '1', USDT: '50000' }),
    ];
    await place(t, a, limit('SELL', '60000', '0.1'));
    await place(t, b, limit('SELL', '60000', '0.2'));
    await place(t, a, limit('SELL', '60100', '0.1'));
    await place(t, c, limit('BUY', '59000', '0.1'));
    await place(t, a, limit('BUY', '59000', '0.2'));
    const dropped = await place(t, b, limit('BUY', '59000', '0.05'));
    await place(t, c, limit('BUY', '59000', '0.3'));
    expect(await place(t, c, limit('BUY', '60000', '0.15'))).toMatchObject({ status: 'FILLED' });
    expect((await cancel(t, b, dropped.order_id)).status).toBe(200);
    const engine = () => t.ctx.engine.worker(btc).engine;
    const before = engine().snapshot();
    const market = async () =>
      (await t.api('GET', `/api/market?market_id=${btc}`, { token: a.token })).body.data.market;
    const [marketBefore, historyBefore] = [
      await market(),
      (await t.api('GET', `/api/market/history?market_id=${btc}`, { token: a.token })).body.data,
    ];
    expect(before.orders.map((o) => [o.orderId, o.filled])).toHaveLength(5);
    await t.close();

    t = await open(false);
    expect(engine().snapshot()).toEqual(before);
    expect(validateInternalState(engine())).toEqual([]);
    expect(await market()).toEqual(marketBefore);
    expect(
      (await t.api('GET', `/api/market/history?market_id=${btc}`, { token: a.token })).body.data,
    ).toEqual(historyBefore);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });

    // Trading goes on in time priority: b's partly filled ask is first at 60000.
    const taker = await place(t, a, limit('BUY', '60000', '0.1'));
    expect(taker).toMatchObject({ status: 'FILLED', filled: '0.1' });
    expect((await marketBalance(t, b, btc)).base).toEqual({ available: '0.8', on_hold: '0.05' });

    // A stopped worker refuses new orders (503) and writes nothing for them.
    await t.ctx.engine.worker(btc).stop();
    const ordersBefore = await t.ctx.db.selectFrom('orders').select('order_id').execute();
    expect((await createOrder(t, c, limit('BUY', '60000', '0.02'))).status).toBe(503);
    expect(await t.ctx.db.selectFrom('orders').select('order_id').execute()).toEqual(ordersBefore);

    // Orders held but not matched when the process stopped: the next start matches them.
    const pendingIds = [
      await holdUnmatched(t, c, limit('BUY', '60000', '0.02')),
      await holdUnmatched(t, c, limit('BUY', '60000', '0.03')),
      await holdUnmatched(t, b, limit('SELL', '60200', '0.1')),
    ];
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    await t.close();

    // The next start matches them, in arrival order, in one batch.
    t = await open(true);
    const pending = () =>
      t.ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('order_id', 'in', pendingIds)
        .orderBy('order_id')
        .execute();
    for (let i = 0; i < 50 && (await pending()).some((o) => o.pending); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await pending()).map((o) => [o.status, o.filled, o.pending])).toEqual([
      ['FILLED', 200n, false],
      ['FILLED', 300n, false],
      ['NEW', 0n, false],
    ]);
    expect(t.ctx.engine.worker(btc).stats).toEqual({ batches: 1, commands: 3 });
    expect((await marketBalance(t, b, btc)).base).toEqual({ available: '0.7', on_hold: '0.1' });
    expect(
      engine()
        .snapshot()
        .orders.filter((o) => o.side === 'SELL'),
    ).toHaveLength(2);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    await t.close();
  }, 120_000);
});
