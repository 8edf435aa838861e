import { IdMap } from './id-map.ts';
import type { OrderType, RestingOrder, Side, TimeInForce, TriggerDirection } from './types.ts';

/**
 * An order inside the engine: a node of its price level's intrusive doubly linked FIFO list, so that
 * removing it (cancel, fill) is O(1) once the order-id map has found it. Nodes are pooled and reused;
 * nothing outside the engine ever holds one.
 */
export class OrderNode {
  id = 0;
  owner = 0;
  side: Side = 'BUY';
  price = 0;
  amount = 0;
  remaining = 0;
  filled = 0;
  filledQuote = 0;
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: Level | null = null;
  /** The pending stop leg of this order's OCO, while it is linked (the limit leg has not traded). */
  oco: StopOrder | null = null;
}

/** A stop order waiting for its trigger, outside the book. */
export class StopOrder {
  id = 0;
  owner = 0;
  side: Side = 'BUY';
  orderType: OrderType = 'LIMIT';
  trigger = 0;
  direction: TriggerDirection = 'ABOVE';
  price = 0;
  amount = 0;
  total = 0;
  timeInForce: TimeInForce = 'GTC';
  postOnly = false;
  /** Placement order, the tie-break between stops that one trade fires. */
  ordinal = 0;
  /** The OCO's limit leg while it rests untraded; null for a plain stop or once the link is resolved. */
  partner: OrderNode | null = null;
  /** The OCO's limit leg id (0 for a plain stop), kept for events and snapshots. */
  ocoOrderId = 0;
  /** The limit leg traded after this stop fired but before it was released: the stop is cancelled. */
  partnerTraded = false;
  /** The price of the trade that fired it. */
  lastPrice = 0;
}

/** A price level: its FIFO of orders and the sum of their remaining amounts. */
export class Level {
  price = 0;
  /** Sort key: price for bids, −price for asks, so that on both sides the best level has the largest key. */
  key = 0;
  total = 0;
  count = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
}

const POOL_LIMIT = 1 << 16;

/**
 * One side of the book. Active levels sit in an array sorted by ascending key, best level LAST: the best is
 * `levels[length − 1]`, a level emptied by matching is removed with `pop()`, and new levels (which arrive
 * near the spread) are inserted near the end after a binary search, moving few elements. A map from price
 * to level finds the level a new order joins in O(1).
 */
export class BookSide {
  readonly levels: Level[] = [];
  readonly byPrice = new IdMap<Level>(256);
  /** Sum of every resting order's remaining amount on this side, kept ≤ MAX_QUANTITY by the engine. */
  total = 0;
  private readonly levelPool: Level[] = [];

  constructor(readonly side: Side) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** Appends the node at the tail of its price level's FIFO, creating the level when needed. */
  append(node: OrderNode): void {
    let level = this.byPrice.get(node.price);
    if (level === undefined) level = this.addLevel(node.price);
    node.level = level;
    node.prev = level.tail;
    node.next = null;
    if (level.tail === null) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.count++;
    level.total += node.remaining;
    this.total += node.remaining;
  }

  /** Unlinks the node; removes its level when it was the last order. The node's remaining is not changed. */
  unlink(node: OrderNode): void {
    const level = node.level!;
    if (node.prev === null) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) level.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = null;
    node.next = null;
    node.level = null;
    level.count--;
    level.total -= node.remaining;
    this.total -= node.remaining;
    if (level.count === 0) this.removeLevel(level);
  }

  /** Takes `amount` off a resting node in place (a partial or complete fill) and off its level's total. */
  reduce(node: OrderNode, amount: number): void {
    node.remaining -= amount;
    node.level!.total -= amount;
    this.total -= amount;
  }

  /** Would a taker from the other side, limited to `price`, match this side's best level? */
  crossedAt(price: number): boolean {
    const best = this.best();
    return best !== undefined && (this.side === 'SELL' ? best.price <= price : best.price >= price);
  }

  /**
   * FOK pre-check: do orders of owners other than `owner`, at prices a taker limited to `limit` reaches,
   * add up to `amount`? The owner's own orders don't count: self-trade prevention cancels, not fills, them.
   */
  canFill(owner: number, limit: number, amount: number): boolean {
    const levels = this.levels;
    let need = amount;
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i]!;
      if (this.side === 'SELL' ? level.price > limit : level.price < limit) return false;
      for (let node = level.head; node !== null; node = node.next) {
        if (node.owner !== owner) {
          need -= node.remaining;
          if (need <= 0) return true;
        }
      }
    }
    return false;
  }

  /** The best `count` levels as `[price, total]`, best first. */
  top(count: number): [number, number][] {
    const result: [number, number][] = [];
    const levels = this.levels;
    for (let i = levels.length - 1; i >= 0 && result.length < count; i--) {
      result.push([levels[i]!.price, levels[i]!.total]);
    }
    return result;
  }

  clear(): void {
    this.levels.length = 0;
    this.byPrice.clear();
    this.total = 0;
  }

  private addLevel(price: number): Level {
    const level = this.levelPool.pop() ?? new Level();
    level.price = price;
    level.key = this.side === 'BUY' ? price : -price;
    const levels = this.levels;
    const n = levels.length;
    if (n === 0 || levels[n - 1]!.key < level.key) {
      levels.push(level);
    } else {
      levels.splice(this.searchKey(level.key), 0, level);
    }
    this.byPrice.set(price, level);
    return level;
  }

  private removeLevel(level: Level): void {
    const levels = this.levels;
    if (levels[levels.length - 1] === level) levels.pop();
    else levels.splice(this.searchKey(level.key), 1);
    this.byPrice.delete(level.price);
    level.head = null;
    level.tail = null;
    level.total = 0;
    if (this.levelPool.length < POOL_LIMIT) this.levelPool.push(level);
  }

  /** Index of the first level whose key is ≥ `key` (binary search over the sorted array). */
  private searchKey(key: number): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (levels[mid]!.key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** A free list of order nodes, so that a steady flow of orders allocates nothing once warmed up. */
export class NodePool {
  private readonly free: OrderNode[] = [];

  take(): OrderNode {
    return this.free.pop() ?? new OrderNode();
  }

  give(node: OrderNode): void {
    if (this.free.length < POOL_LIMIT) this.free.push(node);
  }
}

export function toRestingOrder(node: OrderNode): RestingOrder {
  const { id: orderId, owner, side, price, amount, filled, filledQuote } = node;
  return { orderId, owner, side, price, amount, filled, filledQuote };
}
