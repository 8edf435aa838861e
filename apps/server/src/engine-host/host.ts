import { ResultCode } from '@fit24/engine';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/app-error.ts';
import { type CommittedBatch, MarketWorker } from './market-worker.ts';
import { loadBook, loadMarketData, loadPending } from './recovery.ts';
import { loadMarkets } from './units.ts';

/**
 * Runs packages/engine for every market in this process: one `MarketWorker` per market, the one owner of
 * its book. At start each book is rebuilt from the database (the open orders in time priority), its public
 * data from the trades, and orders that were held but not yet matched are queued again.
 */
export interface EngineHost {
  start(ctx: AppContext): Promise<void>;
  /** Waits for queued commands to commit; later commands are refused (503). */
  stop(): Promise<void>;
  /** The market's worker; 404 when there is no such market. */
  worker(marketId: number): MarketWorker;
  workers(): MarketWorker[];
  /** Tells `listener` of every committed batch of every market (the live feeds); answers an unsubscribe. */
  onBatch(listener: (batch: CommittedBatch) => void): () => void;
  /** Tells `listener` when an operator changes a market (its status); answers an unsubscribe. */
  onMarketChange(listener: (worker: MarketWorker) => void): () => void;
  /** Called after a market's settings changed: its listeners hear of it. */
  marketChanged(marketId: number): void;
}

export function createEngineHost(): EngineHost {
  const workers = new Map<number, MarketWorker>();
  const listeners = new Set<(batch: CommittedBatch) => void>();
  const changeListeners = new Set<(worker: MarketWorker) => void>();
  const tell = (batch: CommittedBatch) => {
    for (const listener of listeners) listener(batch);
  };
  return {
    async start(ctx) {
      const rows = await ctx.db.selectFrom('markets').select(['market_id', 'last_price']).execute();
      const lastPrices = new Map(rows.map((r) => [r.market_id, r.last_price]));
      for (const market of await loadMarkets(ctx.db)) {
        const data = await loadMarketData(
          ctx.db,
          market,
          lastPrices.get(market.marketId)!,
          ctx.clock.nowSeconds(),
        );
        const worker = new MarketWorker(ctx, market, data);
        worker.onCommitted = tell;
        const book = await loadBook(ctx.db, market);
        const code = worker.engine.restore(book);
        if (code !== ResultCode.OK)
          throw new Error(`the book of ${market.symbol} cannot be rebuilt: ${code}`);
        workers.set(market.marketId, worker);
        const pending = await loadPending(ctx.db, market);
        for (const order of pending) worker.replay(order);
        if (pending.length > 0)
          ctx.log.info({ market: market.symbol, n: pending.length }, 'replaying orders');
      }
    },
    async stop() {
      await Promise.all([...workers.values()].map((w) => w.stop()));
    },
    worker(marketId) {
      const worker = workers.get(marketId);
      if (!worker) throw notFound('There is no market with this id.');
      return worker;
    },
    workers: () => [...workers.values()],
    onBatch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMarketChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    marketChanged(marketId) {
      const worker = workers.get(marketId);
      if (worker) for (const listener of changeListeners) listener(worker);
    },
  };
}
