import { PAGE_SIZE } from '@fit24/contract';
import { defineTradingHandlers } from '../context.ts';
import { orderRowToOrder, tradeRowToOrderTrade } from './orders.mappers.ts';
import * as ordersRepo from './orders.repository.ts';
import { cancelOrder, placeOrder, withOtherLeg } from './orders.service.ts';

export const orderHandlers = defineTradingHandlers({
  'order.create': async (ctx, { body }) =>
    withOtherLeg(ctx, await placeOrder(ctx, ctx.auth.userId, body, ctx.idempotency)),
  'order.cancel': async (ctx, { body }) =>
    withOtherLeg(ctx, await cancelOrder(ctx, ctx.auth.userId, body.order_id)),
  'order.list': async (ctx, { query }) => {
    const pageNumber = query.page ?? 1;
    const filter = query.status ?? 'ALL';
    const { rows, total } = await ordersRepo.page(ctx.db, ctx.auth.userId, filter, pageNumber, query.type);
    return {
      orders: rows.map((row) => orderRowToOrder(ctx.engine.worker(row.market_id).market, row)),
      page: pageNumber,
      page_size: PAGE_SIZE,
      total,
    };
  },
  'order.trades': async (ctx, { query }) => {
    const order = await ordersRepo.findOwned(ctx.db, ctx.auth.userId, query.order_id);
    const market = ctx.engine.worker(order.market_id).market;
    const rows = await ordersRepo.tradesOf(ctx.db, order.order_id);
    return { trades: rows.map((row) => tradeRowToOrderTrade(market, order, row)) };
  },
});
