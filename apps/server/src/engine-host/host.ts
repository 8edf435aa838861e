import { ResultCode } from '@fit24/engine';
import type { AppContext } from '../context.ts';
import type { DatabaseTarget } from '../db/database.ts';
import { notFound } from '../http/app-error.ts';
import { CHANNELS, type Cluster, openCluster } from './cluster.ts';
import { FollowedMarket } from './follower.ts';
import type { CommittedBatch, Market } from './market.ts';
import type { MarketData } from './market-data.ts';
import { MarketWorker } from './market-worker.ts';
import { loadBook, loadMarketData } from './recovery.ts';
import { loadMarkets, type MarketInfo } from './units.ts';

/** How often a process looks for work left in the database, and tries to take the markets it follows. */
const PICK_UP_MS = 1_000;
const TAKE_OVER_MS = 2_000;
/** How long committed batches stay in the log for followers (a follower further behind reloads the book). */
const LOG_KEEP_MS = 10 * 60_000;

/**
 * Runs packages/engine for every market (DESIGN §1, §5). Each market is run by exactly one process —
 * the one holding its advisory lock — as a `MarketWorker`, the one owner of its book; every other
 * process sharing the database follows it (`FollowedMarket`) and takes it over when the lock comes free.
 * At start an owned book is rebuilt from the database (the open orders in time priority), its public data
 * from the trades, and orders held but not yet matched are queued again. Embedded PGlite is one process:
 * it runs every market.
 */
export interface EngineHost {
  start(ctx: AppContext): Promise<void>;
  /** Waits for queued commands to commit; later commands are refused (503). */
  stop(): Promise<void>;
  /** The market; 404 when there is no such market. */
  worker(marketId: number): Market;
  workers(): Market[];
  /** Tells `listener` of every committed batch of every market (the live feeds); answers an unsubscribe. */
  onBatch(listener: (batch: CommittedBatch) => void): () => void;
  /** Tells `listener` when an operator changes a market (its status); answers an unsubscribe. */
  onMarketChange(listener: (worker: Market) => void): () => void;
  /** Called after a market's settings changed: its listeners hear of it. */
  marketChanged(marketId: number): void;
  /**
   * Tells `listener` when the connection holding the market locks is lost: the markets this process ran
   * may now run elsewhere, so it has stopped matching them; the process should restart.
   */
  onLocksLost(listener: () => void): void;
}

export function createEngineHost(target: DatabaseTarget): EngineHost {
  const markets = new Map<number, Market>();
  const listeners = new Set<(batch: CommittedBatch) => void>();
  const changeListeners = new Set<(worker: Market) => void>();
  const timers: ReturnType<typeof setInterval>[] = [];
  let cluster: Cluster | null = null;
  let stopping = false;
  const takingOver = new Set<number>();
  const lostListeners: Array<() => void> = [];
  const tell = (batch: CommittedBatch) => {
    for (const listener of listeners) listener(batch);
  };
  const owned = () => [...markets.values()].filter((m): m is MarketWorker => m instanceof MarketWorker);
  const followed = () =>
    [...markets.values()].filter((m): m is FollowedMarket => m instanceof FollowedMarket);

  async function own(ctx: AppContext, info: MarketInfo, data: MarketData): Promise<MarketWorker> {
    const worker = new MarketWorker(ctx, info, data, cluster!.shared);
    worker.onCommitted = tell;
    const code = worker.engine.restore(await loadBook(ctx.db, info));
    if (code !== ResultCode.OK) throw new Error(`the book of ${info.symbol} cannot be rebuilt: ${code}`);
    markets.set(info.marketId, worker);
    await worker.pickUp();
    return worker;
  }

  /** A followed market whose lock came free: it is caught up, then run here from the committed book. */
  async function takeOver(ctx: AppContext, follower: FollowedMarket): Promise<void> {
    await follower.catchUp();
    await follower.stop();
    await own(ctx, follower.market, follower.data);
    ctx.log.warn({ market: follower.market.symbol }, 'took over the market');
  }

  // A change is told once: the process making it and its own NOTIFY may both report it, in either order.
  const announced = new Map<number, string>();
  const announce = (market: Market) => {
    if (announced.get(market.market.marketId) === market.market.status) return;
    announced.set(market.market.marketId, market.market.status);
    for (const listener of changeListeners) listener(market);
  };

  const background = (ctx: AppContext, what: string, work: () => Promise<unknown>) => {
    work().catch((error: unknown) => ctx.log.error({ err: error }, what));
  };

  return {
    async start(ctx) {
      cluster = await openCluster(target);
      const rows = await ctx.db.selectFrom('markets').select(['market_id', 'last_price']).execute();
      const lastPrices = new Map(rows.map((r) => [r.market_id, r.last_price]));
      for (const info of await loadMarkets(ctx.db)) {
        const data = await loadMarketData(
          ctx.db,
          info,
          lastPrices.get(info.marketId)!,
          ctx.clock.nowSeconds(),
        );
        if (await cluster.tryOwn(info.marketId)) {
          await own(ctx, info, data);
        } else {
          const follower = new FollowedMarket(ctx, info, data);
          follower.onCommitted = tell;
          await follower.start();
          markets.set(info.marketId, follower);
        }
      }
      if (!cluster.shared) return;

      const marketOf = (payload: string) => markets.get(Number(payload));
      await cluster.listen(CHANNELS.orders, (payload) => {
        const market = marketOf(payload);
        if (market instanceof MarketWorker) background(ctx, 'pick-up failed', () => market.pickUp());
      });
      await cluster.listen(CHANNELS.batches, (payload) => {
        const market = marketOf(payload);
        if (market instanceof FollowedMarket) background(ctx, 'follow failed', () => market.catchUp());
      });
      await cluster.listen(CHANNELS.markets, (payload) => {
        const market = marketOf(payload);
        if (!market) return;
        background(ctx, 'market reload failed', async () => {
          const row = await ctx.db
            .selectFrom('markets')
            .select('status')
            .where('market_id', '=', market.market.marketId)
            .executeTakeFirstOrThrow();
          market.market.status = row.status;
          announce(market);
        });
      });
      cluster.onLost(() => {
        // Without the connection the locks are gone: another process may run these markets now.
        ctx.log.fatal('lost the database connection holding the market locks; matching stops here');
        for (const worker of owned()) background(ctx, 'stop failed', () => worker.stop());
        for (const listener of lostListeners) listener();
      });
      const every = (ms: number, work: () => void) => {
        const timer = setInterval(() => {
          if (!stopping) work();
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      // Notices can be missed (a reconnect): look now and then as well.
      every(PICK_UP_MS, () => {
        for (const worker of owned()) background(ctx, 'pick-up failed', () => worker.pickUp());
        for (const follower of followed()) background(ctx, 'follow failed', () => follower.catchUp());
      });
      every(TAKE_OVER_MS, () => {
        for (const follower of followed()) {
          const id = follower.market.marketId;
          if (takingOver.has(id)) continue;
          takingOver.add(id);
          background(ctx, 'take-over failed', async () => {
            try {
              if (await cluster!.tryOwn(id)) await takeOver(ctx, follower);
            } finally {
              takingOver.delete(id);
            }
          });
        }
      });
      every(LOG_KEEP_MS / 10, () => {
        const ids = owned().map((w) => w.market.marketId);
        if (ids.length === 0) return;
        background(ctx, 'log pruning failed', () =>
          ctx.db
            .deleteFrom('market_batches')
            .where('market_id', 'in', ids)
            .where('created_at', '<', new Date(ctx.clock.now().getTime() - LOG_KEEP_MS))
            .execute(),
        );
      });
    },
    async stop() {
      stopping = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all([...markets.values()].map((m) => m.stop()));
      await cluster?.close();
    },
    worker(marketId) {
      const market = markets.get(marketId);
      if (!market) throw notFound('There is no market with this id.');
      return market;
    },
    workers: () => [...markets.values()],
    onBatch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMarketChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    onLocksLost(listener) {
      lostListeners.push(listener);
    },
    marketChanged(marketId) {
      const market = markets.get(marketId);
      if (market) announce(market);
    },
  };
}
