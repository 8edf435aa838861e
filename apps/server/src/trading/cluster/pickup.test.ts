import { describe, expect, it } from 'vitest';
import { auditClean } from '../../testing/funds.ts';
import { createTestApp, databasesUnderTest } from '../../testing/test-app.ts';
import { fundedUser, holdUnmatched, marketBalance, marketIdOf, place } from '../../testing/trading.ts';
import { MarketWorker } from '../pipeline/worker.ts';
import { loadPending } from './recovery.ts';

describe.each(databasesUnderTest())("a market's owner picking up orders on $name", (database) => {
  // Found by `npm run chaos -- --db cluster`: a pick-up read an order as pending, the batch of an earlier
  // pick-up then matched and committed it (and let it go), and the stale list queued it again.
  it('matches an order left pending once, however stale the list that queues it again', async () => {
    // Half filled, the order rests in the book: queued again, the engine would refuse its id as a
    // duplicate and the batch would reject it, releasing the hold of an order still in the book.
    const t = await createTestApp(database);
    try {
      const btc = await marketIdOf(t, 'BTC/USDT');
      const worker = t.ctx.engine.worker(btc);
      if (!(worker instanceof MarketWorker)) throw new Error('this process must own BTC/USDT');
      const maker = await fundedUser(t, { BTC: '1' });
      const taker = await fundedUser(t, { USDT: '3000' });
      const limit = (side: 'BUY' | 'SELL', amount: string, price = '60000') => ({
        market_id: btc,
        side,
        type: 'LIMIT',
        price,
        amount,
      });
      await place(t, maker, limit('SELL', '0.005'));
      await place(t, taker, limit('BUY', '0.02', '50000'));
      const orderId = await holdUnmatched(t, taker, limit('BUY', '0.01'));

      const stale = await loadPending(t.ctx.db, worker.market);
      expect(stale.map((o) => o.orderId)).toEqual([Number(orderId)]);
      const pending = async () =>
        (
          await t.ctx.db
            .selectFrom('orders')
            .select('pending')
            .where('order_id', '=', orderId)
            .executeTakeFirstOrThrow()
        ).pending;
      await worker.pickUp();
      await expect.poll(pending, { timeout: 10_000 }).toBe(false);

      // The stale copy arrives after the first batch committed: it must change nothing.
      for (const order of stale) worker.replay(order);
      await worker.stop();

      const trades = await t.ctx.db
        .selectFrom('trades')
        .select(['amount'])
        .where((eb) => eb.or([eb('taker_order_id', '=', orderId), eb('maker_order_id', '=', orderId)]))
        .execute();
      expect(trades).toHaveLength(1);
      expect((await marketBalance(t, taker, btc)).quote).toEqual({ available: '1400', on_hold: '1300' });
      expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    } finally {
      await t.close();
    }
  });
});
