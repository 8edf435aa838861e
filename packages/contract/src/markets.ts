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

export const ZOrderStatus = z.enum(['NEW', 'PARTIAL', 'FILLED', 'CANCELLED', 'REJECTED']);
export const ZOrder = z.object({
  order_id: z.number().int().positive(),
  market_id: z.number().int(),
  side: ZSide,
  type: z.enum(['LIMIT', 'MARKET']),
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
});
export type TOrder = z.infer<typeof ZOrder>;
export const ZOrderData = z.object({ order: ZOrder });
export const ZOrderListData = pagedSchema('orders', ZOrder);

export const ZOrderCreateBody = z
  .object({
    market_id: ZId,
    side: ZSide,
    type: z.enum(['LIMIT', 'MARKET']),
    price: ZAmount.optional(),
    amount: ZAmount.optional(),
    total: ZAmount.optional(),
    time_in_force: z.enum(['GTC', 'IOC', 'FOK']).optional(),
    post_only: z.boolean().optional(),
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
