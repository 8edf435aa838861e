import { z } from 'zod';
import { PRIVATE_CHANNELS, PUBLIC_CHANNELS, SESSION_ENDED_CLOSE_CODE } from './channels.ts';
import { okEnvelopeSchema, ZErrorEnvelope } from './envelope-schemas.ts';
import { ZAssetTransaction, ZBalancesData, ZNotification } from './funds.ts';
import { ZCandle, ZMarket, ZOrder, ZOrderData, ZPublicTrade } from './markets.ts';
import { ZMoney } from './money.ts';

export { PRIVATE_CHANNELS, PUBLIC_CHANNELS, SESSION_ENDED_CLOSE_CODE };

/**
 * The calls a socket opened with a personal key may make (issue 17 §2), each the REST route of that id
 * (`body` is that route's body, checked by its schema), answered on channel `reply`.
 */
export const SOCKET_CALLS = ['order.create', 'order.cancel'] as const;
/** The client's id of a call, echoed in its reply: 1 to 64 visible characters, or a whole number. */
export const ZSocketRequestId = z.union([
  z.string().regex(/^[\x21-\x7e]{1,64}$/, 'must be 1 to 64 visible characters'),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
]);

/** A call: `body` as the route's; `idempotency_key` as its `Idempotency-Key` header (ignored where REST ignores it). */
function socketCall<Op extends (typeof SOCKET_CALLS)[number]>(op: Op) {
  return z
    .object({
      op: z.literal(op),
      request_id: ZSocketRequestId,
      body: z.unknown().optional(),
      idempotency_key: z.string().optional(),
    })
    .strict();
}

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
  socketCall('order.create'),
  socketCall('order.cancel'),
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
/** Sent just before that close on a socket opened with a personal key that was revoked, expired or frozen. */
export const ZApiKeyEnded = z.object({ code: z.literal(401), message: z.string() });
/**
 * `snapshot`: the socket is signed in as `user_id` (with `key_id` when opened with a personal key).
 * `update`: its session or key ended (`ZSessionEnded`, `ZApiKeyEnded`).
 */
export const ZAuthMessage = z.object({
  channel: z.literal('auth'),
  type: ZMessageType,
  data: z.union([
    z.object({ user_id: z.number().int(), key_id: z.string().optional() }),
    ZSessionEnded,
    ZApiKeyEnded,
  ]),
});
/**
 * The answer to a call (`SOCKET_CALLS`): `status` and `body` exactly as the REST route answers the same
 * call (the envelope, `{error: false, data}` or the error envelope), `request_id` as the client sent it.
 */
export const ZReplyMessage = z.object({
  channel: z.literal('reply'),
  type: z.literal('update'),
  data: z.object({
    request_id: ZSocketRequestId,
    op: z.enum(SOCKET_CALLS),
    status: z.number().int(),
    body: z.union([okEnvelopeSchema(ZOrderData), ZErrorEnvelope]),
  }),
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
  ZReplyMessage,
]);
export type TServerMessage = z.infer<typeof ZServerMessage>;
export type TSocketChannel = (typeof PUBLIC_CHANNELS)[number] | (typeof PRIVATE_CHANNELS)[number];
