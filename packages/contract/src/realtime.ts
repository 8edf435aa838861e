import { z } from 'zod';
import { PRIVATE_CHANNELS, PUBLIC_CHANNELS, SESSION_ENDED_CLOSE_CODE } from './channels.ts';
import { ZAssetTransaction, ZBalancesData, ZNotification } from './funds.ts';
import { ZCandle, ZMarket, ZOrder, ZPublicTrade } from './markets.ts';
import { ZMoney } from './money.ts';

export { PRIVATE_CHANNELS, PUBLIC_CHANNELS, SESSION_ENDED_CLOSE_CODE };

/** The real-time socket at `GET /ws` (DESIGN §3): what a client may send (channels: channels.ts). */
export const ZClientMessage = z.discriminatedUnion('op', [
  z
    .object({
      op: z.enum(['subscribe', 'unsubscribe']),
      channel: z.enum([...PUBLIC_CHANNELS, ...PRIVATE_CHANNELS]),
      market_id: z.number().int().positive().optional(),
      interval_min: z.number().int().optional(),
    })
    .strict(),
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) }).strict(),
  z.object({ op: z.literal('ping') }).strict(),
]);
export type TClientMessage = z.infer<typeof ZClientMessage>;

// ── What the server sends (DESIGN §3): `{channel, market_id?, type, sequence?, data}` ──────────────────
const ZMessageType = z.enum(['snapshot', 'update']);
/** A price level: `[price, amount]`; in an order-book update, amount "0" means the level is gone. */
export const ZBookLevel = z.tuple([ZMoney, ZMoney]);
/** A market's ticker: its `market/list` entry (status included) without the caller's watchlist flag. */
export const ZTicker = ZMarket.omit({ is_watchlisted: true });
export type TTicker = z.infer<typeof ZTicker>;

export const ZTickerMessage = z.object({
  channel: z.literal('ticker'),
  type: ZMessageType,
  data: z.object({ markets: z.array(ZTicker) }),
});
/**
 * A snapshot carries the book's `sequence`; each update carries its own `sequence` and the `prev_sequence`
 * it follows, with only the levels that changed.
 */
export const ZOrderBookMessage = z.object({
  channel: z.literal('orderbook'),
  market_id: z.number().int(),
  type: ZMessageType,
  sequence: z.number().int().nonnegative(),
  data: z.object({
    bids: z.array(ZBookLevel),
    asks: z.array(ZBookLevel),
    prev_sequence: z.number().int().nonnegative().optional(),
  }),
});
export const ZTradesMessage = z.object({
  channel: z.literal('trades'),
  market_id: z.number().int(),
  type: ZMessageType,
  /** Newest first. */
  data: z.object({ trades: z.array(ZPublicTrade) }),
});
export const ZCandlesMessage = z.object({
  channel: z.literal('candles'),
  market_id: z.number().int(),
  type: ZMessageType,
  /** A snapshot has the series; an update has the candles that changed (oldest first). */
  data: z.object({ interval_min: z.number().int(), candles: z.array(ZCandle) }),
});
export const ZOrdersMessage = z.object({
  channel: z.literal('orders'),
  type: ZMessageType,
  /** A snapshot: the open orders (first page); an update: the orders that changed, whatever their status. */
  data: z.object({ orders: z.array(ZOrder) }),
});
/**
 * Every balance of the user with the total, exactly as `GET /api/asset/balances` answers: on subscribe and
 * whenever the user's money moved. The app writes it into that query's cache as it is.
 */
export const ZBalancesMessage = z.object({
  channel: z.literal('balances'),
  type: ZMessageType,
  data: ZBalancesData,
});
export const ZNotificationsMessage = z.object({
  channel: z.literal('notifications'),
  type: ZMessageType,
  data: z.object({ notifications: z.array(ZNotification) }),
});
/**
 * The user's deposits and withdrawals on chain as they move: a snapshot of those not yet final on subscribe;
 * an update with the lines whose confirmations or status changed (each as `GET /api/asset/transaction`
 * answers it), whenever a new block is scanned or a status changes.
 */
export const ZTransactionsMessage = z.object({
  channel: z.literal('transactions'),
  type: ZMessageType,
  data: z.object({ transactions: z.array(ZAssetTransaction) }),
});
/** Sent just before that close: code 502, as the REST answer to the dead token would be. */
export const ZSessionEnded = z.object({ code: z.literal(502), message: z.string() });
/** `snapshot`: the socket is signed in as `user_id`. `update`: its session ended (`ZSessionEnded`). */
export const ZAuthMessage = z.object({
  channel: z.literal('auth'),
  type: ZMessageType,
  data: z.union([z.object({ user_id: z.number().int() }), ZSessionEnded]),
});
export const ZPongMessage = z.object({ channel: z.literal('pong'), type: ZMessageType, data: z.object({}) });
/** A refused message: `code` 400 (malformed), 403 (needs auth), 404 (no such market), 502 (session ended). */
export const ZSocketErrorMessage = z.object({
  channel: z.literal('error'),
  type: ZMessageType,
  data: z.object({ code: z.number().int(), message: z.string() }),
});

export const ZServerMessage = z.discriminatedUnion('channel', [
  ZTickerMessage,
  ZOrderBookMessage,
  ZTradesMessage,
  ZCandlesMessage,
  ZOrdersMessage,
  ZBalancesMessage,
  ZNotificationsMessage,
  ZTransactionsMessage,
  ZAuthMessage,
  ZPongMessage,
  ZSocketErrorMessage,
]);
export type TServerMessage = z.infer<typeof ZServerMessage>;
export type TSocketChannel = (typeof PUBLIC_CHANNELS)[number] | (typeof PRIVATE_CHANNELS)[number];
