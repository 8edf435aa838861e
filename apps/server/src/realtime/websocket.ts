import fastifyWebsocket from '@fastify/websocket';
import { CANDLE_INTERVALS, PRIVATE_CHANNELS, type TClientMessage, ZClientMessage } from '@fit24/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret } from '../crypto.ts';
import { AppError } from '../http/app-error.ts';
import * as apiKeys from '../modules/api-keys/api-keys.service.ts';
import * as sessions from '../modules/auth/sessions.service.ts';
import * as funds from '../modules/funds/balances.service.ts';
import * as history from '../modules/funds/history.ts';
import type { TradingContext } from '../trading/context.ts';
import { toTicker } from '../trading/market/market.mappers.ts';
import { candles, orderBook, recentTrades } from '../trading/market/markets.service.ts';
import { startFeed } from './feed.ts';
import { type Client, Hub, type ServerMessage, type SocketLike } from './hub.ts';
import { answerCall, type SocketOrigin } from './order-entry.ts';
import { checkSessions, closeEndedSessions } from './revocation.ts';
import { latestNotifications, openOrders } from './snapshots.ts';

type Subscription = Extract<TClientMessage, { op: 'subscribe' | 'unsubscribe' }>;

class SocketError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `GET /ws`: the real-time socket on the API's port. Public channels: `ticker`, `orderbook` (snapshot, then
 * changed levels, each update carrying `sequence` and the `prev_sequence` it follows), `trades`, `candles`
 * (with `interval_min`). Private channels after `{"op": "auth", "token"}`: `orders`, `balances`,
 * `notifications`, `transactions`. Every subscribe answers a snapshot first; failures answer on channel `error` (an auth
 * with a dead token: code 502).
 *
 * When the session a socket authed with ends — sign-out, sign-out everywhere, password reset, freeze,
 * committed by any server process — the socket gets `{"channel": "auth", "type": "update", "data":
 * {"code": 502, "message"}}` and is closed with code 4401 (`SESSION_ENDED_CLOSE_CODE`): the app signs
 * out as on a REST 502. A new socket may subscribe to public channels; the dead token is refused.
 *
 * Bots open it with a personal key instead (issue 17 §2): `GET /ws` signed as any REST request is
 * (FIT24-KEY, FIT24-TIMESTAMP, FIT24-SIGNATURE over `timestamp + "GET" + "/ws" + ""`; no `api_key`), so
 * the signature is checked before the upgrade, inside the receive window, once only — a refusal is the
 * REST status and envelope, and no socket opens. The socket is then its user's, as after `auth` (private
 * channels need the key's `read` scope), and may place and cancel orders (`order-entry.ts`). A revoked,
 * expired or frozen key's socket gets `{"channel": "auth", "type": "update", "data": {"code": 401}}` and
 * the same close code.
 */
export async function registerWebSocket(app: FastifyInstance, ctx: TradingContext): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  const hub = new Hub();
  const stopFeed = startFeed(ctx, hub);
  const stopRevocations = closeEndedSessions(ctx, hub);
  app.addHook('onClose', async () => {
    stopFeed();
    stopRevocations();
    hub.closeAll();
  });
  // Browsers can't set headers on a WebSocket: the API key comes as `?api_key=`, checked before the upgrade.
  // A bot's upgrade signed with a personal key needs none: its signature is checked instead.
  // The key's caller, and the session ends heard before its check began (`ctx.sessions.mark`).
  const signed = new WeakMap<FastifyRequest, { origin: SocketOrigin; mark: number }>();
  const checkKey = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!apiKeys.isSigned(request)) return checkSocketKey(ctx, request);
    const mark = ctx.sessions.mark();
    request.auth = await apiKeys.authenticateSocket(ctx, request);
    signed.set(request, { origin: { request, reply }, mark });
  };
  app.get('/ws', { websocket: true, onRequest: checkKey }, (socket, request) => {
    const client = hub.add(socket as unknown as SocketLike);
    const opened = signed.get(request);
    const origin = opened?.origin ?? null;
    socket.on('message', (raw: Buffer) => {
      handle(ctx, hub, client, origin, raw.toString('utf8')).catch((error: unknown) => {
        const known = error instanceof SocketError;
        if (!known) ctx.log.error({ err: error }, 'socket message failed');
        hub.send(client, {
          channel: 'error',
          type: 'update',
          data: known
            ? { code: error.code, message: error.message }
            : { code: 500, message: 'Something went wrong on our side.' },
        });
      });
    });
    socket.on('close', () => hub.remove(client));
    const auth = request.auth;
    if (opened && auth?.apiKey) {
      client.userId = auth.userId;
      client.apiKey = auth.apiKey;
      hub.send(client, {
        channel: 'auth',
        type: 'snapshot',
        data: { user_id: Number(auth.userId), key_id: auth.apiKey.publicId },
      });
      // A revocation heard while the upgrade was checked found no socket of this key yet: look again now.
      if (ctx.sessions.endedSince(auth.userId, opened.mark)) {
        checkSessions(ctx, hub, auth.userId).catch((error: unknown) =>
          ctx.log.error({ err: error }, 'checking a new socket key failed'),
        );
      }
    }
  });
}

/**
 * The rule of `x-api-key` for `/api` (DESIGN §2), the key read from `?api_key=` (or the header, for clients
 * that can send one): otherwise HTTP 403 and no upgrade.
 */
function checkSocketKey(ctx: TradingContext, request: FastifyRequest): void {
  const raw = (request.query as Record<string, unknown>).api_key ?? request.headers['x-api-key'];
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (typeof given !== 'string' || !ctx.config.apiKeys.some((key) => sameSecret(given, key))) {
    throw new AppError('FORBIDDEN', 'A valid API key is required (/ws?api_key=).');
  }
}

async function handle(
  ctx: TradingContext,
  hub: Hub,
  client: Client,
  origin: SocketOrigin | null,
  text: string,
): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SocketError(400, 'Messages must be JSON.');
  }
  const parsed = ZClientMessage.safeParse(json);
  if (!parsed.success) {
    throw new SocketError(
      400,
      'Send {"op": "subscribe" | "unsubscribe", "channel", "market_id"?}, {"op": "auth", "token"}, or on a socket opened with a personal key {"op": "order.create" | "order.cancel", "request_id", "body", "idempotency_key"?}.',
    );
  }
  const message = parsed.data;
  if (message.op === 'ping') return hub.send(client, { channel: 'pong', type: 'update', data: {} });
  if (message.op === 'order.create' || message.op === 'order.cancel')
    return answerCall(ctx, hub, client, origin, message);
  if (message.op === 'auth') {
    const mark = ctx.sessions.mark();
    const auth = await sessions.authenticate(ctx, message.token);
    if (!auth) throw new SocketError(502, 'Your session has ended. Please sign in again.');
    if (!auth.isEmailVerified) throw new SocketError(403, 'Please verify your email address first.');
    client.userId = auth.userId;
    client.sessionId = auth.sessionId;
    client.apiKey = null;
    hub.send(client, { channel: 'auth', type: 'snapshot', data: { user_id: Number(auth.userId) } });
    // A revocation heard while authenticating found no socket of this session yet: look again now.
    if (ctx.sessions.endedSince(auth.userId, mark)) await checkSessions(ctx, hub, auth.userId);
    return;
  }
  const key = subscriptionKey(ctx, client, message);
  if (message.op === 'unsubscribe') {
    client.subscriptions.delete(key);
    return;
  }
  client.subscriptions.add(key);
  hub.send(client, await snapshot(ctx, client, message));
}

function subscriptionKey(ctx: TradingContext, client: Client, s: Subscription): string {
  if ((PRIVATE_CHANNELS as readonly string[]).includes(s.channel)) {
    if (client.userId === null)
      throw new SocketError(403, 'Send {"op": "auth", "token"} before a private channel.');
    if (client.apiKey !== null && !client.apiKey.scopes.includes('read'))
      throw new SocketError(403, 'This API key lacks the read scope for private channels.');
    return s.channel;
  }
  if (s.channel === 'ticker') return 'ticker';
  if (s.market_id === undefined) throw new SocketError(400, `The ${s.channel} channel needs a market_id.`);
  try {
    ctx.engine.worker(s.market_id);
  } catch {
    throw new SocketError(404, 'There is no market with this id.');
  }
  if (s.channel !== 'candles') return `${s.channel}:${s.market_id}`;
  if (!(CANDLE_INTERVALS as readonly number[]).includes(s.interval_min ?? 0)) {
    throw new SocketError(400, `interval_min must be one of ${CANDLE_INTERVALS.join(', ')}.`);
  }
  return `candles:${s.market_id}:${s.interval_min}`;
}

async function snapshot(ctx: TradingContext, client: Client, s: Subscription): Promise<ServerMessage> {
  const now = ctx.clock.nowSeconds();
  const userId = client.userId!;
  const marketId = s.market_id!;
  switch (s.channel) {
    case 'ticker':
      return {
        channel: 'ticker',
        type: 'snapshot',
        data: { markets: ctx.engine.workers().map((w) => toTicker(w, now)) },
      };
    case 'orderbook': {
      const { sequence, ...data } = orderBook(ctx, marketId);
      return { channel: 'orderbook', market_id: marketId, type: 'snapshot', sequence, data };
    }
    case 'trades':
      return { channel: 'trades', market_id: marketId, type: 'snapshot', data: recentTrades(ctx, marketId) };
    case 'candles':
      return {
        channel: 'candles',
        market_id: marketId,
        type: 'snapshot',
        data: { interval_min: s.interval_min, ...candles(ctx, marketId, s.interval_min!) },
      };
    case 'orders':
      return { channel: 'orders', type: 'snapshot', data: await openOrders(ctx, userId) };
    case 'balances':
      return { channel: 'balances', type: 'snapshot', data: await funds.balancesOf(ctx.db, userId) };
    case 'notifications':
      return { channel: 'notifications', type: 'snapshot', data: await latestNotifications(ctx, userId) };
    case 'transactions': {
      const moving = await history.onChain(ctx, [userId], ctx.clock.now());
      return {
        channel: 'transactions',
        type: 'snapshot',
        data: { transactions: moving.map((m) => m.transaction) },
      };
    }
  }
}
