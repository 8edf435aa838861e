import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { OPEN_STATUSES, type OrderRow } from '../../db/schema-trading.ts';
import { CHANNELS, notifySql } from './lock.ts';

/** Every market's last traded price, by market id. */
export async function lastPrices(db: Database): Promise<Map<number, bigint>> {
  const rows = await db.selectFrom('markets').select(['market_id', 'last_price']).execute();
  return new Map(rows.map((r) => [r.market_id, r.last_price]));
}

/** Drops the batch log of these markets older than `before` (followers further behind reload the book). */
export async function pruneBatchLog(db: Database, marketIds: number[], before: Date): Promise<void> {
  await db
    .deleteFrom('market_batches')
    .where('market_id', 'in', marketIds)
    .where('created_at', '<', before)
    .execute();
}

/** Tells the market's owner (at commit) that orders or cancels wait for it in the database. */
export async function notifyOwner(trx: Database, marketId: number): Promise<void> {
  await sql`select ${notifySql(CHANNELS.orders, String(marketId))}`.execute(trx);
}

/** Asks the owner to cancel an open order: false when it is no longer open. */
export async function requestCancel(trx: Database, orderId: bigint): Promise<boolean> {
  const row = await trx
    .updateTable('orders')
    .set({ cancel_requested: true })
    .where('order_id', '=', orderId)
    .where('status', 'in', OPEN_STATUSES)
    .returning('order_id')
    .executeTakeFirst();
  return row !== undefined;
}

export function orderById(db: Database, orderId: bigint): Promise<OrderRow> {
  return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

/** The market's logged batches after `sequence`, in order, at most `limit`. */
export function batchesAfter(db: Database, marketId: number, sequence: number, limit: number) {
  return db
    .selectFrom('market_batches')
    .selectAll()
    .where('market_id', '=', marketId)
    .where('sequence', '>', BigInt(sequence))
    .orderBy('sequence')
    .limit(limit)
    .execute();
}

/** The engine sequence of the market's last committed batch. */
export async function engineSequence(db: Database, marketId: number): Promise<bigint> {
  const row = await db
    .selectFrom('markets')
    .select('engine_sequence')
    .where('market_id', '=', marketId)
    .executeTakeFirstOrThrow();
  return row.engine_sequence;
}

/** The market's matched open orders, in the order they rested (time priority within a price). */
export function restingOrders(db: Database, marketId: number) {
  return db
    .selectFrom('orders')
    .select(['order_id', 'user_id', 'side', 'price', 'amount', 'filled', 'filled_quote'])
    .where('market_id', '=', marketId)
    .where('status', 'in', ['NEW', 'PARTIAL'])
    .where('pending', '=', false)
    .orderBy('rest_seq')
    .execute();
}

/** The market's matched stops waiting for their trigger, in the order they were placed. */
export function untriggeredStops(db: Database, marketId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('market_id', '=', marketId)
    .where('status', '=', 'UNTRIGGERED')
    .where('pending', '=', false)
    .orderBy('rest_seq')
    .execute();
}

/** These orders, if they are stops still waiting for their trigger (the batch's transaction reads them). */
export function untriggeredByIds(db: Database, orderIds: bigint[]): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'UNTRIGGERED')
    .execute();
}

/** Orders held but not yet matched, in arrival order. */
export function pendingOrders(db: Database, marketId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('market_id', '=', marketId)
    .where('pending', '=', true)
    .orderBy('order_id')
    .execute();
}

/** The market's latest trades, newest first. */
export function recentTrades(db: Database, marketId: number, limit: number) {
  return db
    .selectFrom('trades')
    .select(['trade_id', 'price', 'amount', 'taker_side', 'created_at'])
    .where('market_id', '=', marketId)
    .orderBy('trade_id', 'desc')
    .limit(limit)
    .execute();
}

/** Candles of `span` seconds built from the market's trades since `since`, oldest first. */
export async function candlesSince(db: Database, marketId: number, span: number, since: Date) {
  const { rows } = await sql<{
    time: bigint;
    open: bigint;
    high: bigint;
    low: bigint;
    close: bigint;
    volume: bigint;
  }>`select (floor(extract(epoch from created_at) / ${span}) * ${span})::bigint as time,
      (array_agg(price order by trade_id))[1] as open, max(price) as high, min(price) as low,
      (array_agg(price order by trade_id desc))[1] as close, sum(amount)::bigint as volume
    from trades where market_id = ${marketId} and created_at >= ${since}
    group by 1 order by 1`.execute(db);
  return rows;
}
