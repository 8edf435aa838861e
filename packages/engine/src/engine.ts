import { BookSide, NodePool, type OrderNode, toRestingOrder } from './book.ts';
import { ResultCode } from './codes.ts';
import { EventWriter } from './events.ts';
import { IdMap } from './id-map.ts';
import {
  type CancelReason,
  type Command,
  type Depth,
  type EngineListener,
  type EngineSnapshot,
  MAX_QUANTITY,
  type RestingOrder,
  type Side,
  type TimeInForce,
} from './types.ts';
import { checkLimitFields, checkMarketFields, checkSnapshot, isPositive } from './validate.ts';

/**
 * The matching engine of one market: price-time priority, trades at the resting order's price, self-trade
 * prevention that cancels the RESTING order and lets the incoming one continue. Pure and deterministic: no
 * clock, no randomness, no I/O; the same calls on the same state give the same events. Every call returns
 * a ResultCode; business rejections never throw. Events go to the listener synchronously.
 */
export class Engine {
  /** @internal Exposed for `validateInternalState`; never mutate from outside. */
  readonly bids = new BookSide('BUY');
  /** @internal */
  readonly asks = new BookSide('SELL');
  /** @internal Resting orders by id. */
  readonly orders = new IdMap<OrderNode>();
  private readonly pool = new NodePool();
  private readonly out: EventWriter;

  constructor(onEvent?: EngineListener) {
    this.out = new EventWriter(onEvent);
  }

  /** Sequence number of the last event emitted (0 before the first). */
  get sequence(): number {
    return this.out.seq;
  }

  get restingCount(): number {
    return this.orders.size;
  }

  /**
   * Places a limit order of `amount` lots at `price` ticks. GTC rests what does not match; IOC cancels it;
   * FOK fills entirely or cancels without touching the book (the taker's own resting orders don't count as
   * liquidity). A post-only order (GTC only) that would match anything, even its owner's own order, is
   * cancelled with reason POST_ONLY instead of trading.
   */
  placeLimit(
    orderId: number,
    owner: number,
    side: Side,
    price: number,
    amount: number,
    timeInForce: TimeInForce = 'GTC',
    postOnly = false,
  ): ResultCode {
    const code = this.checkLimit(orderId, owner, side, price, amount, timeInForce, postOnly);
    if (code !== ResultCode.OK) return this.out.rejected(orderId, owner, code);
    this.out.accepted(orderId, owner, side, 'LIMIT', price, amount, 0, timeInForce, postOnly);
    const taker = this.newNode(orderId, owner, side, price, amount);
    const opposite = side === 'BUY' ? this.asks : this.bids;
    if (postOnly && opposite.crossedAt(price)) return this.endTaker(taker, 'POST_ONLY');
    if (timeInForce === 'FOK' && !opposite.canFill(owner, price, amount)) {
      return this.endTaker(taker, 'FOK');
    }
    this.matchAmount(taker, opposite, price);
    if (taker.remaining === 0) return this.endTaker(taker, null);
    if (timeInForce !== 'GTC') return this.endTaker(taker, timeInForce);
    (side === 'BUY' ? this.bids : this.asks).append(taker);
    this.orders.set(orderId, taker);
    this.out.rested(taker);
    return ResultCode.OK;
  }

  /**
   * Market BUY spending at most `total` quote units (price × lots summed over its trades). At each maker it
   * buys floor(left / price) lots at most, so it never overspends; it stops when the next lot costs more
   * than what is left (ends FILLED, the dust unspent) or when the asks run out (CANCELLED, NO_LIQUIDITY).
   */
  placeMarketBuy(orderId: number, owner: number, total: number): ResultCode {
    let code = checkMarketFields(orderId, owner, 'BUY', total);
    if (code === ResultCode.OK && this.orders.has(orderId)) code = ResultCode.DUPLICATE_ORDER_ID;
    if (code !== ResultCode.OK) return this.out.rejected(orderId, owner, code);
    this.out.accepted(orderId, owner, 'BUY', 'MARKET', 0, 0, total, 'IOC', false);
    const taker = this.newNode(orderId, owner, 'BUY', 0, 0);
    const asks = this.asks;
    let left = total;
    let level = asks.best();
    while (level !== undefined && level.price <= left) {
      const price = level.price;
      let maker = level.head;
      while (maker !== null) {
        const next = maker.next;
        if (maker.owner === owner) {
          this.cancelResting(maker, asks, 'SELF_TRADE');
        } else {
          const affordable = (left - (left % price)) / price;
          this.fill(maker, taker, asks, Math.min(maker.remaining, affordable));
          left = total - taker.filledQuote;
          if (left < price) break;
        }
        maker = next;
      }
      level = asks.best();
    }
    taker.remaining = 0; // a market BUY is bounded by its total, not by an amount
    if (left === 0 || (level !== undefined && taker.filled > 0)) return this.endTaker(taker, null);
    return this.endTaker(taker, 'NO_LIQUIDITY', left);
  }

  /** Market SELL of `amount` lots against the bids, best first; what the bids cannot take is cancelled. */
  placeMarketSell(orderId: number, owner: number, amount: number): ResultCode {
    let code = checkMarketFields(orderId, owner, 'SELL', amount);
    if (code === ResultCode.OK && this.orders.has(orderId)) code = ResultCode.DUPLICATE_ORDER_ID;
    if (code === ResultCode.OK && amount * (this.bids.best()?.price ?? 0) > MAX_QUANTITY) {
      code = ResultCode.NOTIONAL_TOO_LARGE;
    }
    if (code !== ResultCode.OK) return this.out.rejected(orderId, owner, code);
    this.out.accepted(orderId, owner, 'SELL', 'MARKET', 0, amount, 0, 'IOC', false);
    const taker = this.newNode(orderId, owner, 'SELL', 0, amount);
    this.matchAmount(taker, this.bids, 0);
    return this.endTaker(taker, taker.remaining === 0 ? null : 'NO_LIQUIDITY');
  }

  /** Cancels a resting order (reason USER). An id that is not resting gives UNKNOWN_ORDER and no event. */
  cancel(orderId: number): ResultCode {
    const node = this.orders.get(orderId);
    if (node === undefined) {
      return isPositive(orderId) ? ResultCode.UNKNOWN_ORDER : ResultCode.INVALID_ORDER_ID;
    }
    this.cancelResting(node, node.side === 'BUY' ? this.bids : this.asks, 'USER');
    return ResultCode.OK;
  }

  /** Runs one command given as data (the methods above, dispatched on `type`). */
  execute(command: Command): ResultCode {
    switch (command.type) {
      case 'LIMIT': {
        const { orderId, owner, side, price, amount, timeInForce = 'GTC', postOnly = false } = command;
        return this.placeLimit(orderId, owner, side, price, amount, timeInForce, postOnly);
      }
      case 'MARKET':
        return command.side === 'BUY'
          ? this.placeMarketBuy(command.orderId, command.owner, command.total)
          : this.placeMarketSell(command.orderId, command.owner, command.amount);
      case 'CANCEL':
        return this.cancel(command.orderId);
      default:
        return ResultCode.UNKNOWN_COMMAND;
    }
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  /** Total resting lots at one price on one side (0 when there is no such level). */
  levelAmount(side: Side, price: number): number {
    return (side === 'BUY' ? this.bids : this.asks).byPrice.get(price)?.total ?? 0;
  }

  /** Aggregated depth, `levels` per side, best first. */
  depth(levels = 50): Depth {
    return { bids: this.bids.top(levels), asks: this.asks.top(levels) };
  }

  order(orderId: number): RestingOrder | undefined {
    const node = this.orders.get(orderId);
    return node === undefined ? undefined : toRestingOrder(node);
  }

  /** The whole state: bids best level first, then asks best level first, each level in FIFO order. */
  snapshot(): EngineSnapshot {
    const orders: RestingOrder[] = [];
    for (const book of [this.bids, this.asks]) {
      for (let i = book.levels.length - 1; i >= 0; i--) {
        for (let node = book.levels[i]!.head; node !== null; node = node.next) {
          orders.push(toRestingOrder(node));
        }
      }
    }
    return { sequence: this.out.seq, orders };
  }

  /**
   * Replaces the whole state (recovery). Each level's FIFO follows the order of `snapshot.orders`, so
   * `restore(snapshot())` rebuilds an identical book; the next event gets `snapshot.sequence + 1`. On a
   * non-OK code the engine is left unchanged. Emits no events.
   */
  restore(snapshot: EngineSnapshot): ResultCode {
    const code = checkSnapshot(snapshot);
    if (code !== ResultCode.OK) return code;
    this.bids.clear();
    this.asks.clear();
    this.orders.clear();
    for (const order of snapshot.orders) {
      const node = this.newNode(order.orderId, order.owner, order.side, order.price, order.amount);
      node.remaining = order.amount - order.filled;
      node.filled = order.filled;
      node.filledQuote = order.filledQuote;
      (order.side === 'BUY' ? this.bids : this.asks).append(node);
      this.orders.set(order.orderId, node);
    }
    this.out.seq = snapshot.sequence;
    return ResultCode.OK;
  }

  private checkLimit(
    orderId: number,
    owner: number,
    side: Side,
    price: number,
    amount: number,
    timeInForce: TimeInForce,
    postOnly: boolean,
  ): ResultCode {
    const code = checkLimitFields(orderId, owner, side, price, amount, timeInForce, postOnly);
    if (code !== ResultCode.OK) return code;
    if (this.orders.has(orderId)) return ResultCode.DUPLICATE_ORDER_ID;
    const bestBid = this.bids.best()?.price ?? 0;
    const worstPrice = side === 'SELL' && bestBid > price ? bestBid : price;
    if (worstPrice * amount > MAX_QUANTITY) return ResultCode.NOTIONAL_TOO_LARGE;
    const own = side === 'BUY' ? this.bids : this.asks;
    if (timeInForce === 'GTC' && own.total + amount > MAX_QUANTITY) return ResultCode.SIDE_TOTAL_TOO_LARGE;
    return ResultCode.OK;
  }

  private newNode(orderId: number, owner: number, side: Side, price: number, amount: number): OrderNode {
    const node = this.pool.take();
    node.id = orderId;
    node.owner = owner;
    node.side = side;
    node.price = price;
    node.amount = amount;
    node.remaining = amount;
    node.filled = 0;
    node.filledQuote = 0;
    return node;
  }

  /** Matches an amount-based taker against `book` while the best level's price is within `limit`. */
  private matchAmount(taker: OrderNode, book: BookSide, limit: number): void {
    const isBuy = taker.side === 'BUY';
    let level = book.best();
    while (level !== undefined && (isBuy ? level.price <= limit : level.price >= limit)) {
      let maker = level.head;
      while (maker !== null) {
        const next = maker.next;
        if (maker.owner === taker.owner) {
          this.cancelResting(maker, book, 'SELF_TRADE');
        } else {
          this.fill(maker, taker, book, Math.min(maker.remaining, taker.remaining));
          if (taker.remaining === 0) return;
        }
        maker = next;
      }
      level = book.best();
    }
  }

  private fill(maker: OrderNode, taker: OrderNode, book: BookSide, amount: number): void {
    const price = maker.price;
    const quote = price * amount;
    book.reduce(maker, amount);
    maker.filled += amount;
    maker.filledQuote += quote;
    taker.remaining -= amount;
    taker.filled += amount;
    taker.filledQuote += quote;
    this.out.trade(maker, taker, price, amount, quote);
    if (maker.remaining === 0) {
      book.unlink(maker);
      this.orders.delete(maker.id);
      this.out.done(maker, 'FILLED');
      this.pool.give(maker);
    }
  }

  private cancelResting(node: OrderNode, book: BookSide, reason: CancelReason): void {
    this.out.cancelled(node, reason, 0);
    book.unlink(node);
    this.orders.delete(node.id);
    this.out.done(node, 'CANCELLED');
    this.pool.give(node);
  }

  /** Ends an order that will not rest: FILLED when `reason` is null, else CANCELLED with that reason. */
  private endTaker(taker: OrderNode, reason: CancelReason | null, remainingTotal = 0): ResultCode {
    if (reason === null) {
      this.out.done(taker, 'FILLED');
    } else {
      this.out.cancelled(taker, reason, remainingTotal);
      this.out.done(taker, 'CANCELLED');
    }
    this.pool.give(taker);
    return ResultCode.OK;
  }
}

/** Creates an empty engine for one market; `onEvent` receives every event (see `EngineEvent`). */
export function createEngine(onEvent?: EngineListener): Engine {
  return new Engine(onEvent);
}
