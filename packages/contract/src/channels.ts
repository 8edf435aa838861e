/**
 * The real-time socket's channels and close code (DESIGN §3), apart from the message schemas in
 * realtime.ts: the first screen reads these and nothing of zod (issue 15's JavaScript budget).
 */
export const PUBLIC_CHANNELS = ['ticker', 'orderbook', 'trades', 'candles'] as const;
/** Channels that need `{"op": "auth", "token"}` first. */
export const PRIVATE_CHANNELS = ['orders', 'balances', 'notifications', 'transactions'] as const;

/**
 * Close code of a socket whose session ended — signed out, signed out everywhere, password reset, account
 * frozen — in whichever server process: the app takes it as the spec's 502 (signs out, clears, goes to
 * the root) and doesn't auth again with that token.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;
