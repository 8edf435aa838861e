import { CANDLE_INTERVALS } from '@fit24/contract';
import * as funds from '../modules/funds/balances.service.ts';
import { toNotification } from '../modules/notifications/notifications.mappers.ts';
import * as notificationsRepo from '../modules/notifications/notifications.repository.ts';
import type { TradingContext } from '../trading/context.ts';
import { toBookLevel, toCandle, toTicker, toTrade } from '../trading/market/market.mappers.ts';
import { orderRowToOrder } from '../trading/orders/orders.mappers.ts';
import * as ordersRepo from '../trading/orders/orders.repository.ts';
import type { CommittedBatch } from '../trading/pipeline/market.ts';
import { ChainTail } from './chain-tail.ts';
import type { Hub } from './hub.ts';
import { Poller } from './poller.ts';

/** How often notifications written outside the market workers are looked for. */
export const NOTIFICATION_TAIL_MS = 1_000;

/**
 * Wires the engine's committed batches to the socket: public channels from memory at once, private
 * channels (orders, balances, notifications) with one query each, only for users listening. Everything
 * else that notifies a user — a deposit credited, a withdrawal, a transfer, staking — is found by tailing
 * the notifications table (`tailNotifications`), so no service has to know about the socket and a row
 * written by any process reaches its user. Answers the function that stops the feed.
 */
export function startFeed(ctx: TradingContext, hub: Hub): () => void {
  const tail = new NotificationTail(ctx, hub);
  const chainTail = new ChainTail(ctx, hub);
  const stopBatches = ctx.engine.onBatch((batch) => {
    publishMarket(ctx, hub, batch);
    for (const row of batch.notifications) tail.pushed.add(row.notification_id);
    publishPrivate(ctx, hub, batch).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'private feed failed'),
    );
  });
  const poll = () => {
    tail.poll().catch((error: unknown) => ctx.log.error({ err: error }, 'notification tail failed'));
    chainTail.poll().catch((error: unknown) => ctx.log.error({ err: error }, 'chain tail failed'));
  };
  void poll();
  const timer = setInterval(poll, NOTIFICATION_TAIL_MS);
  timer.unref();
  // A halt or a resume reaches every screen at once: the market's ticker, with its status.
  const stopChanges = ctx.engine.onMarketChange((worker) => {
    hub.publish('ticker', {
      channel: 'ticker',
      type: 'update',
      data: { markets: [toTicker(worker, ctx.clock.nowSeconds())] },
    });
  });
  return () => {
    clearInterval(timer);
    stopBatches();
    stopChanges();
  };
}

/**
 * Publishes each new notification once, to its user if listening, with that user's balances (most
 * notifications outside trading are money moving). Starts after the newest row when the server starts;
 * rows the batch feed has already pushed are skipped.
 */
class NotificationTail extends Poller {
  /** Ids the batch feed published; forgotten once the tail has passed them. */
  readonly pushed = new Set<bigint>();
  private after: bigint | null = null;

  constructor(
    private readonly ctx: TradingContext,
    private readonly hub: Hub,
  ) {
    super();
  }

  protected async step(): Promise<void> {
    const { db } = this.ctx;
    if (this.after === null) {
      this.after = (await notificationsRepo.newestId(db)) ?? 0n;
      return;
    }
    const rows = await notificationsRepo.after(db, this.after, 1000);
    if (rows.length === 0) return;
    this.after = rows[rows.length - 1]!.notification_id;
    const listening = new Set([...this.hub.listeners('notifications'), ...this.hub.listeners('balances')]);
    const moved = new Set<bigint>();
    for (const row of rows) {
      if (this.pushed.delete(row.notification_id) || !listening.has(row.user_id)) continue;
      if (this.hub.listeners('notifications').has(row.user_id)) {
        this.hub.publishToUser(row.user_id, {
          channel: 'notifications',
          type: 'update',
          data: { notifications: [toNotification(row)] },
        });
      }
      moved.add(row.user_id);
    }
    for (const id of this.pushed) if (id <= this.after) this.pushed.delete(id);
    await publishBalances(this.ctx, this.hub, intersect(this.hub.listeners('balances'), moved));
  }
}

function publishMarket(ctx: TradingContext, hub: Hub, batch: CommittedBatch): void {
  const { worker, trades } = batch;
  const m = worker.market;
  const market_id = m.marketId;
  if (hub.hasSubscribers(`orderbook:${market_id}`)) {
    // Each update names the sequence it follows: a client whose last sequence differs subscribes again. The
    // hub merges the batches of one tick into one update.
    const level = (l: CommittedBatch['levels'][number]) => toBookLevel(m, l.price, l.amount);
    hub.publishBook({
      marketId: market_id,
      fromSequence: batch.fromSequence,
      sequence: batch.sequence,
      bids: batch.levels.filter((l) => l.side === 'BUY').map(level),
      asks: batch.levels.filter((l) => l.side === 'SELL').map(level),
    });
  }
  if (trades.length === 0) return;
  hub.publish('ticker', {
    channel: 'ticker',
    type: 'update',
    data: { markets: [toTicker(worker, ctx.clock.nowSeconds())] },
  });
  hub.publish(`trades:${market_id}`, {
    channel: 'trades',
    market_id,
    type: 'update',
    data: { trades: trades.map((t) => toTrade(m, t)) },
  });
  for (const interval of CANDLE_INTERVALS) {
    const key = `candles:${market_id}:${interval}`;
    if (!hub.hasSubscribers(key)) continue;
    const since = trades[0]!.time - (trades[0]!.time % (interval * 60));
    const changed = worker.data.candles(interval).filter((c) => c.time >= since);
    hub.publish(key, {
      channel: 'candles',
      market_id,
      type: 'update',
      data: { interval_min: interval, candles: changed.map((c) => toCandle(m, c)) },
    });
  }
}

async function publishPrivate(ctx: TradingContext, hub: Hub, batch: CommittedBatch): Promise<void> {
  const m = batch.worker.market;
  const touched = new Set(batch.outcomes.map((o) => BigInt(o.userId)));
  const ordersFor = intersect(hub.listeners('orders'), touched);
  if (ordersFor.size > 0) {
    const ids = batch.outcomes.filter((o) => ordersFor.has(BigInt(o.userId))).map((o) => BigInt(o.orderId));
    const rows = await ordersRepo.findByIds(ctx.db, ids);
    for (const userId of ordersFor) {
      const orders = rows.filter((r) => r.user_id === userId).map((r) => orderRowToOrder(m, r));
      hub.publishToUser(userId, { channel: 'orders', type: 'update', data: { orders } });
    }
  }
  await publishBalances(ctx, hub, intersect(hub.listeners('balances'), touched));
  const notified = hub.listeners('notifications');
  for (const row of batch.notifications) {
    if (!notified.has(row.user_id)) continue;
    hub.publishToUser(row.user_id, {
      channel: 'notifications',
      type: 'update',
      data: { notifications: [toNotification(row)] },
    });
  }
}

/** Each user's balances, all of them with the total, as `asset/balances` answers (one query for all). */
async function publishBalances(ctx: TradingContext, hub: Hub, userIds: Set<bigint>): Promise<void> {
  if (userIds.size === 0) return;
  const answers = await funds.balancesOfUsers(ctx.db, [...userIds]);
  for (const [userId, data] of answers) {
    hub.publishToUser(userId, { channel: 'balances', type: 'update', data });
  }
}

function intersect<T>(a: Set<T>, b: Set<T>): Set<T> {
  return new Set([...a].filter((x) => b.has(x)));
}
