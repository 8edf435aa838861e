import { toNotification } from '../modules/notifications/notifications.mappers.ts';
import * as notificationsRepo from '../modules/notifications/notifications.repository.ts';
import type { TradingContext } from '../trading/context.ts';
import { orderRowToOrder } from '../trading/orders/orders.mappers.ts';
import * as ordersRepo from '../trading/orders/orders.repository.ts';

/** The user's open orders, newest first (the first page of `order/list?status=OPEN`). */
export async function openOrders(ctx: TradingContext, userId: bigint) {
  const { rows } = await ordersRepo.page(ctx.db, userId, 'OPEN', 1);
  return { orders: rows.map((row) => orderRowToOrder(ctx.engine.worker(row.market_id).market, row)) };
}

/** The user's latest notifications (the first page of `notification/list`). */
export async function latestNotifications(ctx: TradingContext, userId: bigint) {
  const { rows } = await notificationsRepo.page(ctx.db, userId, 1);
  return { notifications: rows.map(toNotification) };
}
