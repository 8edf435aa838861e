import { CANDLE_INTERVALS } from '@fit24/contract';
import type { EngineSnapshot, PendingStop } from '@fit24/engine';
import type { Database } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema-trading.ts';
import { type Candle, MarketData, type PublicTrade, RECENT_TRADES } from '../market/market-data.ts';
import type { MarketInfo } from '../market/units.ts';
import type { PlacedOrder } from '../pipeline/settle.ts';
import * as clusterRepo from './cluster.repository.ts';

/**
 * The book as the database holds it: every matched open order, each price level in time priority (the
 * engine sequence at which it rested), the pending stops in the order they were placed (the sequence of
 * their STOP_PLACED), and the engine's last sequence. `restore` of this is the book the engine had after
 * the last committed batch, stops and OCO links included.
 */
export async function loadBook(db: Database, m: MarketInfo): Promise<EngineSnapshot> {
  const [sequence, rows, stops] = await Promise.all([
    clusterRepo.engineSequence(db, m.marketId),
    clusterRepo.restingOrders(db, m.marketId),
    clusterRepo.untriggeredStops(db, m.marketId),
  ]);
  const book: EngineSnapshot = {
    sequence: Number(sequence),
    orders: rows.map((r) => ({
      orderId: Number(r.order_id),
      owner: Number(r.user_id),
      side: r.side,
      price: Number(r.price),
      amount: Number(r.amount),
      filled: Number(r.filled),
      filledQuote: Number(r.filled_quote / m.quoteFactor),
    })),
  };
  if (stops.length > 0) book.stops = stops.map((row) => toPendingStop(m, row));
  return book;
}

/** An UNTRIGGERED stop row as the engine's snapshot holds it. */
export function toPendingStop(m: MarketInfo, row: OrderRow): PendingStop {
  return {
    orderId: Number(row.order_id),
    owner: Number(row.user_id),
    side: row.side,
    orderType: row.type === 'STOP_LIMIT' ? 'LIMIT' : 'MARKET',
    trigger: Number(row.stop_price),
    direction: row.trigger_direction!,
    price: Number(row.price ?? 0n),
    amount: Number(row.amount ?? 0n),
    total: Number((row.total ?? 0n) / m.quoteFactor),
    timeInForce: row.time_in_force,
    postOnly: row.post_only,
    ocoOrderId: Number(row.oco_order_id ?? 0n),
  };
}

/**
 * Orders held but not matched before the process stopped, in arrival order: they are matched again. An
 * OCO's two rows make one placement (its limit leg's).
 */
export async function loadPending(db: Database, m: MarketInfo): Promise<PlacedOrder[]> {
  const rows = await clusterRepo.pendingOrders(db, m.marketId);
  const byId = new Map(rows.map((row) => [row.order_id, row]));
  return rows.flatMap((row) => {
    if (row.oco_order_id === null) return [toPlacedOrder(m, row)];
    if (row.type !== 'LIMIT') return [];
    const stopLeg = byId.get(row.oco_order_id);
    return stopLeg ? [toPlacedOrder(m, row, stopLeg)] : [];
  });
}

/** An order row in engine units; with `ocoRow`, the OCO whose limit leg is `row` and stop leg `ocoRow`. */
export function toPlacedOrder(m: MarketInfo, row: OrderRow, ocoRow?: OrderRow): PlacedOrder {
  const order: PlacedOrder = {
    orderId: Number(row.order_id),
    userId: Number(row.user_id),
    side: row.side,
    type: row.type,
    price: Number(row.price ?? 0n),
    amount: Number(row.amount ?? 0n),
    total: Number((row.total ?? 0n) / m.quoteFactor),
    timeInForce: row.time_in_force,
    postOnly: row.post_only,
  };
  if (ocoRow !== undefined) {
    order.type = 'OCO';
    order.stopOrderId = Number(ocoRow.order_id);
    order.stopPrice = Number(ocoRow.price);
    order.trigger = Number(ocoRow.stop_price);
    order.direction = ocoRow.trigger_direction!;
  } else if (row.stop_price !== null) {
    order.trigger = Number(row.stop_price);
    order.direction = row.trigger_direction!;
  }
  return order;
}

/** The market's public data rebuilt from its trades: the latest trades and candles of every interval. */
export async function loadMarketData(
  db: Database,
  m: MarketInfo,
  lastPrice: bigint,
  now: number,
): Promise<MarketData> {
  const data = new MarketData(lastPrice);
  const recent = await clusterRepo.recentTrades(db, m.marketId, RECENT_TRADES);
  const candles = new Map<number, Candle[]>();
  for (const interval of CANDLE_INTERVALS) {
    const span = interval * 60;
    const since = new Date((now - span * (interval === 1 ? 1500 : 500)) * 1000);
    const rows = await clusterRepo.candlesSince(db, m.marketId, span, since);
    candles.set(
      interval,
      rows.map((r) => ({
        time: Number(r.time),
        open: Number(r.open),
        high: Number(r.high),
        low: Number(r.low),
        close: Number(r.close),
        volume: r.volume,
      })),
    );
  }
  data.load(
    recent.map(
      (r): PublicTrade => ({
        tradeId: Number(r.trade_id),
        price: Number(r.price),
        amount: Number(r.amount),
        takerSide: r.taker_side,
        time: Math.floor(r.created_at.getTime() / 1000),
      }),
    ),
    candles,
  );
  return data;
}
