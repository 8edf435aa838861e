import type { TOrder } from '@fit24/contract';
import type { AppContext } from '../../context.ts';
import { ORDER_CREATE_ROUTE } from '../../engine-host/market.ts';
import { AppError } from '../../http/app-error.ts';
import * as idempotency from '../funds/idempotency.ts';
import { orderRowToOrder } from './orders.mappers.ts';
import * as ordersRepo from './orders.repository.ts';
import { checkOrder, type OrderCreateInput } from './orders.validation.ts';

/** What an Idempotency-Key keeps: the whole answer, stored in the order's batch. */
type Stored = { order: TOrder };

/**
 * Places an order (exchange-core's pipeline):
 *   1. check it against its market (400 / 422);
 *   2. hand it to the market's worker, whose next batch — one transaction — claims its Idempotency-Key,
 *      holds its funds (422 when the balance is short, nothing written), numbers it, matches it, and
 *      commits it with its fills, the makers' updates, fees and ledger postings;
 *   3. answer the order as that batch left it, after the commit.
 * With an Idempotency-Key a repeat answers the first answer and holds nothing twice.
 */
export async function placeOrder(
  ctx: AppContext,
  userId: bigint,
  input: OrderCreateInput,
  key: string | null,
): Promise<TOrder> {
  const worker = ctx.engine.worker(input.market_id);
  const m = worker.market;
  const scope = key
    ? { userId, route: ORDER_CREATE_ROUTE, key, requestHash: idempotency.hashRequest(input) }
    : null;
  if (scope) {
    const earlier = await idempotency.replay<Stored>(ctx.db, scope);
    if (earlier) return refuseRejected(earlier.order);
  }
  const admission = await worker.open({ userId, spec: checkOrder(m, input), scope });
  switch (admission.kind) {
    case 'accepted':
      return refuseRejected(orderRowToOrder(m, admission.row));
    case 'refused':
      throw admission.error;
    case 'repeat': {
      const earlier = scope ? await idempotency.replay<Stored>(ctx.db, scope) : null;
      if (earlier) return refuseRejected(earlier.order);
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed.');
    }
  }
}

/** Cancels the caller's open order and releases its hold; another user's order is 404. */
export async function cancelOrder(ctx: AppContext, userId: bigint, orderId: number): Promise<TOrder> {
  const row = await ordersRepo.findOwned(ctx.db, userId, orderId);
  const worker = ctx.engine.worker(row.market_id);
  if (row.status === 'NEW' || row.status === 'PARTIAL') await worker.cancel(orderId);
  const after = await ordersRepo.findById(ctx.db, row.order_id);
  if (after.status !== 'CANCELLED' || row.status === 'CANCELLED') {
    throw new AppError(
      'UNPROCESSABLE',
      `This order is ${after.status.toLowerCase()}: it can no longer be cancelled.`,
    );
  }
  return orderRowToOrder(worker.market, after);
}

/** The market refused the order after its hold (the book's bounds): 422, its hold already released. */
function refuseRejected(order: TOrder): TOrder {
  if (order.status === 'REJECTED') {
    throw new AppError('UNPROCESSABLE', 'The market refused this order: it is too large for the book.');
  }
  return order;
}
