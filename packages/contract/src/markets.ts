import { z } from 'zod';
import { pagedSchema, ZEpochSeconds, ZFlag, ZId } from './common.ts';
import { ZAmount, ZMoney } from './money.ts';

/** A HALTED market refuses new orders; cancels still work (DESIGN §3). */
export const ZMarketStatus = z.enum(['OPEN', 'HALTED']);
export type TMarketStatus = z.infer<typeof ZMarketStatus>;

export const ZMarket = z.object({
  market_id: z.number().int().positive(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  base_asset_id: z.number().int(),
  quote_asset_id: z.number().int(),
  price_decimals: z.number().int(),
  amount_decimals: z.number().int(),
  min_amount: ZMoney,
  min_total: ZMoney,
  last_price: ZMoney,
  /** Percent change over 24 hours, signed, two decimals ("-1.25"). */
  change_24h: z.string(),
  high_24h: ZMoney,
  low_24h: ZMoney,
  volume_24h: ZMoney,
  is_watchlisted: ZFlag,
  status: ZMarketStatus,
});
export type TMarket = z.infer<typeof ZMarket>;
export const ZMarketListData = z.object({ markets: z.array(ZMarket) });
export const ZMarketDetail = ZMarket.extend({
  maker_fee: z.string(),
  taker_fee: z.string(),
});
export type TMarketDetail = z.infer<typeof ZMarketDetail>;
export const ZMarketData = z.object({ market: ZMarketDetail });

/** Operator: halt or resume a market, named by `market_id` or by `symbol` ("BTC/USDT"), not both. */
export const ZMarketStatusBody = z
  .object({
    market_id: ZId.optional(),
    symbol: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/, 'must be a market symbol such as BTC/USDT')
      .optional(),
    status: ZMarketStatus,
  })
  .strict()
  .refine((b) => (b.market_id === undefined) !== (b.symbol === undefined), {
    message: 'give either market_id or symbol',
    path: ['market_id'],
  });
export type TMarketStatusBody = z.infer<typeof ZMarketStatusBody>;

export const ZMarketBalanceData = z.object({
  base: z.object({ available: ZMoney, on_hold: ZMoney }),
  quote: z.object({ available: ZMoney, on_hold: ZMoney }),
});

export const ZWatchlistBody = z.object({ market_id: ZId }).strict();
export const ZWatchlistData = z.object({ is_watchlisted: ZFlag });

export const ZSide = z.enum(['BUY', 'SELL']);
export const ZPublicTrade = z.object({
  trade_id: z.number().int().positive(),
  price: ZMoney,
  amount: ZMoney,
  side: ZSide,
  creation_date: ZEpochSeconds,
});
export type TPublicTrade = z.infer<typeof ZPublicTrade>;
export const ZMarketHistoryData = z.object({ trades: z.array(ZPublicTrade) });

export const ZOrderBookData = z.object({
  bids: z.array(z.tuple([ZMoney, ZMoney])),
  asks: z.array(z.tuple([ZMoney, ZMoney])),
  sequence: z.number().int().nonnegative(),
});

export const CANDLE_INTERVALS = [1, 5, 15, 30, 60, 240, 1440] as const;
export const ZCandle = z.object({
  time: ZEpochSeconds,
  open: ZMoney,
  high: ZMoney,
  low: ZMoney,
  close: ZMoney,
  volume: ZMoney,
});
export type TCandle = z.infer<typeof ZCandle>;
export const ZCandlesData = z.object({ candles: z.array(ZCandle) });

/** UNTRIGGERED: a stop waiting for its trigger, outside the book (it holds its funds and can be cancelled). */
export const ZOrderStatus = z.enum(['NEW', 'PARTIAL', 'FILLED', 'CANCELLED', 'REJECTED', 'UNTRIGGERED']);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;
/**
 * STOP_LIMIT and STOP_MARKET wait for a trade at or beyond `stop_price`, then act as the LIMIT or MARKET
 * order they carry. An OCO is placed as one request and kept as two linked orders: its LIMIT leg and its
 * STOP_LIMIT leg (each one's `oco_order_id` names the other).
 */
export const ZOrderType = z.enum(['LIMIT', 'MARKET', 'STOP_LIMIT', 'STOP_MARKET']);
export type TOrderType = z.infer<typeof ZOrderType>;
/** ABOVE fires on a trade at a price ≥ the trigger, BELOW on a trade at a price ≤ it. */
export const ZTriggerDirection = z.enum(['ABOVE', 'BELOW']);
export const ZOrder = z.object({
  order_id: z.number().int().positive(),
  market_id: z.number().int(),
  side: ZSide,
  type: ZOrderType,
  price: ZMoney.nullable(),
  amount: ZMoney.nullable(),
  total: ZMoney.nullable(),
  filled: ZMoney,
  total_filled: ZMoney,
  average_price: ZMoney.nullable(),
  status: ZOrderStatus,
  time_in_force: z.enum(['GTC', 'IOC', 'FOK']),
  post_only: ZFlag,
  creation_date: ZEpochSeconds,
  update_date: ZEpochSeconds,
  // The server always sends the four stop fields (null for a plain order); optional for older clients.
  /** The trigger price of a stop (null for LIMIT and MARKET). */
  stop_price: ZMoney.nullable().optional(),
  trigger_direction: ZTriggerDirection.nullable().optional(),
  /** The other leg of an OCO, null otherwise. */
  oco_order_id: z.number().int().positive().nullable().optional(),
  /** When the stop fired (null while UNTRIGGERED, and for a plain order). */
  triggered_date: ZEpochSeconds.nullable().optional(),
});
export type TOrder = z.infer<typeof ZOrder>;
/** `oco_order`: the other leg, when `order` is a leg of an OCO (answers of create and cancel). */
export const ZOrderData = z.object({ order: ZOrder, oco_order: ZOrder.optional() });
export const ZOrderListData = pagedSchema('orders', ZOrder);

/**
 * A new order. Per `type`, the fields it needs (others are refused):
 *   LIMIT        price, amount [time_in_force, post_only]
 *   MARKET       BUY: total (quote to spend); SELL: amount
 *   STOP_LIMIT   stop_price, price, amount [trigger_direction, time_in_force, post_only]
 *   STOP_MARKET  stop_price; BUY: total (held at placement, spent at most once triggered); SELL: amount
 *                [trigger_direction]
 *   OCO          price (the limit leg), stop_price and stop_limit_price (the stop-limit leg), amount
 *                [trigger_direction, post_only (limit leg)]: SELL needs price > stop_price, BUY price <
 *                stop_price; both legs GTC
 * `trigger_direction` defaults to ABOVE when stop_price is above the last price, BELOW when below (by the
 * side, BUY ABOVE and SELL BELOW, when the market has not traded); a stop that would fire at once is refused.
 */
export const ZOrderCreateBody = z
  .object({
    market_id: ZId,
    side: ZSide,
    type: z.enum(['LIMIT', 'MARKET', 'STOP_LIMIT', 'STOP_MARKET', 'OCO']),
    price: ZAmount.optional(),
    amount: ZAmount.optional(),
    total: ZAmount.optional(),
    time_in_force: z.enum(['GTC', 'IOC', 'FOK']).optional(),
    post_only: z.boolean().optional(),
    stop_price: ZAmount.optional(),
    stop_limit_price: ZAmount.optional(),
    trigger_direction: ZTriggerDirection.optional(),
  })
  .strict();
export type TOrderCreateBody = z.input<typeof ZOrderCreateBody>;
export const ZOrderCancelBody = z.object({ order_id: ZId }).strict();

export const ZOrderTrade = z.object({
  trade_id: z.number().int().positive(),
  price: ZMoney,
  amount: ZMoney,
  total: ZMoney,
  fee: ZMoney,
  fee_asset: z.string(),
  role: z.enum(['MAKER', 'TAKER']),
  creation_date: ZEpochSeconds,
});
export const ZOrderTradesData = z.object({ trades: z.array(ZOrderTrade) });

// ── Price alerts (issue: trading) ───────────────────────────────────────────
export const ZAlert = z.object({
  alert_id: z.number().int().positive(),
  market_id: z.number().int(),
  symbol: z.string(),
  condition: z.enum(['ABOVE', 'BELOW']),
  price: ZMoney,
  status: z.enum(['ACTIVE', 'TRIGGERED']),
  creation_date: ZEpochSeconds,
  triggered_date: ZEpochSeconds.nullable(),
});
export const ZAlertListData = z.object({ alerts: z.array(ZAlert) });
export const ZAlertCreateBody = z
  .object({ market_id: ZId, condition: z.enum(['ABOVE', 'BELOW']), price: ZAmount })
  .strict();
export const ZAlertData = z.object({ alert: ZAlert });
export const ZAlertDeleteBody = z.object({ alert_id: ZId }).strict();
