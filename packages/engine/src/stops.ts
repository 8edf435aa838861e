import { StopOrder } from './book.ts';
import { IdMap } from './id-map.ts';
import type { PendingStop } from './types.ts';

// The stop order's class sits beside the book's order node, which links to it (an OCO's two legs).
export { StopOrder };

/**
 * Pending stops of one market: by id, and in two arrays sorted so that the next stop to fire is LAST
 * (ABOVE by descending trigger, BELOW by ascending trigger), so that a trade pops exactly the stops it
 * reaches. Removing one stop by id (cancel, OCO) is a binary search plus a splice.
 */
export class StopBook {
  readonly byId = new IdMap<StopOrder>(64);
  readonly above: StopOrder[] = [];
  readonly below: StopOrder[] = [];
  private ordinal = 0;

  get size(): number {
    return this.byId.size;
  }

  add(stop: StopOrder): void {
    stop.ordinal = ++this.ordinal;
    this.byId.set(stop.id, stop);
    const list = stop.direction === 'ABOVE' ? this.above : this.below;
    list.splice(this.search(list, stop), 0, stop);
  }

  remove(stop: StopOrder): void {
    this.byId.delete(stop.id);
    const list = stop.direction === 'ABOVE' ? this.above : this.below;
    let i = this.search(list, stop);
    while (list[i] !== stop) i++;
    list.splice(i, 1);
  }

  /**
   * Moves every stop that a trade at `price` reaches to the end of `fired`, in placement order among
   * themselves (stops fired by an earlier trade stay ahead).
   */
  fire(price: number, fired: StopOrder[]): void {
    const start = fired.length;
    const { above, below } = this;
    while (above.length !== 0 && above[above.length - 1]!.trigger <= price) {
      const stop = above.pop()!;
      this.byId.delete(stop.id);
      stop.lastPrice = price;
      fired.push(stop);
    }
    while (below.length !== 0 && below[below.length - 1]!.trigger >= price) {
      const stop = below.pop()!;
      this.byId.delete(stop.id);
      stop.lastPrice = price;
      fired.push(stop);
    }
    if (fired.length - start > 1) {
      const batch = fired.splice(start).sort((a, b) => a.ordinal - b.ordinal);
      fired.push(...batch);
    }
  }

  /** Every pending stop in placement order. */
  list(): StopOrder[] {
    return [...this.above, ...this.below].sort((a, b) => a.ordinal - b.ordinal);
  }

  clear(): void {
    this.byId.clear();
    this.above.length = 0;
    this.below.length = 0;
    this.ordinal = 0;
  }

  /**
   * Index of the first element that fires no earlier than `stop` (ABOVE: trigger ≤ stop's, BELOW:
   * trigger ≥ stop's), i.e. where `stop` goes when inserted after every stop with the same trigger; the
   * arrays hold later-fired first, so a new stop with an equal trigger goes before them (placement order
   * is restored by `fire`'s sort).
   */
  private search(list: StopOrder[], stop: StopOrder): number {
    const up = stop.direction === 'ABOVE';
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const t = list[mid]!.trigger;
      if (up ? t > stop.trigger : t < stop.trigger) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

export function toPendingStop(stop: StopOrder): PendingStop {
  const { id: orderId, owner, side, orderType, trigger, direction, price, amount, total } = stop;
  const { timeInForce, postOnly, ocoOrderId } = stop;
  return {
    orderId,
    owner,
    side,
    orderType,
    trigger,
    direction,
    price,
    amount,
    total,
    timeInForce,
    postOnly,
    ocoOrderId,
  };
}
