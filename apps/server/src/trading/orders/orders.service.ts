import type { TOrder } from '@fit24/contract';
import { OPEN_STATUSES } from '../../db/schema-trading.ts';
import { AppError } from '../../http/app-error.ts';
import { answerOfRepeat, type IdempotencyClaim } from '../../http/idempotency.ts';
import type { TradingContext } from '../context.ts';
import { orderRowToOrder } from './orders.mappers.ts';
import * as ordersRepo from './orders.repository.ts';
import { checkOrder, type OrderCreateInput } from './orders.validation.ts';

/** What `order.create` answers, and an Idempotency-Key keeps (stored in the order's batch). */
type OrderAnswer = { order: TOrder; oco_order?: TOrder };

/**
 * Places an order (exchange-core's pipeline):
 *   1. check it against its market (400 / 422);
 *   2. hand it to the market's worker, whose next batch — one transaction — claims its Idempotency-Key,
 *      holds its funds (422 when the balance is short, nothing written), numbers it, matches it, and
 *      commits it with its fills, the makers' updates, fees and ledger postings;
 *   3. answer the order as that batch left it, after the commit.
 * With an Idempotency-Key (`claim`) a repeat answers the first answer and holds nothing twice: the batch
 * claims the key in its transaction and stores the answer there; a repeat that arrives while the first
 * is in flight answers its stored answer, or 409 while it runs. A REJECTED order gives its key up.
 */
export async function placeOrder(
  ctx: TradingContext,
  userId: bigint,
  input: OrderCreateInput,
  claim: IdempotencyClaim | null,
): Promise<TOrder> {
  const worker = ctx.engine.worker(input.market_id);
  const m = worker.market;
  const spec = checkOrder(m, input, worker.data.lastPrice);
  const admission = await worker.open({ userId, spec, claim });
  switch (admission.kind) {
    case 'accepted':
      return refuseRejected(orderRowToOrder(m, admission.row));
    case 'refused':
      throw admission.error;
    case 'repeat': {
      if (!claim) throw new Error('a repeat without an Idempotency-Key');
      const earlier = (await answerOfRepeat(ctx.db, claim)) as OrderAnswer;
      return refuseRejected(earlier.order);
    }
  }
}

/**
 * Cancels the caller's open order (a stop waiting for its trigger included) and releases its hold; a leg
 * of an OCO cancels the other leg with it. Another user's order is 404.
 */
export async function cancelOrder(ctx: TradingContext, userId: bigint, orderId: number): Promise<TOrder> {
  const row = await ordersRepo.findOwned(ctx.db, userId, orderId);
  const worker = ctx.engine.worker(row.market_id);
  if (OPEN_STATUSES.includes(row.status)) await worker.cancel(orderId);
  const after = await ordersRepo.findById(ctx.db, row.order_id);
  if (after.status !== 'CANCELLED' || row.status === 'CANCELLED') {
    throw new AppError(
      'UNPROCESSABLE',
      `This order is ${after.status.toLowerCase()}: it can no longer be cancelled.`,
    );
  }
  return orderRowToOrder(worker.market, after);
}

/** The route's answer: the order, and the other leg when it is a leg of an OCO (as it stands now). */
export async function withOtherLeg(
  ctx: TradingContext,
  order: TOrder,
): Promise<{ order: TOrder; oco_order?: TOrder }> {
  if (!order.oco_order_id) return { order };
  const other = await ordersRepo.findById(ctx.db, BigInt(order.oco_order_id));
  return { order, oco_order: orderRowToOrder(ctx.engine.worker(other.market_id).market, other) };
}

/** The market refused the order after its hold (the book's bounds): 422, its hold already released. */
function refuseRejected(order: TOrder): TOrder {
  if (order.status === 'REJECTED') {
    throw new AppError('UNPROCESSABLE', 'The market refused this order: it is too large for the book.');
  }
  return order;
}
