import { PAGE_SIZE } from '@fit24/contract';
import type { Database } from '../../db/database.ts';
import {
  OPEN_STATUSES,
  type OrderRow,
  type OrderStatus,
  type OrderType,
  type TradeRow,
} from '../../db/schema-trading.ts';
import { notFound } from '../../http/app-error.ts';

export type OrderFilter = 'OPEN' | 'UNTRIGGERED' | 'FILLED' | 'CANCELLED' | 'ALL';

const statusesOf: Record<OrderFilter, OrderStatus[] | null> = {
  OPEN: OPEN_STATUSES,
  UNTRIGGERED: ['UNTRIGGERED'],
  FILLED: ['FILLED'],
  CANCELLED: ['CANCELLED', 'REJECTED'],
  ALL: null,
};

export async function findById(db: Database, orderId: bigint): Promise<OrderRow> {
  return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

/** The caller's order; another user's order is 404, exactly like one that does not exist. */
export async function findOwned(db: Database, userId: bigint, orderId: number): Promise<OrderRow> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_id', '=', BigInt(orderId))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('You have no order with this id.');
  return row;
}

/**
 * A page of the caller's orders, newest first, of one type when `type` is given. OPEN includes the stops
 * waiting for their trigger (UNTRIGGERED); CANCELLED includes orders the market REJECTED.
 */
export async function page(
  db: Database,
  userId: bigint,
  filter: OrderFilter,
  pageNumber: number,
  type?: OrderType,
) {
  const statuses = statusesOf[filter];
  let base = db.selectFrom('orders').where('user_id', '=', userId);
  if (statuses) base = base.where('status', 'in', statuses);
  if (type) base = base.where('type', '=', type);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('order_id', 'desc')
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function tradesOf(db: Database, orderId: bigint): Promise<TradeRow[]> {
  return db
    .selectFrom('trades')
    .selectAll()
    .where((eb) => eb.or([eb('maker_order_id', '=', orderId), eb('taker_order_id', '=', orderId)]))
    .orderBy('trade_id')
    .execute();
}

export async function findByIds(db: Database, orderIds: bigint[]): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('order_id', 'in', orderIds).execute();
}

/** The ids of a user's open orders on a market. */
export function openOrderIds(db: Database, userId: bigint, marketId: number) {
  return db
    .selectFrom('orders')
    .select('order_id')
    .where('user_id', '=', userId)
    .where('market_id', '=', marketId)
    .where('status', 'in', OPEN_STATUSES)
    .execute();
}
