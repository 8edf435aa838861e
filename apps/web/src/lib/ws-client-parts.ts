import {
  PRIVATE_CHANNELS,
  SESSION_INVALID_CODE,
  type TServerMessage,
  type TSocketChannel,
} from '@fit24/contract';

/** What a screen subscribes to: a channel, and for market channels the market (and candle interval). */
export interface LiveSubscription {
  channel: TSocketChannel;
  market_id?: number;
  interval_min?: number;
}

/**
 * The socket's address for an API base (DESIGN §2/§3): '' means the page's own origin; `http` becomes `ws`
 * and `https` becomes `wss`. Browsers can't set headers on a WebSocket, so the API key rides in the query.
 */
export function socketUrl(
  config: { apiBase: string; apiKey: string },
  page: { protocol: string; host: string },
): string {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const secure = (base ? base.protocol : page.protocol) === 'https:';
  const host = base ? base.host : page.host;
  const path = base ? base.pathname.replace(/\/+$/, '') : '';
  return `${secure ? 'wss' : 'ws'}://${host}${path}/ws?api_key=${encodeURIComponent(config.apiKey)}`;
}

/**
 * Milliseconds to wait before reconnect attempt `attempt` (0 first): doubling from `baseMs` up to `maxMs`,
 * with jitter in the upper half so a server restart isn't met by every client at the same instant.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  baseMs = 500,
  maxMs = 15_000,
) {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function isPrivateChannel(channel: string): boolean {
  return (PRIVATE_CHANNELS as readonly string[]).includes(channel);
}

/** The key the server files a subscription under: `ticker`, `orderbook:1`, `candles:1:15`, `orders` … */
export function subscriptionKey(s: LiveSubscription): string {
  if (s.channel === 'ticker' || isPrivateChannel(s.channel)) return s.channel;
  if (s.channel === 'candles') return `candles:${s.market_id}:${s.interval_min}`;
  return `${s.channel}:${s.market_id}`;
}

/** The subscription a server message belongs to, or null for the socket's own (auth, pong, error). */
export function messageKey(m: TServerMessage): string | null {
  switch (m.channel) {
    case 'auth':
    case 'pong':
    case 'error':
      return null;
    case 'candles':
      return subscriptionKey({
        channel: 'candles',
        market_id: m.market_id,
        interval_min: m.data.interval_min,
      });
    case 'orderbook':
    case 'trades':
      return subscriptionKey({ channel: m.channel, market_id: m.market_id });
    default:
      return m.channel;
  }
}

/**
 * A 502 from the socket: the session ended (`auth` update, the socket then closes with
 * `SESSION_ENDED_CLOSE_CODE`) or the token sent in `auth` was refused (`error`).
 */
export function endsSession(m: TServerMessage): boolean {
  return (
    (m.channel === 'auth' || m.channel === 'error') &&
    'code' in m.data &&
    m.data.code === SESSION_INVALID_CODE
  );
}
