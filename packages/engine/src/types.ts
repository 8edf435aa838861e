import type { ResultCode } from './codes.ts';

/**
 * Units. The engine knows nothing of assets or decimals; the server converts at its edge:
 *   price   integer TICKS   (price_ticks = price / 10^-price_decimals)
 *   amount  integer LOTS    (amount_lots = base amount / 10^-amount_decimals)
 *   quote   integer QUOTE UNITS = price_ticks × amount_lots, i.e. 10^-(price_decimals + amount_decimals) of
 *           the quote asset. DESIGN §3 keeps price_decimals + amount_decimals ≤ the quote asset's decimals,
 *           so one quote unit is a whole number of the quote asset's base units and every total is exact.
 *
 * Bound. Ticks, lots and quote units are JS numbers, exact up to MAX_QUANTITY = 2^53 − 1. The engine rejects
 * any command whose worst case could leave that range (NOTIONAL_TOO_LARGE, SIDE_TOTAL_TOO_LARGE), so every
 * sum it reports is exact: price × amount of a limit BUY, amount × max(price, best bid) of a SELL, the total
 * of a market BUY, and the resting amount of each side all stay ≤ MAX_QUANTITY.
 */
export const MAX_QUANTITY = Number.MAX_SAFE_INTEGER;

export type Side = 'BUY' | 'SELL';

/**
 * Time in force of a limit order:
 *   GTC  match what crosses, rest the remainder until filled or cancelled.
 *   IOC  match what crosses, cancel the remainder (reason IOC).
 *   FOK  fill the whole amount now or do nothing (reason FOK); liquidity of the taker's own resting orders
 *        does not count, because self-trade prevention would cancel rather than fill them.
 * Market orders behave as IOC and report `timeInForce: 'IOC'`.
 */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/** Why the remainder of an order left the book or never reached it. */
export type CancelReason = 'USER' | 'IOC' | 'FOK' | 'SELF_TRADE' | 'POST_ONLY' | 'NO_LIQUIDITY' | 'OCO';

/**
 * When a pending stop fires, compared with the price of each trade made after it was placed:
 *   ABOVE  a trade at a price ≥ trigger   (a BUY stop: buy when the market rises to the trigger)
 *   BELOW  a trade at a price ≤ trigger   (a SELL stop loss: sell when the market falls to the trigger)
 * The direction is always explicit; the server may default it from the side (BUY → ABOVE, SELL → BELOW).
 */
export type TriggerDirection = 'ABOVE' | 'BELOW';

export type OrderType = 'LIMIT' | 'MARKET';

/** Commands, for callers that queue them as data; the engine's methods take the same fields as arguments. */
export type Command =
  | {
      type: 'LIMIT';
      orderId: number;
      owner: number;
      side: Side;
      price: number;
      amount: number;
      timeInForce?: TimeInForce;
      postOnly?: boolean;
    }
  | { type: 'MARKET'; orderId: number; owner: number; side: 'BUY'; total: number }
  | { type: 'MARKET'; orderId: number; owner: number; side: 'SELL'; amount: number }
  | { type: 'CANCEL'; orderId: number }
  | {
      type: 'STOP_LIMIT';
      orderId: number;
      owner: number;
      side: Side;
      trigger: number;
      direction: TriggerDirection;
      price: number;
      amount: number;
      timeInForce?: TimeInForce;
      postOnly?: boolean;
    }
  | {
      type: 'STOP_MARKET';
      orderId: number;
      owner: number;
      side: 'BUY';
      trigger: number;
      direction: TriggerDirection;
      total: number;
    }
  | {
      type: 'STOP_MARKET';
      orderId: number;
      owner: number;
      side: 'SELL';
      trigger: number;
      direction: TriggerDirection;
      amount: number;
    }
  | {
      /**
       * One-cancels-the-other: a GTC limit leg (`orderId`, `price`) and a stop-limit leg (`stopOrderId`,
       * `trigger`, `direction`, `stopPrice`, GTC), same owner, side and amount. The first leg to trade or
       * trigger cancels the other (reason OCO); cancelling either cancels both.
       */
      type: 'OCO';
      orderId: number;
      owner: number;
      side: Side;
      amount: number;
      price: number;
      postOnly?: boolean;
      stopOrderId: number;
      trigger: number;
      direction: TriggerDirection;
      stopPrice: number;
    };

/** The commands of a plain (non-stop) order or a cancel: what a triggered stop becomes. */
export type PlainCommand = Extract<Command, { type: 'LIMIT' | 'MARKET' | 'CANCEL' }>;

/** The order entered the engine. `price` is 0 for a market order, `amount` 0 for a market BUY, `total` 0 unless market BUY. */
export interface AcceptedEvent {
  type: 'ACCEPTED';
  seq: number;
  orderId: number;
  owner: number;
  side: Side;
  orderType: OrderType;
  price: number;
  amount: number;
  total: number;
  timeInForce: TimeInForce;
  postOnly: boolean;
}

/** The placement was refused before touching the book; no other event follows for this command. */
export interface RejectedEvent {
  type: 'REJECTED';
  seq: number;
  orderId: number;
  owner: number;
  code: ResultCode;
}

/** One fill, at the maker's (resting order's) price. `quote` = price × amount in quote units. */
export interface TradeEvent {
  type: 'TRADE';
  seq: number;
  makerOrderId: number;
  takerOrderId: number;
  makerOwner: number;
  takerOwner: number;
  takerSide: Side;
  price: number;
  amount: number;
  quote: number;
}

/** The remainder of a GTC limit order now rests in the book (it may have traded before). */
export interface RestedEvent {
  type: 'RESTED';
  seq: number;
  orderId: number;
  owner: number;
  side: Side;
  price: number;
  remaining: number;
}

/**
 * The order's remainder was removed. `remaining` is in lots (0 for a market BUY), `remainingTotal` the
 * unspent quote units of a market BUY (0 otherwise). A DONE event for the same order follows at once.
 */
export interface CancelledEvent {
  type: 'CANCELLED';
  seq: number;
  orderId: number;
  owner: number;
  side: Side;
  price: number;
  remaining: number;
  remainingTotal: number;
  reason: CancelReason;
}

/**
 * The order has left the engine for good: exactly one DONE per accepted order. `filled` (lots) and
 * `filledQuote` (quote units) are its lifetime totals, so the server can release `hold − filledQuote`
 * (BUY) or `hold − filled` (SELL) without keeping its own sums. A market BUY that could not afford one more
 * lot at the best ask ends FILLED with its dust unspent.
 */
export interface DoneEvent {
  type: 'DONE';
  seq: number;
  orderId: number;
  owner: number;
  side: Side;
  status: 'FILLED' | 'CANCELLED';
  filled: number;
  filledQuote: number;
}

/**
 * A stop order was accepted and is pending (not in the book) until a trade's price reaches its trigger.
 * The fields are those of the order it becomes (`price` 0 and `orderType` MARKET for a stop-market, `total`
 * for a stop-market BUY). `ocoOrderId` is the limit leg of an OCO, 0 otherwise. Hold funds as for the order.
 */
export interface StopPlacedEvent extends PendingStop {
  type: 'STOP_PLACED';
  seq: number;
}

/**
 * A pending stop fired: `lastPrice` is the trade that reached its trigger. The very next events for this
 * order id are exactly those of the plain order placed at this moment: ACCEPTED … RESTED or DONE, or
 * REJECTED (a check that depends on the book, e.g. NOTIONAL_TOO_LARGE) — release the hold on REJECTED.
 */
export interface StopTriggeredEvent {
  type: 'STOP_TRIGGERED';
  seq: number;
  orderId: number;
  owner: number;
  side: Side;
  trigger: number;
  direction: TriggerDirection;
  lastPrice: number;
}

export type EngineEvent =
  | StopPlacedEvent
  | StopTriggeredEvent
  | AcceptedEvent
  | RejectedEvent
  | TradeEvent
  | RestedEvent
  | CancelledEvent
  | DoneEvent;

/**
 * Receives every event synchronously, in sequence order, while the command runs. It must neither throw nor
 * call back into the engine: either would leave the command half applied. Copy what you keep (the engine
 * does not reuse event objects, but the listener is on the hot path: keep it cheap).
 */
export type EngineListener = (event: EngineEvent) => void;

/** A resting order as `snapshot()` reports it and `restore()` accepts it. remaining = amount − filled. */
export interface RestingOrder {
  orderId: number;
  owner: number;
  side: Side;
  price: number;
  amount: number;
  filled: number;
  filledQuote: number;
}

/**
 * The engine's whole state. `orders` lists each price level's orders in time priority (FIFO); orders of
 * different levels may interleave. `sequence` is the last event's sequence number.
 */
export interface EngineSnapshot {
  sequence: number;
  orders: RestingOrder[];
  /** Pending stops in the order they were placed; absent when there are none. */
  stops?: PendingStop[];
}

/** A pending stop as `snapshot()` reports it and `restore()` accepts it (the fields of STOP_PLACED). */
export interface PendingStop {
  orderId: number;
  owner: number;
  side: Side;
  orderType: OrderType;
  trigger: number;
  direction: TriggerDirection;
  price: number;
  amount: number;
  total: number;
  timeInForce: TimeInForce;
  postOnly: boolean;
  ocoOrderId: number;
}

/** Aggregated depth, best level first: `[price, total resting amount]`. */
export interface Depth {
  bids: [price: number, amount: number][];
  asks: [price: number, amount: number][];
}
