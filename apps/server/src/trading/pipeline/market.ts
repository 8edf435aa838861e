import type { Engine, EngineEvent } from '@fit24/engine';
import type { NotificationRow } from '../../modules/notifications/notifications.service.ts';
import type { MarketData, PublicTrade } from '../market/market-data.ts';
import type { MarketInfo } from '../market/units.ts';
import type { Admission, NewOrder } from './admit.ts';
import type { Outcome, PlacedOrder } from './settle.ts';

/** What the engine answered a command: `ResultCode.OK`, or why it refused (UNKNOWN_ORDER for a cancel). */
export interface JobResult {
  code: number;
}

/**
 * A market as the rest of the server sees it: run here (`MarketWorker`, the owner of its book) or
 * followed (`FollowedMarket`, a copy of the book kept from the owner's batches in another process).
 */
export interface Market {
  readonly market: MarketInfo;
  readonly data: MarketData;
  /** The book (the owner's, or a follower's copy of it). */
  readonly engine: Engine;
  /** Batches committed (or applied) and the commands they carried, for operators and tests. */
  readonly stats: { batches: number; commands: number };
  /** True when this process runs the market. */
  readonly owned: boolean;
  onCommitted: ((batch: CommittedBatch) => void) | null;
  /** Holds, numbers and matches a new order: answers how it was admitted and, if held, its row after. */
  open(order: NewOrder): Promise<Admission>;
  cancel(orderId: number): Promise<JobResult>;
  /** Refuses new commands and waits for those under way. */
  stop(): Promise<void>;
}

/** What one committed batch changed, for the live feeds (prices in ticks, amounts in lots). */
export interface CommittedBatch {
  worker: Market;
  /** Engine sequence before and after the batch. */
  fromSequence: number;
  sequence: number;
  trades: PublicTrade[];
  /** Every price level the batch touched, with its amount now (0: the level is gone). */
  levels: { side: 'BUY' | 'SELL'; price: number; amount: number }[];
  outcomes: Outcome[];
  notifications: NotificationRow[];
}

/** The book levels these events touched, with their amounts after them. */
export function touchedLevels(engine: Engine, events: readonly EngineEvent[]): CommittedBatch['levels'] {
  const keys = new Set<string>();
  const levels: CommittedBatch['levels'] = [];
  const touch = (side: 'BUY' | 'SELL', price: number) => {
    const key = `${side}:${price}`;
    if (price <= 0 || keys.has(key)) return;
    keys.add(key);
    levels.push({ side, price, amount: engine.levelAmount(side, price) });
  };
  for (const e of events) {
    if (e.type === 'TRADE') touch(e.takerSide === 'BUY' ? 'SELL' : 'BUY', e.price);
    else if (e.type === 'RESTED' || e.type === 'CANCELLED') touch(e.side, e.price);
  }
  return levels;
}

/** Runs a placement on the engine: answers its result code (an OCO's, for its two legs). */
export function runPlaced(engine: Engine, o: PlacedOrder): number {
  switch (o.type) {
    case 'LIMIT':
      return engine.placeLimit(o.orderId, o.userId, o.side, o.price, o.amount, o.timeInForce, o.postOnly);
    case 'MARKET':
      return o.side === 'BUY'
        ? engine.placeMarketBuy(o.orderId, o.userId, o.total)
        : engine.placeMarketSell(o.orderId, o.userId, o.amount);
    case 'STOP_LIMIT':
      return engine.placeStopLimit(
        o.orderId,
        o.userId,
        o.side,
        o.trigger!,
        o.direction!,
        o.price,
        o.amount,
        o.timeInForce,
        o.postOnly,
      );
    case 'STOP_MARKET':
      return engine.placeStopMarket(
        o.orderId,
        o.userId,
        o.side,
        o.trigger!,
        o.direction!,
        o.side === 'BUY' ? o.total : o.amount,
      );
    case 'OCO':
      return engine.placeOco(
        o.orderId,
        o.userId,
        o.side,
        o.amount,
        o.price,
        o.postOnly,
        o.stopOrderId!,
        o.trigger!,
        o.direction!,
        o.stopPrice!,
      );
  }
}
