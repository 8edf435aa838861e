import { CANDLE_INTERVALS, fromBaseUnits } from '@fit24/contract';
import type { AppContext } from '../context.ts';
import type { CommittedBatch } from '../engine-host/market.ts';
import { show } from '../engine-host/units.ts';
import { orderRowToOrder } from '../modules/orders/orders.mappers.ts';
import type { Hub } from './hub.ts';
import { balancesOf, candleOf, notificationOf, tickerOf } from './snapshots.ts';

/** How often notifications written outside the market workers are looked for. */
export const NOTIFICATION_TAIL_MS = 1_000;

/**
 * Wires the engine's committed batches to the socket: public channels from memory at once, private
 * channels (orders, balances, notifications) with one query each, only for users listening. Everything
 * else that notifies a user — a deposit credited, a withdrawal, a transfer, staking — is found by tailing
 * the notifications table (`tailNotifications`), so no service has to know about the socket and a row
 * written by any process reaches its user. Answers the function that stops the feed.
 */
export function startFeed(ctx: AppContext, hub: Hub): () => void {
  const tail = new NotificationTail(ctx, hub);
  const stopBatches = ctx.engine.onBatch((batch) => {
    publishMarket(ctx, hub, batch);
    for (const row of batch.notifications) tail.pushed.add(row.notification_id);
    publishPrivate(ctx, hub, batch).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'private feed failed'),
    );
  });
  const poll = () =>
    tail.poll().catch((error: unknown) => ctx.log.error({ err: error }, 'notification tail failed'));
  void poll();
  const timer = setInterval(poll, NOTIFICATION_TAIL_MS);
  timer.unref();
  // A halt or a resume reaches every screen at once: the market's ticker, with its status.
  const stopChanges = ctx.engine.onMarketChange((worker) => {
    hub.publish('ticker', {
      channel: 'ticker',
      type: 'update',
      data: { markets: [tickerOf(worker, ctx.clock.nowSeconds())] },
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
class NotificationTail {
  /** Ids the batch feed published; forgotten once the tail has passed them. */
  readonly pushed = new Set<bigint>();
  private after: bigint | null = null;
  private polling = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: Hub,
  ) {}

  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await this.step();
    } finally {
      this.polling = false;
    }
  }

  private async step(): Promise<void> {
    const { db } = this.ctx;
    if (this.after === null) {
      const newest = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('notification_id').as('id'))
        .executeTakeFirst();
      this.after = newest?.id ?? 0n;
      return;
    }
    const rows = await db
      .selectFrom('notifications')
      .selectAll()
      .where('notification_id', '>', this.after)
      .orderBy('notification_id')
      .limit(1000)
      .execute();
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
          data: { notifications: [notificationOf(row)] },
        });
      }
      moved.add(row.user_id);
    }
    for (const id of this.pushed) if (id <= this.after) this.pushed.delete(id);
    const balancesFor = intersect(this.hub.listeners('balances'), moved);
    for (const userId of balancesFor) {
      this.hub.publishToUser(userId, {
        channel: 'balances',
        type: 'update',
        data: await balancesOf(this.ctx, userId),
      });
    }
  }
}

function publishMarket(ctx: AppContext, hub: Hub, batch: CommittedBatch): void {
  const { worker, trades } = batch;
  const m = worker.market;
  const market_id = m.marketId;
  const book = `orderbook:${market_id}`;
  if (hub.hasSubscribers(book)) {
    // Each update names the sequence it follows: a client whose last sequence differs subscribes again.
    const level = (l: CommittedBatch['levels'][number]): [string, string] => [
      show.price(m, l.price),
      show.amount(m, l.amount),
    ];
    hub.publish(book, {
      channel: 'orderbook',
      market_id,
      type: 'update',
      sequence: batch.sequence,
      data: {
        prev_sequence: batch.fromSequence,
        bids: batch.levels.filter((l) => l.side === 'BUY').map(level),
        asks: batch.levels.filter((l) => l.side === 'SELL').map(level),
      },
    });
  }
  if (trades.length === 0) return;
  hub.publish('ticker', {
    channel: 'ticker',
    type: 'update',
    data: { markets: [tickerOf(worker, ctx.clock.nowSeconds())] },
  });
  hub.publish(`trades:${market_id}`, {
    channel: 'trades',
    market_id,
    type: 'update',
    data: {
      trades: trades.map((t) => ({
        trade_id: t.tradeId,
        price: show.price(m, t.price),
        amount: show.amount(m, t.amount),
        side: t.takerSide,
        creation_date: t.time,
      })),
    },
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
      data: { interval_min: interval, candles: changed.map((c) => candleOf(m, c)) },
    });
  }
}

async function publishPrivate(ctx: AppContext, hub: Hub, batch: CommittedBatch): Promise<void> {
  const m = batch.worker.market;
  const touched = new Set(batch.outcomes.map((o) => BigInt(o.userId)));
  const ordersFor = intersect(hub.listeners('orders'), touched);
  if (ordersFor.size > 0) {
    const ids = batch.outcomes.filter((o) => ordersFor.has(BigInt(o.userId))).map((o) => BigInt(o.orderId));
    const rows = await ctx.db.selectFrom('orders').selectAll().where('order_id', 'in', ids).execute();
    for (const userId of ordersFor) {
      const orders = rows.filter((r) => r.user_id === userId).map((r) => orderRowToOrder(m, r));
      hub.publishToUser(userId, { channel: 'orders', type: 'update', data: { orders } });
    }
  }
  const balancesFor = intersect(hub.listeners('balances'), touched);
  if (balancesFor.size > 0) {
    const rows = await ctx.db
      .selectFrom('ledger_accounts')
      .select(['user_id', 'asset_id', 'kind', 'balance'])
      .where('user_id', 'in', [...balancesFor])
      .where('asset_id', 'in', [m.baseAssetId, m.quoteAssetId])
      .where('kind', 'in', ['available', 'on_hold'])
      .execute();
    for (const userId of balancesFor) {
      const amount = (assetId: number, kind: string) =>
        rows.find((r) => r.user_id === userId && r.asset_id === assetId && r.kind === kind)?.balance ?? 0n;
      const balances = [
        { asset_id: m.baseAssetId, symbol: m.base, decimals: m.baseDecimals },
        { asset_id: m.quoteAssetId, symbol: m.quote, decimals: m.quoteDecimals },
      ].map((a) => ({
        asset_id: a.asset_id,
        symbol: a.symbol,
        available: fromBaseUnits(amount(a.asset_id, 'available'), a.decimals),
        on_hold: fromBaseUnits(amount(a.asset_id, 'on_hold'), a.decimals),
      }));
      hub.publishToUser(userId, { channel: 'balances', type: 'update', data: { balances } });
    }
  }
  const notified = hub.listeners('notifications');
  for (const row of batch.notifications) {
    if (!notified.has(row.user_id)) continue;
    hub.publishToUser(row.user_id, {
      channel: 'notifications',
      type: 'update',
      data: { notifications: [notificationOf(row)] },
    });
  }
}

function intersect<T>(a: Set<T>, b: Set<T>): Set<T> {
  return new Set([...a].filter((x) => b.has(x)));
}
