import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditClean } from '../testing/funds.ts';
import { registerVerifiedUser } from '../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';
import { createMarketMaker, type MarketMaker } from './market-maker.ts';

/** `GET /api/market/orderbook` as a signed-in viewer. */
async function bookOf(t: TestApp, marketId: number) {
  if (!viewers.has(t)) viewers.set(t, await registerVerifiedUser(t));
  const token = viewers.get(t)!.token;
  const { body } = await t.api('GET', `/api/market/orderbook?market_id=${marketId}`, { token });
  return body.data as { bids: [string, string][]; asks: [string, string][] };
}

const viewers = new Map<TestApp, { token: string }>();

async function tradesPerMarket(t: TestApp): Promise<Map<number, number>> {
  const rows = await t.ctx.db
    .selectFrom('trades')
    .select(['market_id', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('market_id')
    .execute();
  return new Map(rows.map((r) => [r.market_id, Number(r.n)]));
}

describe('the demo market maker', () => {
  let t: TestApp;
  let maker: MarketMaker;
  beforeAll(async () => {
    t = await createTestApp(databasesUnderTest()[0]!);
    maker = await createMarketMaker(t.ctx, { seed: 7, tradeChance: 1 });
  });
  afterAll(async () => {
    await maker?.stop();
    await t?.close();
  });

  it('keeps both sides of every book quoted and trades, through the order path, with the ledger clean', async () => {
    for (let i = 0; i < 4; i += 1) await maker.tick();
    const markets = t.ctx.engine.workers().map((w) => w.market.marketId);
    expect(markets.length).toBeGreaterThanOrEqual(3);
    const trades = await tradesPerMarket(t);
    for (const marketId of markets) {
      const book = await bookOf(t, marketId);
      expect(book.bids.length, `bids of market ${marketId}`).toBeGreaterThanOrEqual(3);
      expect(book.asks.length, `asks of market ${marketId}`).toBeGreaterThanOrEqual(3);
      expect(Number(book.bids[0]![0])).toBeLessThan(Number(book.asks[0]![0]));
      expect(trades.get(marketId) ?? 0, `trades of market ${marketId}`).toBeGreaterThan(0);
    }
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });

  it('replaces its quotes rather than piling them up', async () => {
    await maker.tick();
    const open = await t.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', 'in', ['NEW', 'PARTIAL'])
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBeLessThanOrEqual(t.ctx.engine.workers().length * 10);
  });
});

describe('DEMO=1', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('starts the market maker with the app, and stops it on close with the ledger clean', async () => {
    t = await createTestApp(databasesUnderTest()[0]!, { demo: true });
    const marketId = t.ctx.engine.workers()[0]!.market.marketId;
    let book = await bookOf(t, marketId);
    for (let i = 0; i < 100 && (book.bids.length === 0 || book.asks.length === 0); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      book = await bookOf(t, marketId);
    }
    expect(book.bids.length).toBeGreaterThan(0);
    expect(book.asks.length).toBeGreaterThan(0);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
});
