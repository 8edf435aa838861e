import type { Depth, RestingOrder, Side } from '../types.ts';

/**
 * A deliberately naive order book rebuilt from the engine's events alone (RESTED adds, TRADE reduces the
 * maker, CANCELLED removes). Insertion order of the map is time priority. Tests compare it with the engine
 * after every step and ask it who must be matched next, so a wrong priority or a missing event shows up.
 */
export class ShadowBook {
  readonly resting = new Map<number, RestingOrder>();

  add(order: RestingOrder): void {
    this.resting.set(order.orderId, { ...order });
  }

  /** The order that price-time priority puts first on `side`, or undefined when that side is empty. */
  head(side: Side): RestingOrder | undefined {
    let best: RestingOrder | undefined;
    for (const order of this.resting.values()) {
      if (order.side !== side) continue;
      if (best === undefined || (side === 'BUY' ? order.price > best.price : order.price < best.price)) {
        best = order;
      }
    }
    return best;
  }

  /** Lots a taker on `side` of `owner` could fill up to `limit`, not counting the owner's own orders. */
  available(side: Side, owner: number, limit: number): number {
    let sum = 0;
    for (const order of this.resting.values()) {
      if (order.side === side || order.owner === owner) continue;
      if (side === 'BUY' ? order.price <= limit : order.price >= limit) sum += order.amount - order.filled;
    }
    return sum;
  }

  depth(): Depth {
    const bids = new Map<number, number>();
    const asks = new Map<number, number>();
    for (const order of this.resting.values()) {
      const levels = order.side === 'BUY' ? bids : asks;
      levels.set(order.price, (levels.get(order.price) ?? 0) + order.amount - order.filled);
    }
    return {
      bids: [...bids].sort((a, b) => b[0] - a[0]),
      asks: [...asks].sort((a, b) => a[0] - b[0]),
    };
  }

  /** The engine's snapshot order: bids best level first, then asks, FIFO within a level. */
  orders(): RestingOrder[] {
    const bySide = (side: Side) =>
      [...this.resting.values()]
        .filter((order) => order.side === side)
        .map((order, index) => ({ order, index }))
        .sort(
          (a, b) =>
            (side === 'BUY' ? b.order.price - a.order.price : a.order.price - b.order.price) ||
            a.index - b.index,
        )
        .map(({ order }) => order);
    return [...bySide('BUY'), ...bySide('SELL')];
  }
}
