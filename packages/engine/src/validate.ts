import { ResultCode } from './codes.ts';
import {
  type EngineSnapshot,
  MAX_QUANTITY,
  type PendingStop,
  type RestingOrder,
  type Side,
  type TimeInForce,
  type TriggerDirection,
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

/** A stop's trigger price (ticks) and direction. */
export function checkTrigger(trigger: number, direction: TriggerDirection): ResultCode {
  if (!isPositive(trigger)) return ResultCode.INVALID_TRIGGER;
  if (direction !== 'ABOVE' && direction !== 'BELOW') return ResultCode.INVALID_DIRECTION;
  return ResultCode.OK;
}

function isValidStop(stop: PendingStop): boolean {
  if (!isPositive(stop.orderId) || checkTrigger(stop.trigger, stop.direction) !== ResultCode.OK) return false;
  if (!Number.isSafeInteger(stop.ocoOrderId) || stop.ocoOrderId < 0) return false;
  if (stop.orderType === 'LIMIT') {
    const { orderId, owner, side, price, amount, timeInForce, postOnly } = stop;
    return (
      checkLimitFields(orderId, owner, side, price, amount, timeInForce, postOnly) === ResultCode.OK &&
      price * amount <= MAX_QUANTITY &&
      stop.total === 0
    );
  }
  const quantity = stop.side === 'BUY' ? stop.total : stop.amount;
  const other = stop.side === 'BUY' ? stop.amount : stop.total;
  return (
    stop.orderType === 'MARKET' &&
    checkMarketFields(stop.orderId, stop.owner, stop.side, quantity) === ResultCode.OK &&
    other === 0 &&
    stop.price === 0 &&
    stop.timeInForce === 'IOC' &&
    stop.postOnly === false &&
    stop.ocoOrderId === 0
  );
}

/**
 * Pending stops of a snapshot: valid fields, ids unused by resting orders and other stops, and each OCO stop
 * leg linked to a distinct resting, untraded GTC limit leg of the same owner, side and amount.
 */
function checkStops(
  stops: readonly PendingStop[],
  orders: readonly RestingOrder[],
  ids: Set<number>,
): ResultCode {
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  const partners = new Set<number>();
  for (const stop of stops) {
    if (!isValidStop(stop)) return ResultCode.RESTORE_INVALID_STOP;
    if (ids.has(stop.orderId)) return ResultCode.RESTORE_DUPLICATE_ORDER;
    ids.add(stop.orderId);
    if (stop.ocoOrderId === 0) continue;
    const partner = byId.get(stop.ocoOrderId);
    if (
      partner === undefined ||
      partners.has(partner.orderId) ||
      partner.owner !== stop.owner ||
      partner.side !== stop.side ||
      partner.amount !== stop.amount ||
      partner.filled !== 0 ||
      stop.timeInForce !== 'GTC'
    ) {
      return ResultCode.RESTORE_INVALID_STOP;
    }
    partners.add(partner.orderId);
  }
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
  return snapshot.stops === undefined ? ResultCode.OK : checkStops(snapshot.stops, snapshot.orders, ids);
}
