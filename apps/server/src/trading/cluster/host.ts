import { ResultCode } from '@fit24/engine';
import type { AppContext } from '../../context.ts';
import type { DatabaseTarget } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { MarketData } from '../market/market-data.ts';
import { loadMarkets, type MarketInfo } from '../market/units.ts';
import type { CommittedBatch, Market } from '../pipeline/market.ts';
import { MarketWorker } from '../pipeline/worker.ts';
import * as clusterRepo from './cluster.repository.ts';
import { FollowedMarket } from './follower.ts';
import { CHANNELS, type Cluster, openCluster } from './lock.ts';
import { loadBook, loadMarketData } from './recovery.ts';

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
   * Reads a market's row again: a new one starts here (owned or followed), a known one takes its new
   * status, fees and minimums at once. Every process does it when the change's NOTIFY reaches it.
   */
  syncMarket(ctx: AppContext, marketId: number): Promise<Market>;
  /**
   * Tells `listener` when the connection holding the market locks is lost: the markets this process ran
   * may now run elsewhere, so it has stopped matching them; the process should restart.
   */
  onLocksLost(listener: () => void): void;
}

/** What the host keeps between its calls. */
interface HostState {
  target: DatabaseTarget;
  markets: Map<number, Market>;
  listeners: Set<(batch: CommittedBatch) => void>;
  changeListeners: Set<(worker: Market) => void>;
  lostListeners: Array<() => void>;
  timers: ReturnType<typeof setInterval>[];
  cluster: Cluster | null;
  stopping: boolean;
  takingOver: Set<number>;
  /** The status last told of each market: a change is told once (see `announce`). */
  announced: Map<number, string>;
}

export function createEngineHost(target: DatabaseTarget): EngineHost {
  const h: HostState = {
    target,
    markets: new Map(),
    listeners: new Set(),
    changeListeners: new Set(),
    lostListeners: [],
    timers: [],
    cluster: null,
    stopping: false,
    takingOver: new Set(),
    announced: new Map(),
  };
  return {
    start: (ctx) => start(h, ctx),
    async stop() {
      h.stopping = true;
      for (const timer of h.timers.splice(0)) clearInterval(timer);
      await Promise.all([...h.markets.values()].map((m) => m.stop()));
      await h.cluster?.close();
    },
    worker(marketId) {
      const market = h.markets.get(marketId);
      if (!market) throw notFound('There is no market with this id.');
      return market;
    },
    workers: () => [...h.markets.values()],
    onBatch(listener) {
      h.listeners.add(listener);
      return () => h.listeners.delete(listener);
    },
    onMarketChange(listener) {
      h.changeListeners.add(listener);
      return () => h.changeListeners.delete(listener);
    },
    onLocksLost(listener) {
      h.lostListeners.push(listener);
    },
    marketChanged(marketId) {
      const market = h.markets.get(marketId);
      if (market) announce(h, market);
    },
    syncMarket: (ctx, marketId) => syncMarket(h, ctx, marketId),
  };
}

/** A market added or changed by an operator, here or in another process (see `EngineHost.syncMarket`). */
async function syncMarket(h: HostState, ctx: AppContext, marketId: number): Promise<Market> {
  const info = (await loadMarkets(ctx.db)).find((m) => m.marketId === marketId);
  if (!info) throw notFound('There is no market with this id.');
  const known = h.markets.get(marketId);
  if (known) {
    const { status, makerFeePpm, takerFeePpm, minAmount, minTotal } = info;
    Object.assign(known.market, { status, makerFeePpm, takerFeePpm, minAmount, minTotal });
    announce(h, known);
    return known;
  }
  const lastPrice = (await clusterRepo.lastPrices(ctx.db)).get(marketId) ?? 0n;
  const data = await loadMarketData(ctx.db, info, lastPrice, ctx.clock.nowSeconds());
  if (h.cluster && (await h.cluster.tryOwn(marketId))) return own(h, ctx, info, data);
  const follower = new FollowedMarket(ctx, info, data);
  follower.onCommitted = (batch) => tell(h, batch);
  await follower.start();
  h.markets.set(marketId, follower);
  return follower;
}

/** Opens the cluster, owns or follows every market, and (when processes share the database) listens. */
async function start(h: HostState, ctx: AppContext): Promise<void> {
  const cluster = await openCluster(h.target);
  h.cluster = cluster;
  const lastPrices = await clusterRepo.lastPrices(ctx.db);
  for (const info of await loadMarkets(ctx.db)) {
    const data = await loadMarketData(ctx.db, info, lastPrices.get(info.marketId)!, ctx.clock.nowSeconds());
    if (await cluster.tryOwn(info.marketId)) {
      await own(h, ctx, info, data);
    } else {
      const follower = new FollowedMarket(ctx, info, data);
      follower.onCommitted = (batch) => tell(h, batch);
      await follower.start();
      h.markets.set(info.marketId, follower);
    }
  }
  if (!cluster.shared) return;
  await listen(h, ctx, cluster);
  startTimers(h, ctx, cluster);
}

const tell = (h: HostState, batch: CommittedBatch) => {
  for (const listener of h.listeners) listener(batch);
};
const owned = (h: HostState) =>
  [...h.markets.values()].filter((m): m is MarketWorker => m instanceof MarketWorker);
const followed = (h: HostState) =>
  [...h.markets.values()].filter((m): m is FollowedMarket => m instanceof FollowedMarket);

// A change is told once: the process making it and its own NOTIFY may both report it, in either order.
function announce(h: HostState, market: Market): void {
  if (h.announced.get(market.market.marketId) === market.market.status) return;
  h.announced.set(market.market.marketId, market.market.status);
  for (const listener of h.changeListeners) listener(market);
}

function background(ctx: AppContext, what: string, work: () => Promise<unknown>): void {
  work().catch((error: unknown) => ctx.log.error({ err: error }, what));
}

async function own(h: HostState, ctx: AppContext, info: MarketInfo, data: MarketData): Promise<MarketWorker> {
  const worker = new MarketWorker(ctx, info, data, h.cluster!.shared);
  worker.onCommitted = (batch) => tell(h, batch);
  const code = worker.engine.restore(await loadBook(ctx.db, info));
  if (code !== ResultCode.OK) throw new Error(`the book of ${info.symbol} cannot be rebuilt: ${code}`);
  h.markets.set(info.marketId, worker);
  await worker.pickUp();
  return worker;
}

/** A followed market whose lock came free: it is caught up, then run here from the committed book. */
async function takeOver(h: HostState, ctx: AppContext, follower: FollowedMarket): Promise<void> {
  await follower.catchUp();
  await follower.stop();
  await own(h, ctx, follower.market, follower.data);
  ctx.log.warn({ market: follower.market.symbol }, 'took over the market');
}

/** The cluster's notices: orders left for an owned market, batches of a followed one, market changes. */
async function listen(h: HostState, ctx: AppContext, cluster: Cluster): Promise<void> {
  const marketOf = (payload: string) => h.markets.get(Number(payload));
  await cluster.listen(CHANNELS.orders, (payload) => {
    const market = marketOf(payload);
    if (market instanceof MarketWorker) background(ctx, 'pick-up failed', () => market.pickUp());
  });
  await cluster.listen(CHANNELS.batches, (payload) => {
    const market = marketOf(payload);
    if (market instanceof FollowedMarket) background(ctx, 'follow failed', () => market.catchUp());
  });
  await cluster.listen(CHANNELS.markets, (payload) => {
    background(ctx, 'market reload failed', () => syncMarket(h, ctx, Number(payload)));
  });
  cluster.onLost(() => {
    // Without the connection the locks are gone: another process may run these markets now.
    ctx.log.fatal('lost the database connection holding the market locks; matching stops here');
    for (const worker of owned(h)) background(ctx, 'stop failed', () => worker.stop());
    for (const listener of h.lostListeners) listener();
  });
}

/** Now and then: pick up work left in the database, try to take followed markets over, prune the log. */
function startTimers(h: HostState, ctx: AppContext, cluster: Cluster): void {
  const every = (ms: number, work: () => void) => {
    const timer = setInterval(() => {
      if (!h.stopping) work();
    }, ms);
    timer.unref();
    h.timers.push(timer);
  };
  // Notices can be missed (a reconnect): look now and then as well.
  every(PICK_UP_MS, () => {
    for (const worker of owned(h)) background(ctx, 'pick-up failed', () => worker.pickUp());
    for (const follower of followed(h)) background(ctx, 'follow failed', () => follower.catchUp());
  });
  every(TAKE_OVER_MS, () => {
    for (const follower of followed(h)) {
      const id = follower.market.marketId;
      if (h.takingOver.has(id)) continue;
      h.takingOver.add(id);
      background(ctx, 'take-over failed', async () => {
        try {
          if (await cluster.tryOwn(id)) await takeOver(h, ctx, follower);
        } finally {
          h.takingOver.delete(id);
        }
      });
    }
  });
  every(LOG_KEEP_MS / 10, () => {
    const ids = owned(h).map((w) => w.market.marketId);
    if (ids.length === 0) return;
    const before = new Date(ctx.clock.now().getTime() - LOG_KEEP_MS);
    background(ctx, 'log pruning failed', () => clusterRepo.pruneBatchLog(ctx.db, ids, before));
  });
}
