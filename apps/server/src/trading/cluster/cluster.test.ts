import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../../db/database.ts';
import { auditClean } from '../../testing/funds.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../testing/test-app.ts';
import {
  cancel,
  createOrder,
  fundedUser,
  marketBalance,
  marketIdOf,
  orderBook,
  place,
} from '../../testing/trading.ts';

const url = process.env.TEST_DATABASE_URL;

/** Waits until `check` holds (polling), failing after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Several processes need a shared PostgreSQL: embedded PGlite is one process by nature.
describe.skipIf(!url)('two server processes on one PostgreSQL', () => {
  it('runs each market in one of them; the other follows it, hands it orders and cancels, and takes it over', async () => {
    const target: DatabaseTarget = {
      kind: 'postgres',
      url: url!,
      schema: `test_${randomBytes(6).toString('hex')}`,
    };
    // Two apps on one schema stand for two processes: each has its own engine host and lock connection.
    const first: TestApp = await createTestApp({ name: 'postgres', target: () => target });
    const second: TestApp = await createTestApp({
      name: 'postgres',
      target: () => ({ ...target, dropSchemaOnClose: true }),
    });
    try {
      const btc = await marketIdOf(first, 'BTC/USDT');
      const limit = (side: 'BUY' | 'SELL', price: string, amount: string) => ({
        market_id: btc,
        side,
        type: 'LIMIT',
        price,
        amount,
      });
      expect(first.ctx.engine.worker(btc).owned).toBe(true);
      expect(second.ctx.engine.worker(btc).owned).toBe(false);
      const maker = await fundedUser(first, { BTC: '1' });
      const taker = await fundedUser(first, { USDT: '100000' });

      // An order placed in the follower is matched by the owner and answered with its outcome.
      await place(first, maker, limit('SELL', '60000', '0.1'));
      const bought = await place(second, taker, limit('BUY', '60000', '0.04'));
      expect(bought).toMatchObject({ status: 'FILLED', filled: '0.04', average_price: '60000' });

      // The follower's copy of the book, and what it serves, follow the owner's.
      const engineOf = (t: TestApp) => t.ctx.engine.worker(btc).engine;
      await until(() => engineOf(second).sequence === engineOf(first).sequence);
      expect(engineOf(second).snapshot()).toEqual(engineOf(first).snapshot());
      expect(await orderBook(second, taker, btc)).toEqual(await orderBook(first, taker, btc));
      const history = await second.api('GET', `/api/market/history?market_id=${btc}`, { token: taker.token });
      expect(history.body.data.trades).toEqual([
        expect.objectContaining({ price: '60000', amount: '0.04', side: 'BUY' }),
      ]);

      // The follower's socket clients see the owner's book move.
      const socket = await second.app.injectWS(`/ws?api_key=${TEST_API_KEY}`);
      const messages: Array<{ channel: string; type: string; data: { asks?: string[][] } }> = [];
      socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString('utf8'))));
      socket.send(JSON.stringify({ op: 'subscribe', channel: 'orderbook', market_id: btc }));
      await until(() => messages.some((m) => m.channel === 'orderbook' && m.type === 'snapshot'));
      await place(first, maker, limit('SELL', '60500', '0.02'));
      await until(() =>
        messages.some((m) => m.type === 'update' && m.data.asks?.some(([price]) => price === '60500')),
      );
      socket.terminate();

      // A cancel asked of the follower is carried out by the owner; the hold comes back.
      const resting = await place(second, taker, limit('BUY', '59000', '0.01'));
      expect(resting.status).toBe('NEW');
      expect((await marketBalance(second, taker, btc)).quote.on_hold).toBe('590');
      const cancelled = await cancel(second, taker, resting.order_id);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data.order).toMatchObject({ status: 'CANCELLED' });
      expect((await marketBalance(second, taker, btc)).quote.on_hold).toBe('0');
      expect(await auditClean(first)).toEqual({ ok: true, failed: [] });

      // An operator's halt, called in either process, holds in both.
      const setStatus = (status: string) =>
        second.ops('POST', '/ops/market/status', { market_id: btc, status });
      expect((await setStatus('HALTED')).status).toBe(200);
      await until(() => first.ctx.engine.worker(btc).market.status === 'HALTED');
      expect((await createOrder(first, maker, limit('SELL', '61000', '0.01'))).status).toBe(422);
      expect((await setStatus('OPEN')).status).toBe(200);
      await until(() => first.ctx.engine.worker(btc).market.status === 'OPEN');

      // The owner stops: the follower takes the market over and matches here.
      await first.close();
      await until(() => second.ctx.engine.worker(btc).owned);
      const again = await place(second, taker, limit('BUY', '60000', '0.06'));
      expect(again).toMatchObject({ status: 'FILLED', filled: '0.06' });
      expect(second.ctx.engine.worker(btc).engine.depth().asks).toEqual([[6050000, 200]]);
      expect(await auditClean(second)).toEqual({ ok: true, failed: [] });
    } finally {
      await first.close().catch(() => {});
      await second.close();
    }
  }, 120_000);

  it('stops matching when its lock connection is lost, and another process takes over', async () => {
    const target: DatabaseTarget = {
      kind: 'postgres',
      url: url!,
      schema: `test_${randomBytes(6).toString('hex')}`,
    };
    const first: TestApp = await createTestApp({ name: 'postgres', target: () => target });
    const second: TestApp = await createTestApp({
      name: 'postgres',
      target: () => ({ ...target, dropSchemaOnClose: true }),
    });
    try {
      const btc = await marketIdOf(first, 'BTC/USDT');
      let lost = false;
      first.ctx.engine.onLocksLost(() => {
        lost = true;
      });
      const user = await fundedUser(first, { USDT: '1000' });
      // The database ends the owner's lock connection (a network failure, an administrator).
      await sql`select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and granted and objid = ${btc}
          and classid::bigint = (hashtext(${target.schema})::bigint + 4294967296) % 4294967296`.execute(
        second.ctx.db,
      );
      await until(() => lost);
      const order = { market_id: btc, side: 'BUY', type: 'LIMIT', price: '100', amount: '0.1' };
      expect((await createOrder(first, user, order)).status).toBe(503);
      await until(() => second.ctx.engine.worker(btc).owned);
      expect((await createOrder(second, user, order)).status).toBe(200);
    } finally {
      await first.close().catch(() => {});
      await second.close();
    }
  }, 120_000);
});
