// Stage 3 of 4 — SETTLE: the batch's engine events become fills with their fees, each touched order's
// new state, and the holds to release (exchange-core's risk release). Pure: stage 4 writes the result.
import type { EngineEvent, RestingOrder, TimeInForce, TriggerDirection } from '@fit24/engine';
import type { OrderStatus } from '../../db/schema-trading.ts';
import { baseOf, feeOn, holdFor, holdPerLot, type MarketInfo, quoteOf } from '../market/units.ts';

type Side = 'BUY' | 'SELL';

/**
 * An order placed in this batch, in engine units (ticks, lots, quote units), as the engine ran it (and as
 * the batch log carries it to the followers). An OCO is one command for two orders: its limit leg
 * (`orderId`, `price`, `postOnly`) and its stop-limit leg (`stopOrderId`, `trigger`, `direction`,
 * `stopPrice`); `legsOf` splits it.
 */
export interface PlacedOrder {
  orderId: number;
  userId: number;
  side: Side;
  type: 'LIMIT' | 'MARKET' | 'STOP_LIMIT' | 'STOP_MARKET' | 'OCO';
  /** Ticks; 0 for a market or stop-market order. */
  price: number;
  /** Lots; 0 for a market or stop-market BUY. */
  amount: number;
  /** Engine quote units a market or stop-market BUY may spend; 0 otherwise. */
  total: number;
  timeInForce: TimeInForce;
  postOnly: boolean;
  /** Stops and OCO: the trigger (ticks) and its direction. */
  trigger?: number;
  direction?: TriggerDirection;
  /** OCO: the stop-limit leg's id and price (ticks). */
  stopOrderId?: number;
  stopPrice?: number;
}

/** The orders a placement makes: itself, or an OCO's limit leg (LIMIT) and stop leg (STOP_LIMIT). */
export function legsOf(o: PlacedOrder): PlacedOrder[] {
  if (o.type !== 'OCO') return [o];
  const { userId, side, amount } = o;
  return [
    {
      orderId: o.orderId,
      userId,
      side,
      type: 'LIMIT',
      price: o.price,
      amount,
      total: 0,
      timeInForce: 'GTC',
      postOnly: o.postOnly,
    },
    {
      orderId: o.stopOrderId!,
      userId,
      side,
      type: 'STOP_LIMIT',
      price: o.stopPrice!,
      amount,
      total: 0,
      timeInForce: 'GTC',
      postOnly: false,
      trigger: o.trigger!,
      direction: o.direction!,
    },
  ];
}

const isStop = (o: PlacedOrder | undefined) => o?.type === 'STOP_LIMIT' || o?.type === 'STOP_MARKET';

/** A stop that was pending when the batch began (placed by an earlier batch), and what it holds now. */
export interface KnownStop {
  order: PlacedOrder;
  held: bigint;
}

export interface Fill {
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  takerSide: Side;
  /** Ticks and lots. */
  price: number;
  amount: number;
  /** Base units: what the buyer receives (base) and the seller receives (quote), before fees. */
  base: bigint;
  quote: bigint;
  /** Each in the asset its payer receives. */
  makerFee: bigint;
  takerFee: bigint;
}

/** An order's state after the batch, as the orders table will hold it. */
export interface Outcome {
  orderId: number;
  userId: number;
  side: Side;
  status: OrderStatus;
  /** Lots, and base units of quote, over the order's life. */
  filled: bigint;
  filledQuote: bigint;
  holdRemaining: bigint;
  restSeq: number | null;
  cancelReason: string | null;
  /** Lots filled by this batch (for the fill notification). */
  filledNow: bigint;
  rejectCode: number | null;
  /** A stop fired in this batch. */
  triggered: boolean;
}

/** Held funds going back to available, one per order per batch. */
export interface Release {
  orderId: number;
  userId: number;
  assetId: number;
  amount: bigint;
}

export interface Settlement {
  fills: Fill[];
  outcomes: Outcome[];
  releases: Release[];
  /** Funds to hold again (available → on hold): a fired OCO stop leg whose limit leg's hold went back. */
  holds: Release[];
}

/** What the batch's events add up to, gathered event by event. */
interface Tally {
  placed: ReadonlyMap<number, PlacedOrder>;
  known: ReadonlyMap<number, KnownStop>;
  fills: Fill[];
  releases: Map<number, Release>;
  owners: Map<number, { userId: number; side: Side }>;
  restSeq: Map<number, number>;
  cancelReason: Map<number, string>;
  filledNow: Map<number, bigint>;
  done: Map<number, { status: 'FILLED' | 'CANCELLED'; filled: number; filledQuote: number }>;
  rejected: Map<number, number>;
  /** What each stop of the batch holds while pending (an OCO's stop leg: beyond its limit leg's hold). */
  held: Map<number, bigint>;
  /** Stops placed in the batch and still pending; stops fired in the batch. */
  untriggered: Set<number>;
  triggered: Set<number>;
  /** Stops cancelled while pending: their CANCELLED released everything (their DONE releases nothing). */
  cancelledPending: Set<number>;
  /** The stop whose STOP_TRIGGERED is the event just before this one (an OCO's limit leg is cancelled next). */
  justTriggered: { orderId: number; owner: number } | null;
}

/**
 * Turns one batch's engine events into what must be written: the fills with their fees, each touched
 * order's new state, and the holds to release. Pure. Hold rules (DESIGN §3):
 *   1. a fill consumes the maker's and the taker's holds at the maker's price;
 *   2. a limit BUY that fills below its price gets the difference back at once, so a resting BUY always
 *      holds exactly remaining × price;
 *   3. a remainder that leaves the book (cancel, IOC, FOK, post-only, self-trade) releases remaining ×
 *      what a lot holds; a market BUY releases total − spent when it ends; a rejection releases it all.
 * Stops (issue 17): a pending stop holds what its order will (a stop-market BUY its total); cancelled
 * while pending it releases all it holds; once fired it is the plain order placed then and follows the
 * rules above. An OCO's stop leg holds only what its limit exceeds the limit leg's hold by: when it fires,
 * the engine cancels the limit leg (reason OCO) right after its STOP_TRIGGERED, and that leg's hold passes
 * to the stop leg instead of going back (on hold both, no ledger movement), which makes its whole hold.
 * Fees: each side pays its own rate (maker or taker) on what it receives, rounded down.
 *
 * `placed`: the batch's orders (OCO legs apart, `legsOf`); `holds`: what the batch's new stops hold (their
 * rows at admission); `known`: the stops placed by earlier batches that the batch's events name.
 */
export function settle(
  m: MarketInfo,
  events: readonly EngineEvent[],
  placed: ReadonlyMap<number, PlacedOrder>,
  restingOrder: (orderId: number) => RestingOrder | undefined,
  holds: ReadonlyMap<number, bigint> = new Map(),
  known: ReadonlyMap<number, KnownStop> = new Map(),
): Settlement {
  const t: Tally = {
    placed,
    known,
    fills: [],
    releases: new Map(),
    owners: new Map([...placed].map(([id, o]) => [id, { userId: o.userId, side: o.side }])),
    restSeq: new Map(),
    cancelReason: new Map(),
    filledNow: new Map(),
    done: new Map(),
    rejected: new Map(),
    held: new Map([...known].map(([id, k]) => [id, k.held])),
    untriggered: new Set(),
    triggered: new Set(),
    cancelledPending: new Set(),
    justTriggered: null,
  };
  for (const [id, o] of placed) if (isStop(o)) t.held.set(id, holds.get(id) ?? 0n);
  for (const e of events) {
    switch (e.type) {
      case 'REJECTED':
        onRejected(m, t, e);
        break;
      case 'TRADE':
        onTrade(m, t, e);
        break;
      case 'RESTED':
        t.restSeq.set(e.orderId, e.seq);
        break;
      case 'CANCELLED':
        onCancelled(m, t, e);
        break;
      case 'DONE':
        onDone(m, t, e);
        break;
      case 'STOP_PLACED':
        t.owners.set(e.orderId, { userId: e.owner, side: e.side });
        t.restSeq.set(e.orderId, e.seq);
        t.untriggered.add(e.orderId);
        break;
      case 'STOP_TRIGGERED':
        t.owners.set(e.orderId, { userId: e.owner, side: e.side });
        t.untriggered.delete(e.orderId);
        t.triggered.add(e.orderId);
        break;
      case 'ACCEPTED':
        break;
    }
    t.justTriggered = e.type === 'STOP_TRIGGERED' ? { orderId: e.orderId, owner: e.owner } : null;
  }
  const holdsAgain = settleFired(m, t);
  const outcomes = [...t.owners].map(([orderId, owner]) => outcomeOf(m, t, orderId, owner, restingOrder));
  return { fills: t.fills, outcomes, releases: [...t.releases.values()], holds: holdsAgain };
}

/**
 * A fired stop holds from then on exactly what its plain order holds. It held that while pending, except an
 * OCO's stop leg, which makes it with its limit leg's hold: passed to it when the limit leg is cancelled
 * right after the firing (`onCancelled`); more than needed goes back now. Should the limit leg have ended
 * otherwise between the firing and the release (self-trade prevention in the same command), its hold went
 * back, and the stop leg holds the rest again from what that gave back (in the same batch, so it is there).
 */
function settleFired(m: MarketInfo, t: Tally): Release[] {
  const holds: Release[] = [];
  for (const orderId of t.triggered) {
    const order = orderOf(t, orderId);
    if (order === undefined || t.rejected.has(orderId)) continue;
    const plain = holdFor(m, {
      side: order.side,
      price: order.type === 'STOP_LIMIT' ? BigInt(order.price) : null,
      amount: order.amount > 0 ? BigInt(order.amount) : null,
      total: order.total > 0 ? BigInt(order.total) * m.quoteFactor : null,
    });
    const more = plain.amount - (t.held.get(orderId) ?? 0n);
    if (more < 0n) release(t, orderId, plain.assetId, -more);
    else if (more > 0n) holds.push({ orderId, userId: order.userId, assetId: plain.assetId, amount: more });
  }
  return holds;
}

type EventOf<T extends EngineEvent['type']> = Extract<EngineEvent, { type: T }>;

function release(t: Tally, orderId: number, assetId: number, amount: bigint): void {
  if (amount <= 0n) return;
  const userId = t.owners.get(orderId)!.userId;
  const r = t.releases.get(orderId) ?? { orderId, userId, assetId, amount: 0n };
  r.amount += amount;
  t.releases.set(orderId, r);
}

/** The order as placed (this batch, or an earlier stop); undefined for a follower that does not know it. */
function orderOf(t: Tally, orderId: number): PlacedOrder | undefined {
  return t.placed.get(orderId) ?? t.known.get(orderId)?.order;
}

function isMarketBuy(t: Tally, orderId: number): boolean {
  const order = orderOf(t, orderId);
  return (
    order !== undefined && (order.type === 'MARKET' || order.type === 'STOP_MARKET') && order.side === 'BUY'
  );
}

/** A stop still waiting for its trigger (placed in this batch or before, not fired). */
function isPendingStop(t: Tally, orderId: number): boolean {
  return t.untriggered.has(orderId) || (t.known.has(orderId) && !t.triggered.has(orderId));
}

const holdAsset = (m: MarketInfo, side: Side) => (side === 'BUY' ? m.quoteAssetId : m.baseAssetId);

/** The book refused a placed order (or a stop when it fired): its whole hold goes back. */
function onRejected(m: MarketInfo, t: Tally, e: EventOf<'REJECTED'>): void {
  t.rejected.set(e.orderId, e.code);
  const order = orderOf(t, e.orderId);
  if (order === undefined) return;
  const held = t.held.get(e.orderId);
  if (held !== undefined) {
    release(t, e.orderId, holdAsset(m, order.side), held);
    return;
  }
  const hold = holdFor(m, {
    side: order.side,
    price: order.type === 'LIMIT' ? BigInt(order.price) : null,
    amount: order.amount > 0 ? BigInt(order.amount) : null,
    total: order.total > 0 ? BigInt(order.total) * m.quoteFactor : null,
  });
  release(t, e.orderId, hold.assetId, hold.amount);
}

/** A fill at the maker's price, each side's fee on what it receives; a limit BUY's better price comes back. */
function onTrade(m: MarketInfo, t: Tally, e: EventOf<'TRADE'>): void {
  const makerSide: Side = e.takerSide === 'BUY' ? 'SELL' : 'BUY';
  t.owners.set(e.makerOrderId, { userId: e.makerOwner, side: makerSide });
  const base = baseOf(m, e.amount);
  const quote = quoteOf(m, e.price, e.amount);
  const buyerFee = feeOn(base, e.takerSide === 'BUY' ? m.takerFeePpm : m.makerFeePpm);
  const sellerFee = feeOn(quote, e.takerSide === 'SELL' ? m.takerFeePpm : m.makerFeePpm);
  t.fills.push({
    makerOrderId: e.makerOrderId,
    takerOrderId: e.takerOrderId,
    makerUserId: e.makerOwner,
    takerUserId: e.takerOwner,
    takerSide: e.takerSide,
    price: e.price,
    amount: e.amount,
    base,
    quote,
    makerFee: e.takerSide === 'BUY' ? sellerFee : buyerFee,
    takerFee: e.takerSide === 'BUY' ? buyerFee : sellerFee,
  });
  for (const id of [e.makerOrderId, e.takerOrderId]) {
    t.filledNow.set(id, (t.filledNow.get(id) ?? 0n) + BigInt(e.amount));
  }
  const taker = orderOf(t, e.takerOrderId);
  const limitBuy = taker?.side === 'BUY' && (taker.type === 'LIMIT' || taker.type === 'STOP_LIMIT');
  if (taker !== undefined && limitBuy && taker.price > e.price) {
    release(t, e.takerOrderId, m.quoteAssetId, quoteOf(m, taker.price - e.price, e.amount));
  }
}

/**
 * A remainder left the book: what its lots hold goes back (a market BUY settles when DONE). A stop cancelled
 * while pending gives back all it holds; an OCO's limit leg cancelled by its stop leg's firing gives its
 * hold to the stop leg.
 */
function onCancelled(m: MarketInfo, t: Tally, e: EventOf<'CANCELLED'>): void {
  t.owners.set(e.orderId, { userId: e.owner, side: e.side });
  t.cancelReason.set(e.orderId, e.reason);
  const assetId = holdAsset(m, e.side);
  if (isPendingStop(t, e.orderId)) {
    t.untriggered.delete(e.orderId);
    t.cancelledPending.add(e.orderId);
    release(t, e.orderId, assetId, t.held.get(e.orderId) ?? 0n);
    return;
  }
  const lots = BigInt(e.remaining) * holdPerLot(m, e.side, e.price);
  const stop = t.justTriggered;
  if (e.reason === 'OCO' && stop !== null && stop.owner === e.owner) {
    t.held.set(stop.orderId, (t.held.get(stop.orderId) ?? 0n) + lots);
    return;
  }
  if (isMarketBuy(t, e.orderId)) return;
  release(t, e.orderId, assetId, lots);
}

/** An order ended; a market BUY gets back what it did not spend of its total. */
function onDone(m: MarketInfo, t: Tally, e: EventOf<'DONE'>): void {
  t.owners.set(e.orderId, { userId: e.owner, side: e.side });
  t.done.set(e.orderId, { status: e.status, filled: e.filled, filledQuote: e.filledQuote });
  if (isMarketBuy(t, e.orderId) && !t.cancelledPending.has(e.orderId)) {
    const total = BigInt(orderOf(t, e.orderId)!.total);
    release(t, e.orderId, m.quoteAssetId, (total - BigInt(e.filledQuote)) * m.quoteFactor);
  }
}

/** A touched order's state after the batch: rejected, ended, or resting in the book. */
function outcomeOf(
  m: MarketInfo,
  t: Tally,
  orderId: number,
  { userId, side }: { userId: number; side: Side },
  restingOrder: (orderId: number) => RestingOrder | undefined,
): Outcome {
  const common = {
    orderId,
    userId,
    side,
    restSeq: t.restSeq.get(orderId) ?? null,
    cancelReason: t.cancelReason.get(orderId) ?? null,
    filledNow: t.filledNow.get(orderId) ?? 0n,
    rejectCode: t.rejected.get(orderId) ?? null,
    triggered: t.triggered.has(orderId),
  };
  if (t.rejected.has(orderId)) {
    return { ...common, status: 'REJECTED', filled: 0n, filledQuote: 0n, holdRemaining: 0n };
  }
  const ended = t.done.get(orderId);
  if (ended !== undefined) {
    return {
      ...common,
      status: ended.status,
      filled: BigInt(ended.filled),
      filledQuote: BigInt(ended.filledQuote) * m.quoteFactor,
      holdRemaining: 0n,
    };
  }
  if (t.untriggered.has(orderId)) {
    const held = t.held.get(orderId) ?? 0n;
    return { ...common, status: 'UNTRIGGERED', filled: 0n, filledQuote: 0n, holdRemaining: held };
  }
  const r = restingOrder(orderId);
  if (r === undefined) throw new Error(`order ${orderId} neither ended nor rests`);
  return {
    ...common,
    status: r.filled > 0 ? 'PARTIAL' : 'NEW',
    filled: BigInt(r.filled),
    filledQuote: BigInt(r.filledQuote) * m.quoteFactor,
    holdRemaining: BigInt(r.amount - r.filled) * holdPerLot(m, side, r.price),
  };
}
