import { validateInternalState } from '@fit24/engine';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditClean } from '../../testing/funds.ts';
import type { RegisteredUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { cancel, createOrder, fundedUser, marketIdOf, orderBook } from '../../testing/trading.ts';

/** One step of a random trading session; every step goes through the real API. */
type Step =
  | {
      kind: 'limit';
      user: number;
      side: 'BUY' | 'SELL';
      tick: number;
      lots: number;
      tif: 'GTC' | 'IOC' | 'FOK';
      postOnly: boolean;
    }
  | { kind: 'market'; user: number; side: 'BUY' | 'SELL'; size: number }
  | { kind: 'cancel'; user: number; pick: number }
  | {
      kind: 'stop';
      user: number;
      side: 'BUY' | 'SELL';
      market: boolean;
      tick: number;
      limit: number;
      lots: number;
    }
  | { kind: 'oco'; user: number; side: 'BUY' | 'SELL'; tick: number; stopTick: number; lots: number };

const USERS = 4;
const user = fc.integer({ min: 0, max: USERS - 1 });
const side = fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL');
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      user,
      side,
      tick: fc.integer({ min: -8, max: 8 }),
      lots: fc.integer({ min: 1, max: 3000 }),
      tif: fc.constantFrom<'GTC' | 'IOC' | 'FOK'>('GTC', 'GTC', 'GTC', 'IOC', 'FOK'),
      postOnly: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      user,
      side,
      size: fc.integer({ min: 1, max: 2000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('stop' as const),
      user,
      side,
      market: fc.boolean(),
      tick: fc.integer({ min: -8, max: 8 }),
      limit: fc.integer({ min: -2, max: 2 }),
      lots: fc.integer({ min: 1, max: 2000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('oco' as const),
      user,
      side,
      tick: fc.integer({ min: 1, max: 8 }),
      stopTick: fc.integer({ min: 1, max: 8 }),
      lots: fc.integer({ min: 1, max: 2000 }),
    }),
  },
);

const priceAt = (tick: number) => (60000 + tick * 0.5).toFixed(2);

describe.each(databasesUnderTest())('random trading on $name', (database) => {
  let t: TestApp;
  let btc: number;
  let users: RegisteredUser[];
  beforeAll(async () => {
    t = await createTestApp(database);
    btc = await marketIdOf(t, 'BTC/USDT');
    users = [];
    for (let i = 0; i < USERS; i++) users.push(await fundedUser(t, { BTC: '2', USDT: '150000' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function run(s: Step): Promise<number> {
    const u = users[s.user]!;
    switch (s.kind) {
      case 'limit': {
        const postOnly = s.postOnly && s.tif === 'GTC';
        return (
          await createOrder(t, u, {
            market_id: btc,
            side: s.side,
            type: 'LIMIT',
            price: (60000 + s.tick * 0.5).toFixed(2),
            amount: (s.lots / 10_000).toFixed(4),
            time_in_force: s.tif,
            ...(postOnly ? { post_only: true } : {}),
          })
        ).status;
      }
      case 'market':
        return (
          await createOrder(t, u, {
            market_id: btc,
            side: s.side,
            type: 'MARKET',
            ...(s.side === 'BUY' ? { total: String(s.size * 5) } : { amount: (s.size / 10_000).toFixed(4) }),
          })
        ).status;
      case 'stop':
        return (
          await createOrder(t, u, {
            market_id: btc,
            side: s.side,
            type: s.market ? 'STOP_MARKET' : 'STOP_LIMIT',
            stop_price: priceAt(s.tick),
            ...(s.market
              ? s.side === 'BUY'
                ? { total: String(s.lots * 3) }
                : { amount: (s.lots / 10_000).toFixed(4) }
              : { price: priceAt(s.tick + s.limit), amount: (s.lots / 10_000).toFixed(4) }),
          })
        ).status;
      case 'oco': {
        // SELL: take profit above, stop loss below; BUY: buy the dip below, or the breakout above.
        const away = s.side === 'SELL' ? 1 : -1;
        return (
          await createOrder(t, u, {
            market_id: btc,
            side: s.side,
            type: 'OCO',
            amount: (s.lots / 10_000).toFixed(4),
            price: priceAt(away * s.tick),
            stop_price: priceAt(-away * s.stopTick),
            stop_limit_price: priceAt(-away * (s.stopTick + 1)),
          })
        ).status;
      }
      case 'cancel': {
        const open = await t.api('GET', '/api/order/list?status=OPEN', { token: u.token });
        const orders = open.body.data.orders as Array<{ order_id: number }>;
        if (orders.length === 0) return 200;
        return (await cancel(t, u, orders[s.pick % orders.length]!.order_id)).status;
      }
    }
  }

  it('keeps the ledger, the holds and the book sound after every step', async () => {
    const succeeded: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          const status = await run(s);
          // Refusals (balance, minimum value) are part of the game; a 500 is not.
          expect([200, 422], JSON.stringify(s)).toContain(status);
          if (status === 200) succeeded[s.kind] = (succeeded[s.kind] ?? 0) + 1;
          expect(await auditClean(t), JSON.stringify(s)).toEqual({ ok: true, failed: [] });
          const engine = t.ctx.engine.worker(btc).engine;
          expect(validateInternalState(engine)).toEqual([]);
          const book = await orderBook(t, users[0]!, btc);
          if (book.bids.length > 0 && book.asks.length > 0) {
            expect(Number(book.bids[0]![0])).toBeLessThan(Number(book.asks[0]![0]));
          }
        }
      }),
      { numRuns: 25 },
    );
    const trades = await t.ctx.db
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(trades.n)).toBeGreaterThan(10);
    for (const kind of ['limit', 'market', 'cancel', 'stop', 'oco']) {
      expect(succeeded[kind], kind).toBeGreaterThan(0);
    }
  }, 300_000);

  it('matches a burst of concurrent orders in shared batches, all settled', async () => {
    // Traders of its own: the random sessions before may have left the others' balances short (held by
    // resting orders or spent), and then this burst's orders were refused by chance.
    const traders: RegisteredUser[] = [];
    for (let i = 0; i < USERS; i++) traders.push(await fundedUser(t, { BTC: '2', USDT: '150000' }));
    const worker = t.ctx.engine.worker(btc);
    const before = { ...worker.stats };
    const answers = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        createOrder(t, traders[i % USERS]!, {
          market_id: btc,
          side: i % 2 === 0 ? 'BUY' : 'SELL',
          type: 'LIMIT',
          price: (60000 + ((i * 7) % 9) - 4).toFixed(2),
          amount: '0.01',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const commands = worker.stats.commands - before.commands;
    const batches = worker.stats.batches - before.batches;
    expect(commands).toBe(48);
    // Group commit: on PostgreSQL requests overlap, so orders share batches. The embedded PGlite runs
    // one statement at a time, which serialises injected requests; the recovery test shows its batches.
    if (database.name === 'postgres') expect(batches).toBeLessThan(48);
    else expect(batches).toBeLessThanOrEqual(48);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
    expect(validateInternalState(worker.engine)).toEqual([]);
  });
});
