import { ResultCode } from './codes.ts';
import {
  type EngineSnapshot,
  MAX_QUANTITY,
  type RestingOrder,
  type Side,
  type TimeInForce,
} from './types.ts';

/** Ids, owners, ticks and lots are integers in [1, MAX_QUANTITY]. */
export function isPositive(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function isSide(side: Side): boolean {
  return side === 'BUY' || side === 'SELL';
}

/** Stateless checks of a limit order's fields; the engine adds the checks that depend on the book. */
export function checkLimitFields(
  orderId: number,
  owner: number,
  side: Side,
  price: number,
  amount: number,
  timeInForce: TimeInForce,
  postOnly: boolean,
): ResultCode {
  if (!isPositive(orderId)) return ResultCode.INVALID_ORDER_ID;
  if (!isPositive(owner)) return ResultCode.INVALID_OWNER;
  if (!isSide(side)) return ResultCode.INVALID_SIDE;
  if (!isPositive(price)) return ResultCode.INVALID_PRICE;
  if (!isPositive(amount)) return ResultCode.INVALID_AMOUNT;
  if (timeInForce !== 'GTC' && timeInForce !== 'IOC' && timeInForce !== 'FOK') {
    return ResultCode.INVALID_TIME_IN_FORCE;
  }
  if (postOnly !== false && (postOnly !== true || timeInForce !== 'GTC')) {
    return ResultCode.POST_ONLY_REQUIRES_GTC;
  }
  return ResultCode.OK;
}

/** Stateless checks of a market order: a BUY spends `quantity` quote units, a SELL sells `quantity` lots. */
export function checkMarketFields(orderId: number, owner: number, side: Side, quantity: number): ResultCode {
  if (!isPositive(orderId)) return ResultCode.INVALID_ORDER_ID;
  if (!isPositive(owner)) return ResultCode.INVALID_OWNER;
  if (!isSide(side)) return ResultCode.INVALID_SIDE;
  if (!isPositive(quantity)) return side === 'BUY' ? ResultCode.INVALID_TOTAL : ResultCode.INVALID_AMOUNT;
  return ResultCode.OK;
}

function isValidRestingOrder(order: RestingOrder): boolean {
  return (
    isPositive(order.orderId) &&
    isPositive(order.owner) &&
    isSide(order.side) &&
    isPositive(order.price) &&
    isPositive(order.amount) &&
    order.price * order.amount <= MAX_QUANTITY &&
    Number.isSafeInteger(order.filled) &&
    order.filled >= 0 &&
    order.filled < order.amount &&
    Number.isSafeInteger(order.filledQuote) &&
    order.filledQuote >= 0
  );
}

/**
 * Checks a state for `restore`: valid orders, unique ids, each side's resting total within MAX_QUANTITY,
 * and a book that is not crossed (every bid below every ask).
 */
export function checkSnapshot(snapshot: EngineSnapshot): ResultCode {
  if (!Number.isSafeInteger(snapshot.sequence) || snapshot.sequence < 0) {
    return ResultCode.RESTORE_INVALID_SEQUENCE;
  }
  const ids = new Set<number>();
  let bidTotal = 0;
  let askTotal = 0;
  let bestBid = 0;
  let bestAsk = Number.POSITIVE_INFINITY;
  for (const order of snapshot.orders) {
    if (!isValidRestingOrder(order)) return ResultCode.RESTORE_INVALID_ORDER;
    if (ids.has(order.orderId)) return ResultCode.RESTORE_DUPLICATE_ORDER;
    ids.add(order.orderId);
    const remaining = order.amount - order.filled;
    if (order.side === 'BUY') {
      bidTotal += remaining;
      if (order.price > bestBid) bestBid = order.price;
    } else {
      askTotal += remaining;
      if (order.price < bestAsk) bestAsk = order.price;
    }
    if (bidTotal > MAX_QUANTITY || askTotal > MAX_QUANTITY) return ResultCode.RESTORE_SIDE_TOTAL_TOO_LARGE;
  }
  if (bestBid >= bestAsk) return ResultCode.RESTORE_CROSSED_BOOK;
  return ResultCode.OK;
}
