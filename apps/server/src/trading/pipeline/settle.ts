// Stage 3 of 4 — SETTLE: the batch's engine events become fills with their fees, each touched order's
// new state, and the holds to release (exchange-core's risk release). Pure: stage 4 writes the result.
import type { EngineEvent, RestingOrder, TimeInForce } from '@fit24/engine';
import type { OrderStatus } from '../../db/schema-trading.ts';
import { baseOf, feeOn, holdFor, holdPerLot, type MarketInfo, quoteOf } from '../market/units.ts';

type Side = 'BUY' | 'SELL';

/** An order placed in this batch, in engine units (ticks, lots, quote units). */
export interface PlacedOrder {
  orderId: number;
  userId: number;
  side: Side;
  type: 'LIMIT' | 'MARKET';
  /** Ticks; 0 for a market order. */
  price: number;
  /** Lots; 0 for a market BUY. */
  amount: number;
  /** Engine quote units a market BUY may spend; 0 otherwise. */
  total: number;
  timeInForce: TimeInForce;
  postOnly: boolean;
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
}

/** What the batch's events add up to, gathered event by event. */
interface Tally {
  placed: ReadonlyMap<number, PlacedOrder>;
  fills: Fill[];
  releases: Map<number, Release>;
  owners: Map<number, { userId: number; side: Side }>;
  restSeq: Map<number, number>;
  cancelReason: Map<number, string>;
  filledNow: Map<number, bigint>;
  done: Map<number, { status: 'FILLED' | 'CANCELLED'; filled: number; filledQuote: number }>;
  rejected: Map<number, number>;
}

/**
 * Turns one batch's engine events into what must be written: the fills with their fees, each touched
 * order's new state, and the holds to release. Pure. Hold rules (DESIGN §3):
 *   1. a fill consumes the maker's and the taker's holds at the maker's price;
 *   2. a limit BUY that fills below its price gets the difference back at once, so a resting BUY always
 *      holds exactly remaining × price;
 *   3. a remainder that leaves the book (cancel, IOC, FOK, post-only, self-trade) releases remaining ×
 *      what a lot holds; a market BUY releases total − spent when it ends; a rejection releases it all.
 * Fees: each side pays its own rate (maker or taker) on what it receives, rounded down.
 */
export function settle(
  m: MarketInfo,
  events: readonly EngineEvent[],
  placed: ReadonlyMap<number, PlacedOrder>,
  restingOrder: (orderId: number) => RestingOrder | undefined,
): Settlement {
  const t: Tally = {
    placed,
    fills: [],
    releases: new Map(),
    owners: new Map([...placed].map(([id, o]) => [id, { userId: o.userId, side: o.side }])),
    restSeq: new Map(),
    cancelReason: new Map(),
    filledNow: new Map(),
    done: new Map(),
    rejected: new Map(),
  };
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
      case 'ACCEPTED':
        break;
    }
  }
  const outcomes = [...t.owners].map(([orderId, owner]) => outcomeOf(m, t, orderId, owner, restingOrder));
  return { fills: t.fills, outcomes, releases: [...t.releases.values()] };
}

type EventOf<T extends EngineEvent['type']> = Extract<EngineEvent, { type: T }>;

function release(t: Tally, orderId: number, assetId: number, amount: bigint): void {
  if (amount <= 0n) return;
  const userId = t.owners.get(orderId)!.userId;
  const r = t.releases.get(orderId) ?? { orderId, userId, assetId, amount: 0n };
  r.amount += amount;
  t.releases.set(orderId, r);
}

function isMarketBuy(t: Tally, orderId: number): boolean {
  const order = t.placed.get(orderId);
  return order !== undefined && order.type === 'MARKET' && order.side === 'BUY';
}

/** The book refused a placed order: its whole hold goes back. */
function onRejected(m: MarketInfo, t: Tally, e: EventOf<'REJECTED'>): void {
  t.rejected.set(e.orderId, e.code);
  const order = t.placed.get(e.orderId)!;
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
  const taker = t.placed.get(e.takerOrderId)!;
  if (taker.side === 'BUY' && taker.type === 'LIMIT' && taker.price > e.price) {
    release(t, e.takerOrderId, m.quoteAssetId, quoteOf(m, taker.price - e.price, e.amount));
  }
}

/** A remainder left the book: what its lots hold goes back (a market BUY settles when DONE). */
function onCancelled(m: MarketInfo, t: Tally, e: EventOf<'CANCELLED'>): void {
  t.owners.set(e.orderId, { userId: e.owner, side: e.side });
  t.cancelReason.set(e.orderId, e.reason);
  if (isMarketBuy(t, e.orderId)) return;
  const assetId = e.side === 'BUY' ? m.quoteAssetId : m.baseAssetId;
  release(t, e.orderId, assetId, BigInt(e.remaining) * holdPerLot(m, e.side, e.price));
}

/** An order ended; a market BUY gets back what it did not spend of its total. */
function onDone(m: MarketInfo, t: Tally, e: EventOf<'DONE'>): void {
  t.owners.set(e.orderId, { userId: e.owner, side: e.side });
  t.done.set(e.orderId, { status: e.status, filled: e.filled, filledQuote: e.filledQuote });
  if (isMarketBuy(t, e.orderId)) {
    const total = BigInt(t.placed.get(e.orderId)!.total);
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
