import type { EngineEvent, RestingOrder, TimeInForce } from '@fit24/engine';
import type { OrderStatus } from '../db/schema-trading.ts';
import { baseOf, feeOn, holdFor, holdPerLot, type MarketInfo, quoteOf } from './units.ts';

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
  const fills: Fill[] = [];
  const releases = new Map<number, Release>();
  const owners = new Map<number, { userId: number; side: Side }>();
  const restSeq = new Map<number, number>();
  const cancelReason = new Map<number, string>();
  const filledNow = new Map<number, bigint>();
  const done = new Map<number, { status: 'FILLED' | 'CANCELLED'; filled: number; filledQuote: number }>();
  const rejected = new Map<number, number>();
  for (const [id, order] of placed) owners.set(id, { userId: order.userId, side: order.side });

  const release = (orderId: number, assetId: number, amount: bigint) => {
    if (amount <= 0n) return;
    const userId = owners.get(orderId)!.userId;
    const r = releases.get(orderId) ?? { orderId, userId, assetId, amount: 0n };
    r.amount += amount;
    releases.set(orderId, r);
  };
  const isMarketBuy = (orderId: number) => {
    const order = placed.get(orderId);
    return order !== undefined && order.type === 'MARKET' && order.side === 'BUY';
  };

  for (const e of events) {
    switch (e.type) {
      case 'REJECTED': {
        rejected.set(e.orderId, e.code);
        const order = placed.get(e.orderId)!;
        const hold = holdFor(m, {
          side: order.side,
          price: order.type === 'LIMIT' ? BigInt(order.price) : null,
          amount: order.amount > 0 ? BigInt(order.amount) : null,
          total: order.total > 0 ? BigInt(order.total) * m.quoteFactor : null,
        });
        release(e.orderId, hold.assetId, hold.amount);
        break;
      }
      case 'TRADE': {
        const makerSide: Side = e.takerSide === 'BUY' ? 'SELL' : 'BUY';
        owners.set(e.makerOrderId, { userId: e.makerOwner, side: makerSide });
        const base = baseOf(m, e.amount);
        const quote = quoteOf(m, e.price, e.amount);
        const buyerFee = feeOn(base, e.takerSide === 'BUY' ? m.takerFeePpm : m.makerFeePpm);
        const sellerFee = feeOn(quote, e.takerSide === 'SELL' ? m.takerFeePpm : m.makerFeePpm);
        fills.push({
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
          filledNow.set(id, (filledNow.get(id) ?? 0n) + BigInt(e.amount));
        }
        const taker = placed.get(e.takerOrderId)!;
        if (taker.side === 'BUY' && taker.type === 'LIMIT' && taker.price > e.price) {
          release(e.takerOrderId, m.quoteAssetId, quoteOf(m, taker.price - e.price, e.amount));
        }
        break;
      }
      case 'RESTED':
        restSeq.set(e.orderId, e.seq);
        break;
      case 'CANCELLED':
        owners.set(e.orderId, { userId: e.owner, side: e.side });
        cancelReason.set(e.orderId, e.reason);
        if (!isMarketBuy(e.orderId)) {
          const assetId = e.side === 'BUY' ? m.quoteAssetId : m.baseAssetId;
          release(e.orderId, assetId, BigInt(e.remaining) * holdPerLot(m, e.side, e.price));
        }
        break;
      case 'DONE':
        owners.set(e.orderId, { userId: e.owner, side: e.side });
        done.set(e.orderId, { status: e.status, filled: e.filled, filledQuote: e.filledQuote });
        if (isMarketBuy(e.orderId)) {
          const total = BigInt(placed.get(e.orderId)!.total);
          release(e.orderId, m.quoteAssetId, (total - BigInt(e.filledQuote)) * m.quoteFactor);
        }
        break;
      case 'ACCEPTED':
        break;
    }
  }

  const outcomes: Outcome[] = [];
  for (const [orderId, { userId, side }] of owners) {
    const common = {
      orderId,
      userId,
      side,
      restSeq: restSeq.get(orderId) ?? null,
      cancelReason: cancelReason.get(orderId) ?? null,
      filledNow: filledNow.get(orderId) ?? 0n,
      rejectCode: rejected.get(orderId) ?? null,
    };
    const ended = done.get(orderId);
    if (rejected.has(orderId)) {
      outcomes.push({ ...common, status: 'REJECTED', filled: 0n, filledQuote: 0n, holdRemaining: 0n });
    } else if (ended !== undefined) {
      outcomes.push({
        ...common,
        status: ended.status,
        filled: BigInt(ended.filled),
        filledQuote: BigInt(ended.filledQuote) * m.quoteFactor,
        holdRemaining: 0n,
      });
    } else {
      const r = restingOrder(orderId);
      if (r === undefined) throw new Error(`order ${orderId} neither ended nor rests`);
      outcomes.push({
        ...common,
        status: r.filled > 0 ? 'PARTIAL' : 'NEW',
        filled: BigInt(r.filled),
        filledQuote: BigInt(r.filledQuote) * m.quoteFactor,
        holdRemaining: BigInt(r.amount - r.filled) * holdPerLot(m, side, r.price),
      });
    }
  }
  return { fills, outcomes, releases: [...releases.values()] };
}
