import type { TOrder } from '@fit24/contract';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema-trading.ts';
import { toPlacedOrder } from '../../engine-host/recovery.ts';
import { holdFor, type MarketInfo, show } from '../../engine-host/units.ts';
import { AppError } from '../../http/app-error.ts';
import * as idempotency from '../funds/idempotency.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { orderRowToOrder } from './orders.mappers.ts';
import * as ordersRepo from './orders.repository.ts';
import { checkOrder, type OrderCreateInput, type OrderSpec } from './orders.validation.ts';

const ROUTE = 'order.create';

/** What an Idempotency-Key keeps: the order's id as soon as it is held, the whole answer once matched. */
type Stored = { order: TOrder } | { order_id: number };

/**
 * Places an order (exchange-core's pipeline):
 *   1. check it against its market (400 / 422);
 *   2. HOLD its funds and record it as NEW and pending, in one transaction (422 when the balance is short);
 *   3. match it in the market's worker, which commits its fills, the makers' updates, fees and ledger
 *      postings in its batch's transaction;
 *   4. answer the order as the batch left it.
 * With an Idempotency-Key a repeat answers the first answer and holds nothing twice. A crash between 2
 * and 3 leaves the order pending: the next start matches it.
 */
export async function placeOrder(
  ctx: AppContext,
  userId: bigint,
  input: OrderCreateInput,
  key: string | null,
): Promise<TOrder> {
  const worker = ctx.engine.worker(input.market_id);
  const m = worker.market;
  const scope = key ? { userId, route: ROUTE, key, requestHash: idempotency.hashRequest(input) } : null;
  if (scope) {
    const earlier = await idempotency.replay<Stored>(ctx.db, scope);
    if (earlier) return answerOf(ctx, userId, earlier);
  }
  const spec = checkOrder(m, input);
  const now = ctx.clock.now();
  const made: { row: OrderRow | null } = { row: null };
  const stored = await ctx.db.transaction().execute(async (trx) => {
    const work = async (): Promise<Stored> => {
      made.row = await holdAndRecord(trx, m, userId, spec, now);
      return { order_id: Number(made.row.order_id) };
    };
    return scope ? idempotency.once(trx, scope, now, work) : work();
  });
  const order = made.row;
  if (order === null) return answerOf(ctx, userId, stored);

  await worker.place(toPlacedOrder(m, order));
  const answer = orderRowToOrder(m, await ordersRepo.findById(ctx.db, order.order_id));
  if (scope) {
    await ctx.db
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify({ order: answer }) })
      .where('user_id', '=', userId)
      .where('route', '=', ROUTE)
      .where('key', '=', scope.key)
      .execute();
  }
  return refuseRejected(answer);
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

async function holdAndRecord(
  trx: Database,
  m: MarketInfo,
  userId: bigint,
  spec: OrderSpec,
  now: Date,
): Promise<OrderRow> {
  const hold = holdFor(m, spec);
  const row = await trx
    .insertInto('orders')
    .values({
      user_id: userId,
      market_id: m.marketId,
      side: spec.side,
      type: spec.type,
      price: spec.price,
      amount: spec.amount,
      total: spec.total,
      time_in_force: spec.timeInForce,
      post_only: spec.postOnly,
      status: 'NEW',
      hold_asset_id: hold.assetId,
      hold_remaining: hold.amount,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const symbol = spec.side === 'BUY' ? m.quote : m.base;
  const needed = spec.side === 'BUY' ? show.quote(m, hold.amount) : show.base(m, hold.amount);
  await ledger.post(trx, {
    kind: 'ORDER_HOLD',
    refType: 'order',
    refId: row.order_id,
    now,
    legs: [
      {
        from: { userId, kind: 'available' },
        to: { userId, kind: 'on_hold' },
        assetId: hold.assetId,
        amount: hold.amount,
      },
    ],
    insufficientMessage: `Insufficient ${symbol} balance: this order needs ${needed} ${symbol}.`,
  });
  return row;
}

async function answerOf(ctx: AppContext, userId: bigint, stored: Stored): Promise<TOrder> {
  if ('order' in stored) return refuseRejected(stored.order);
  // Held, but the first request did not see it matched (it failed, or is still running): the order now.
  const row = await ordersRepo.findOwned(ctx.db, userId, stored.order_id);
  return refuseRejected(orderRowToOrder(ctx.engine.worker(row.market_id).market, row));
}

/** The market refused the order after its hold (the book's bounds): 422, its hold already released. */
function refuseRejected(order: TOrder): TOrder {
  if (order.status === 'REJECTED') {
    throw new AppError('UNPROCESSABLE', 'The market refused this order: it is too large for the book.');
  }
  return order;
}
