import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date, never>;

export type OrderSide = 'BUY' | 'SELL';
export type OrderType = 'LIMIT' | 'MARKET' | 'STOP_LIMIT' | 'STOP_MARKET';
export type OrderStatus = 'NEW' | 'PARTIAL' | 'FILLED' | 'CANCELLED' | 'REJECTED' | 'UNTRIGGERED';
export type TriggerDirection = 'ABOVE' | 'BELOW';
/** The statuses of an open order: it holds funds, and may be cancelled. */
export const OPEN_STATUSES: OrderStatus[] = ['NEW', 'PARTIAL', 'UNTRIGGERED'];
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/** Prices in ticks, amounts in lots, totals and holds in base units of their asset (see the migration). */
export interface OrdersTable {
  order_id: Generated<bigint>;
  user_id: bigint;
  market_id: number;
  side: OrderSide;
  type: OrderType;
  price: bigint | null;
  amount: bigint | null;
  total: bigint | null;
  time_in_force: TimeInForce;
  post_only: ColumnType<boolean, boolean | undefined, boolean>;
  status: OrderStatus;
  pending: ColumnType<boolean, boolean | undefined, boolean>;
  filled: ColumnType<bigint, bigint | undefined, bigint>;
  filled_quote: ColumnType<bigint, bigint | undefined, bigint>;
  hold_asset_id: number;
  hold_remaining: bigint;
  cancel_reason: string | null;
  /** A cancel asked of a process that does not run this market (see migration 06). */
  cancel_requested: ColumnType<boolean, boolean | undefined, boolean>;
  rest_seq: bigint | null;
  /** Stops (migration 2026113001): the trigger in ticks, its direction, when it fired. */
  stop_price: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  trigger_direction: ColumnType<
    TriggerDirection | null,
    TriggerDirection | null | undefined,
    TriggerDirection | null
  >;
  /** An OCO's other leg. */
  oco_order_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  triggered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: Date;
}

export interface TradesTable {
  trade_id: Generated<bigint>;
  market_id: number;
  price: bigint;
  amount: bigint;
  quote: bigint;
  taker_side: OrderSide;
  maker_order_id: bigint;
  taker_order_id: bigint;
  maker_user_id: bigint;
  taker_user_id: bigint;
  maker_fee: bigint;
  taker_fee: bigint;
  created_at: CreatedAt;
}

export interface WatchlistTable {
  user_id: bigint;
  market_id: number;
  created_at: CreatedAt;
}

export interface AlertsTable {
  alert_id: Generated<bigint>;
  user_id: bigint;
  market_id: number;
  condition: 'ABOVE' | 'BELOW';
  price: bigint;
  status: 'ACTIVE' | 'TRIGGERED';
  created_at: CreatedAt;
  triggered_at: Date | null;
}

/** Each committed batch of a market's engine, for the processes that follow it (migration 06). */
export interface MarketBatchesTable {
  market_id: number;
  from_sequence: bigint;
  sequence: bigint;
  commands: unknown;
  trade_ids: unknown;
  created_at: Date;
}

export interface TradingTables {
  market_batches: MarketBatchesTable;
  orders: OrdersTable;
  trades: TradesTable;
  watchlist: WatchlistTable;
  alerts: AlertsTable;
}

export type OrderRow = Selectable<OrdersTable>;
export type TradeRow = Selectable<TradesTable>;
export type AlertRow = Selectable<AlertsTable>;
