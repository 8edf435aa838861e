import { BookSide, NodePool, type OrderNode, toRestingOrder } from './book.ts';
import { ResultCode } from './codes.ts';
import { EventWriter } from './events.ts';
import { IdMap } from './id-map.ts';
import { StopBook, StopOrder, toPendingStop } from './stops.ts';
import {
  type CancelReason,
  type Command,
  type Depth,
  type EngineListener,
  type EngineSnapshot,
  MAX_QUANTITY,
  type PendingStop,
  type RestingOrder,
  type Side,
  type TimeInForce,
  type TriggerDirection,
} from './types.ts';
import { checkLimitFields, checkMarketFields, checkSnapshot, checkTrigger, isPositive } from './validate.ts';

/**
 * The matching engine of one market: price-time priority, trades at the resting order's price, self-trade
 * prevention that cancels the RESTING order and lets the incoming one continue. Pure and deterministic: no
 * clock, no randomness, no I/O; the same calls on the same state give the same events. Every call returns
 * a ResultCode; business rejections never throw. Events go to the listener synchronously.
 *
 * Stops wait outside the book. Every trade's price is compared with the pending triggers; the stops it
 * reaches fire in the order of the trades that reached them (stops reached by one trade in placement
 * order) and are released, each as the plain order placed at that moment, once the command that fired them
 * has run — within the same call, so a released stop's trades may fire further stops (each stop fires at
 * most once: the cascade is bounded by the number of pending stops).
 */
export class Engine {
  /** @internal Exposed for `validateInternalState`; never mutate from outside. */
  readonly bids = new BookSide('BUY');
  /** @internal */
  readonly asks = new BookSide('SELL');
  /** @internal Resting orders by id. */
  readonly orders = new IdMap<OrderNode>();
  /** @internal Pending stops (not in the book). */
  readonly stops = new StopBook();
  /** @internal Stops fired by the running command, released when it has run; empty between calls. */
  readonly fired: StopOrder[] = [];
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

  get pendingStopCount(): number {
    return this.stops.size;
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
    const code = this.limit(orderId, owner, side, price, amount, timeInForce, postOnly, null);
    if (this.fired.length !== 0) this.releaseFired();
    return code;
  }

  /**
   * Market BUY spending at most `total` quote units (price × lots summed over its trades). At each maker it
   * buys floor(left / price) lots at most, so it never overspends; it stops when the next lot costs more
   * than what is left (ends FILLED, the dust unspent) or when the asks run out (CANCELLED, NO_LIQUIDITY).
   */
  placeMarketBuy(orderId: number, owner: number, total: number): ResultCode {
    const code = this.marketBuy(orderId, owner, total);
    if (this.fired.length !== 0) this.releaseFired();
    return code;
  }

  /** Market SELL of `amount` lots against the bids, best first; what the bids cannot take is cancelled. */
  placeMarketSell(orderId: number, owner: number, amount: number): ResultCode {
    const code = this.marketSell(orderId, owner, amount);
    if (this.fired.length !== 0) this.releaseFired();
    return code;
  }

  /**
   * A stop-limit order: pending until a trade at or beyond `trigger` (ABOVE: price ≥ trigger, BELOW:
   * price ≤ trigger) after its placement, then the limit order `placeLimit` would place at that moment.
   * Checked now: its fields and a BUY's notional (price × amount); the checks that depend on the book run
   * when it fires (a REJECTED then follows its STOP_TRIGGERED).
   */
  placeStopLimit(
    orderId: number,
    owner: number,
    side: Side,
    trigger: number,
    direction: TriggerDirection,
    price: number,
    amount: number,
    timeInForce: TimeInForce = 'GTC',
    postOnly = false,
  ): ResultCode {
    const code = this.checkStopLimit(
      orderId,
      owner,
      side,
      trigger,
      direction,
      price,
      amount,
      timeInForce,
      postOnly,
    );
    if (code !== ResultCode.OK) return this.out.rejected(orderId, owner, code);
    this.pend(
      newStop({
        orderId,
        owner,
        side,
        orderType: 'LIMIT',
        trigger,
        direction,
        price,
        amount,
        total: 0,
        timeInForce,
        postOnly,
        ocoOrderId: 0,
      }),
    );
    return ResultCode.OK;
  }

  /** A stop-limit's own checks: its fields, its trigger, a BUY's notional, an id not in use. */
  private checkStopLimit(
    orderId: number,
    owner: number,
    side: Side,
    trigger: number,
    direction: TriggerDirection,
    price: number,
    amount: number,
    timeInForce: TimeInForce,
    postOnly: boolean,
  ): ResultCode {
    let code = checkLimitFields(orderId, owner, side, price, amount, timeInForce, postOnly);
    if (code === ResultCode.OK) code = checkTrigger(trigger, direction);
    if (code === ResultCode.OK && price * amount > MAX_QUANTITY) code = ResultCode.NOTIONAL_TOO_LARGE;
    if (code === ResultCode.OK && this.inUse(orderId)) code = ResultCode.DUPLICATE_ORDER_ID;
    return code;
  }

  /** Keeps a stop until its trigger, and says so (STOP_PLACED: the server holds its funds here). */
  private pend(stop: StopOrder): void {
    this.stops.add(stop);
    this.out.stopPlaced(stop);
  }

  /**
   * A stop-market order: pending like a stop-limit, then a market BUY spending `quantity` quote units or a
   * market SELL of `quantity` lots.
   */
  placeStopMarket(
    orderId: number,
    owner: number,
    side: Side,
    trigger: number,
    direction: TriggerDirection,
    quantity: number,
  ): ResultCode {
    let code = checkMarketFields(orderId, owner, side, quantity);
    if (code === ResultCode.OK) code = checkTrigger(trigger, direction);
    if (code === ResultCode.OK && this.inUse(orderId)) code = ResultCode.DUPLICATE_ORDER_ID;
    if (code !== ResultCode.OK) return this.out.rejected(orderId, owner, code);
    const [amount, total] = side === 'BUY' ? [0, quantity] : [quantity, 0];
    this.pend(
      newStop({
        orderId,
        owner,
        side,
        orderType: 'MARKET',
        trigger,
        direction,
        price: 0,
        amount,
        total,
        timeInForce: 'IOC',
        postOnly: false,
        ocoOrderId: 0,
      }),
    );
    return ResultCode.OK;
  }

  /**
   * One-cancels-the-other: a GTC limit leg `orderId` at `price` and a GTC stop-limit leg `stopOrderId`
   * (`trigger`, `direction`, `stopPrice`), same owner, side and amount. Emits STOP_PLACED for the stop leg,
   * then places the limit leg as `placeLimit` does. The first leg to trade (even partly) or to fire wins: a
   * limit-leg trade cancels the stop leg at once (reason OCO); a fired stop leg cancels the resting limit leg
   * when it is released — unless the limit leg traded in between, which cancels the stop leg instead. A
   * limit leg that ends without trading (cancel, self-trade prevention, post-only) cancels the pending stop
   * leg; cancelling the stop leg cancels the limit leg. So both legs never trade. A refused OCO emits
   * REJECTED for the limit leg, then for the stop leg.
   */
  placeOco(
    orderId: number,
    owner: number,
    side: Side,
    amount: number,
    price: number,
    postOnly: boolean,
    stopOrderId: number,
    trigger: number,
    direction: TriggerDirection,
    stopPrice: number,
  ): ResultCode {
    let code: ResultCode = this.checkStopLimit(
      stopOrderId,
      owner,
      side,
      trigger,
      direction,
      stopPrice,
      amount,
      'GTC',
      false,
    );
    if (code === ResultCode.OK && stopOrderId === orderId) code = ResultCode.INVALID_OCO;
    if (code === ResultCode.OK) code = this.checkLimit(orderId, owner, side, price, amount, 'GTC', postOnly);
    if (code !== ResultCode.OK) {
      this.out.rejected(orderId, owner, code);
      return this.out.rejected(stopOrderId, owner, code);
    }
    const stop = newStop({
      orderId: stopOrderId,
      owner,
      side,
      orderType: 'LIMIT',
      trigger,
      direction,
      price: stopPrice,
      amount,
      total: 0,
      timeInForce: 'GTC',
      postOnly: false,
      ocoOrderId: orderId,
    });
    this.pend(stop);
    code = this.limit(orderId, owner, side, price, amount, 'GTC', postOnly, stop);
    if (this.fired.length !== 0) this.releaseFired();
    return code;
  }

  private limit(
    orderId: number,
    owner: number,
    side: Side,
    price: number,
    amount: number,
    timeInForce: TimeInForce,
    postOnly: boolean,
    oco: StopOrder | null,
  ): ResultCode {
    const code = this.checkLimit(orderId, owner, side, price, amount, timeInForce, postOnly);
    if (code !== ResultCode.OK) return this.out.rejected(orderId, owner, code);
    this.out.accepted(orderId, owner, side, 'LIMIT', price, amount, 0, timeInForce, postOnly);
    const taker = this.newNode(orderId, owner, side, price, amount);
    if (oco !== null) {
      taker.oco = oco;
      oco.partner = taker;
    }
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

  private marketBuy(orderId: number, owner: number, total: number): ResultCode {
    let code = checkMarketFields(orderId, owner, 'BUY', total);
    if (code === ResultCode.OK && this.inUse(orderId)) code = ResultCode.DUPLICATE_ORDER_ID;
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

  private marketSell(orderId: number, owner: number, amount: number): ResultCode {
    let code = checkMarketFields(orderId, owner, 'SELL', amount);
    if (code === ResultCode.OK && this.inUse(orderId)) code = ResultCode.DUPLICATE_ORDER_ID;
    if (code === ResultCode.OK && amount * (this.bids.best()?.price ?? 0) > MAX_QUANTITY) {
      code = ResultCode.NOTIONAL_TOO_LARGE;
    }
    if (code !== ResultCode.OK) return this.out.rejected(orderId, owner, code);
    this.out.accepted(orderId, owner, 'SELL', 'MARKET', 0, amount, 0, 'IOC', false);
    const taker = this.newNode(orderId, owner, 'SELL', 0, amount);
    this.matchAmount(taker, this.bids, 0);
    return this.endTaker(taker, taker.remaining === 0 ? null : 'NO_LIQUIDITY');
  }

  /**
   * Cancels a resting order or a pending stop (reason USER), and the other leg of its OCO (reason OCO). An
   * id that is neither gives UNKNOWN_ORDER and no event.
   */
  cancel(orderId: number): ResultCode {
    const node = this.orders.get(orderId);
    if (node !== undefined) {
      this.cancelResting(node, node.side === 'BUY' ? this.bids : this.asks, 'USER');
      return ResultCode.OK;
    }
    const stop = this.stops.size === 0 ? undefined : this.stops.byId.get(orderId);
    if (stop === undefined) {
      return isPositive(orderId) ? ResultCode.UNKNOWN_ORDER : ResultCode.INVALID_ORDER_ID;
    }
    this.stops.remove(stop);
    this.out.stopCancelled(stop, 'USER');
    this.cancelPartner(stop);
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
      case 'STOP_LIMIT': {
        const { orderId, owner, side, trigger, direction, price, amount } = command;
        const { timeInForce = 'GTC', postOnly = false } = command;
        return this.placeStopLimit(
          orderId,
          owner,
          side,
          trigger,
          direction,
          price,
          amount,
          timeInForce,
          postOnly,
        );
      }
      case 'STOP_MARKET': {
        const { orderId, owner, side, trigger, direction } = command;
        const quantity = command.side === 'BUY' ? command.total : command.amount;
        return this.placeStopMarket(orderId, owner, side, trigger, direction, quantity);
      }
      case 'OCO': {
        const { orderId, owner, side, amount, price, postOnly = false } = command;
        const { stopOrderId, trigger, direction, stopPrice } = command;
        return this.placeOco(
          orderId,
          owner,
          side,
          amount,
          price,
          postOnly,
          stopOrderId,
          trigger,
          direction,
          stopPrice,
        );
      }
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

  /** A pending stop (an OCO's stop leg included), or undefined once it fired or was cancelled. */
  stop(orderId: number): PendingStop | undefined {
    const stop = this.stops.byId.get(orderId);
    return stop === undefined ? undefined : toPendingStop(stop);
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
    if (this.stops.size === 0) return { sequence: this.out.seq, orders };
    return { sequence: this.out.seq, orders, stops: this.stops.list().map(toPendingStop) };
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
    this.stops.clear();
    for (const order of snapshot.orders) {
      const node = this.newNode(order.orderId, order.owner, order.side, order.price, order.amount);
      node.remaining = order.amount - order.filled;
      node.filled = order.filled;
      node.filledQuote = order.filledQuote;
      (order.side === 'BUY' ? this.bids : this.asks).append(node);
      this.orders.set(order.orderId, node);
    }
    for (const s of snapshot.stops ?? []) {
      const stop = newStop(s);
      if (s.ocoOrderId !== 0) {
        const partner = this.orders.get(s.ocoOrderId)!;
        partner.oco = stop;
        stop.partner = partner;
      }
      this.stops.add(stop);
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
    if (this.inUse(orderId)) return ResultCode.DUPLICATE_ORDER_ID;
    const bestBid = this.bids.best()?.price ?? 0;
    const worstPrice = side === 'SELL' && bestBid > price ? bestBid : price;
    if (worstPrice * amount > MAX_QUANTITY) return ResultCode.NOTIONAL_TOO_LARGE;
    const own = side === 'BUY' ? this.bids : this.asks;
    if (timeInForce === 'GTC' && own.total + amount > MAX_QUANTITY) return ResultCode.SIDE_TOTAL_TOO_LARGE;
    return ResultCode.OK;
  }

  /** Is the id taken by a resting order or a pending stop? */
  private inUse(orderId: number): boolean {
    return this.orders.has(orderId) || (this.stops.size !== 0 && this.stops.byId.has(orderId));
  }

  /**
   * Releases the stops fired by the command that just ran, in order, each as the plain order placed now;
   * the stops they fire in turn join the end of the queue. A stop whose OCO limit leg traded after it fired
   * is cancelled instead (OCO); otherwise its resting limit leg is cancelled (OCO) before it goes live.
   */
  private releaseFired(): void {
    const fired = this.fired;
    for (let i = 0; i < fired.length; i++) {
      const stop = fired[i]!;
      if (stop.partnerTraded) {
        this.out.stopCancelled(stop, 'OCO');
        continue;
      }
      this.out.stopTriggered(stop);
      this.cancelPartner(stop);
      if (stop.orderType === 'LIMIT') {
        const { id, owner, side, price, amount, timeInForce, postOnly } = stop;
        this.limit(id, owner, side, price, amount, timeInForce, postOnly, null);
      } else if (stop.side === 'BUY') this.marketBuy(stop.id, stop.owner, stop.total);
      else this.marketSell(stop.id, stop.owner, stop.amount);
    }
    fired.length = 0;
  }

  /** Cancels the resting limit leg of a stop's OCO (reason OCO), if it is still linked. */
  private cancelPartner(stop: StopOrder): void {
    const partner = stop.partner;
    if (partner === null) return;
    stop.partner = null;
    partner.oco = null;
    this.cancelResting(partner, partner.side === 'BUY' ? this.bids : this.asks, 'OCO');
  }

  /** The OCO's limit leg traded: a pending stop leg is cancelled now, a fired one when it is released. */
  private ocoTraded(stop: StopOrder): void {
    stop.partner = null;
    if (this.stops.byId.get(stop.id) === stop) {
      this.stops.remove(stop);
      this.out.stopCancelled(stop, 'OCO');
    } else stop.partnerTraded = true;
  }

  /** The OCO's limit leg ended without trading: a pending stop leg is cancelled; a fired one stands. */
  private ocoEnded(node: OrderNode): void {
    const stop = node.oco!;
    node.oco = null;
    stop.partner = null;
    if (this.stops.byId.get(stop.id) === stop) {
      this.stops.remove(stop);
      this.out.stopCancelled(stop, 'OCO');
    }
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
    node.oco = null;
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
    const makerOco = maker.oco;
    if (maker.remaining === 0) {
      book.unlink(maker);
      this.orders.delete(maker.id);
      this.out.done(maker, 'FILLED');
      maker.oco = null;
      this.pool.give(maker);
    }
    if (makerOco !== null) {
      maker.oco = null;
      this.ocoTraded(makerOco);
    }
    if (taker.oco !== null) {
      const takerOco = taker.oco;
      taker.oco = null;
      this.ocoTraded(takerOco);
    }
    if (this.stops.size !== 0) this.stops.fire(price, this.fired);
  }

  private cancelResting(node: OrderNode, book: BookSide, reason: CancelReason): void {
    this.out.cancelled(node, reason, 0);
    book.unlink(node);
    this.orders.delete(node.id);
    this.out.done(node, 'CANCELLED');
    if (node.oco !== null) this.ocoEnded(node);
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
    if (taker.oco !== null) this.ocoEnded(taker);
    this.pool.give(taker);
    return ResultCode.OK;
  }
}

/** A stop order with `fields` (a snapshot's pending stop, or one being placed). */
function newStop(fields: PendingStop): StopOrder {
  const stop = new StopOrder();
  stop.id = fields.orderId;
  stop.owner = fields.owner;
  stop.side = fields.side;
  stop.orderType = fields.orderType;
  stop.trigger = fields.trigger;
  stop.direction = fields.direction;
  stop.price = fields.price;
  stop.amount = fields.amount;
  stop.total = fields.total;
  stop.timeInForce = fields.timeInForce;
  stop.postOnly = fields.postOnly;
  stop.ocoOrderId = fields.ocoOrderId;
  return stop;
}

/** Creates an empty engine for one market; `onEvent` receives every event (see `EngineEvent`). */
export function createEngine(onEvent?: EngineListener): Engine {
  return new Engine(onEvent);
}
