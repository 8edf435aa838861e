import type { BookSide, OrderNode } from './book.ts';
import type { Engine } from './engine.ts';
import type { StopOrder } from './stops.ts';
import { MAX_QUANTITY } from './types.ts';

/**
 * Walks the whole book and lists every broken invariant (empty when the state is sound): levels strictly
 * sorted with the best last, no empty level, each level's total and count equal to its orders, consistent
 * links, the order map holding exactly the linked orders, side totals, and best bid < best ask; pending stops
 * sorted by trigger, indexed by id, never sharing an id with a resting order, no fired stop left over, and
 * each OCO stop leg linked both ways to its resting, untraded limit leg. O(orders + stops):
 * for tests and for an operator's health check, never on the hot path (exchange-core's
 * `OrderBookBaseTest.validateInternalState()`).
 */
export function validateInternalState(engine: Engine): string[] {
  const problems: string[] = [];
  const linked = new Set<OrderNode>();
  checkSide(engine.bids, linked, problems);
  checkSide(engine.asks, linked, problems);
  if (engine.orders.size !== linked.size) {
    problems.push(`order map holds ${engine.orders.size} orders, levels link ${linked.size}`);
  }
  engine.orders.forEach((node, id) => {
    if (node.id !== id) problems.push(`order map key ${id} points at order ${node.id}`);
    if (!linked.has(node)) problems.push(`order ${id} is in the map but in no level`);
    if (engine.orders.get(id) !== node) problems.push(`order ${id} is not found where it is stored`);
  });
  const bid = engine.bestBid();
  const ask = engine.bestAsk();
  if (bid !== undefined && ask !== undefined && bid >= ask)
    problems.push(`crossed book: bid ${bid} ≥ ask ${ask}`);
  checkStops(engine, problems);
  return problems;
}

function checkStops(engine: Engine, problems: string[]): void {
  const { byId, above, below } = engine.stops;
  if (engine.fired.length !== 0) problems.push(`${engine.fired.length} fired stops not released`);
  if (byId.size !== above.length + below.length) {
    problems.push(`stop map holds ${byId.size} stops, the trigger lists ${above.length + below.length}`);
  }
  const check = (list: StopOrder[], direction: 'ABOVE' | 'BELOW') => {
    list.forEach((stop, i) => {
      const at = `stop ${stop.id}`;
      if (stop.direction !== direction) problems.push(`${at} is in the ${direction} list`);
      if (byId.get(stop.id) !== stop) problems.push(`${at} is missing from the stop map`);
      if (engine.orders.has(stop.id)) problems.push(`${at} shares its id with a resting order`);
      const next = list[i + 1];
      if (
        next !== undefined &&
        (direction === 'ABOVE' ? next.trigger > stop.trigger : next.trigger < stop.trigger)
      )
        problems.push(`${at}: ${direction} list not sorted`);
      if (stop.ocoOrderId === 0) return;
      const partner = stop.partner;
      if (partner === null || engine.orders.get(stop.ocoOrderId) !== partner || partner.oco !== stop)
        problems.push(`${at}: OCO limit leg ${stop.ocoOrderId} not linked both ways`);
      else if (partner.filled !== 0) problems.push(`${at}: OCO limit leg traded but the stop is pending`);
    });
  };
  check(above, 'ABOVE');
  check(below, 'BELOW');
  engine.orders.forEach((node, id) => {
    if (node.oco !== null && (byId.get(node.oco.id) !== node.oco || node.oco.partner !== node))
      problems.push(`order ${id} links a stop leg that is not pending or not linked back`);
  });
}

function checkSide(book: BookSide, linked: Set<OrderNode>, problems: string[]): void {
  const name = book.side === 'BUY' ? 'bid' : 'ask';
  let sideTotal = 0;
  if (book.byPrice.size !== book.levels.length) {
    problems.push(
      `${name}: ${book.byPrice.size} levels in the price map, ${book.levels.length} in the array`,
    );
  }
  book.levels.forEach((level, index) => {
    const at = `${name} level ${level.price}`;
    const previous = book.levels[index - 1];
    if (previous !== undefined && previous.key >= level.key)
      problems.push(`${at}: not sorted after ${previous.price}`);
    if (level.key !== (book.side === 'BUY' ? level.price : -level.price)) problems.push(`${at}: wrong key`);
    if (book.byPrice.get(level.price) !== level) problems.push(`${at}: missing from the price map`);
    if (level.count === 0 || level.head === null) problems.push(`${at}: empty level`);
    let total = 0;
    let count = 0;
    let previousNode: OrderNode | null = null;
    for (let node = level.head; node !== null; node = node.next) {
      count++;
      total += node.remaining;
      linked.add(node);
      if (node.prev !== previousNode) problems.push(`${at}: order ${node.id} has a broken prev link`);
      if (node.level !== level) problems.push(`${at}: order ${node.id} points at another level`);
      if (node.price !== level.price) problems.push(`${at}: order ${node.id} has price ${node.price}`);
      if (node.side !== book.side) problems.push(`${at}: order ${node.id} is on the wrong side`);
      if (node.remaining <= 0) problems.push(`${at}: order ${node.id} rests with nothing remaining`);
      if (node.remaining + node.filled !== node.amount)
        problems.push(`${at}: order ${node.id} loses quantity`);
      previousNode = node;
    }
    if (level.tail !== previousNode) problems.push(`${at}: tail is not the last order`);
    if (count !== level.count) problems.push(`${at}: count ${level.count}, linked ${count}`);
    if (total !== level.total) problems.push(`${at}: total ${level.total}, orders sum to ${total}`);
    sideTotal += total;
  });
  if (sideTotal !== book.total)
    problems.push(`${name}: side total ${book.total}, levels sum to ${sideTotal}`);
  if (book.total > MAX_QUANTITY) problems.push(`${name}: side total beyond MAX_QUANTITY`);
}
