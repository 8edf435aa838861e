import type { Database } from '../../db/database.ts';
import { OPEN_STATUSES } from '../../db/schema-trading.ts';

/** Open, matched orders of the market whose cancel another process asked for. */
export async function cancelsAsked(db: Database, marketId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('order_id')
    .where('market_id', '=', marketId)
    .where('cancel_requested', '=', true)
    .where('status', 'in', OPEN_STATUSES)
    .where('pending', '=', false)
    .execute();
  return rows.map((r) => Number(r.order_id));
}

/** Which of these orders are still held but not matched. */
export async function stillPending(trx: Database, orderIds: bigint[]): Promise<Set<number>> {
  const rows = await trx
    .selectFrom('orders')
    .select('order_id')
    .where('order_id', 'in', orderIds)
    .where('pending', '=', true)
    .execute();
  return new Set(rows.map((r) => Number(r.order_id)));
}

/** A pending order, its row locked until the commit: whose hold, in what, how much. */
export function lockPending(trx: Database, orderId: bigint) {
  return trx
    .selectFrom('orders')
    .select(['order_id', 'user_id', 'hold_asset_id', 'hold_remaining', 'oco_order_id'])
    .where('order_id', '=', orderId)
    .where('pending', '=', true)
    .forUpdate()
    .executeTakeFirst();
}

/** A pending order ends REJECTED, holding nothing (the caller releases its hold in the same transaction). */
export async function markRejected(trx: Database, orderId: bigint, now: Date): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'REJECTED', pending: false, hold_remaining: 0n, updated_at: now })
    .where('order_id', '=', orderId)
    .execute();
}
