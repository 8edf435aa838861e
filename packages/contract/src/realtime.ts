import { z } from 'zod';

/** The real-time socket at `GET /ws` (DESIGN §3): channels and what a client may send. */
export const PUBLIC_CHANNELS = ['ticker', 'orderbook', 'trades', 'candles'] as const;
/** Channels that need `{"op": "auth", "token"}` first. */
export const PRIVATE_CHANNELS = ['orders', 'balances', 'notifications'] as const;

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
