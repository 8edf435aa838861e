import { z } from 'zod';
import { ZEpochSeconds, ZFlag } from './common.ts';
import type { RouteDef } from './routes/define.ts';
import { secondFactorShape } from './security.ts';

/**
 * Personal API keys (issue 17 §2): a user's key for bots. Every request made with one is signed with
 * HMAC-SHA256 under the key's secret (shown once, at creation) over
 * `timestamp + METHOD + path-with-query + body`, sent in the headers below. The key stands for the app key
 * (`x-api-key` is not needed) and acts as its user on the routes its scopes allow (`apiKeyScopeOf`).
 */

export const API_KEY_SCOPES = ['read', 'trade', 'withdraw'] as const;
export const ZApiKeyScope = z.enum(API_KEY_SCOPES);
export type TApiKeyScope = z.infer<typeof ZApiKeyScope>;

/** The request headers of a signed call. */
export const API_KEY_HEADERS = {
  key: 'fit24-key',
  timestamp: 'fit24-timestamp',
  signature: 'fit24-signature',
} as const;

/** A user holds at most this many keys that are not revoked. */
export const API_KEYS_PER_USER = 20;

/** The public id of a key: `fk_` and 24 hex characters. */
export const ZApiKeyId = z
  .string()
  .trim()
  .regex(/^fk_[0-9a-f]{24}$/, 'must be a key id (fk_ and 24 hexadecimal characters)');

/** An IPv4 or IPv6 address, or a CIDR range of either. */
export const ZIpOrCidr = z.union(
  [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()],
  'must be an IP address or a CIDR range (203.0.113.7, 203.0.113.0/24, 2001:db8::/32)',
);

export const ZApiKeyCreateBody = z
  .object({
    label: z.string().trim().min(1, 'is required').max(60, 'is at most 60 characters'),
    scopes: z
      .array(ZApiKeyScope)
      .min(1, 'needs at least one scope')
      .max(3)
      .refine((s) => new Set(s).size === s.length, 'must not repeat a scope'),
    /** The `withdraw` scope is refused unless this is 1: the user turns it on knowingly. */
    withdraw_enabled: ZFlag.optional(),
    /** Empty or absent: any address. */
    ip_allowlist: z.array(ZIpOrCidr).max(20, 'at most 20 entries').optional(),
    /** Epoch seconds; absent or null: the key does not expire. */
    expires_at: ZEpochSeconds.nullable().optional(),
    ...secondFactorShape,
  })
  .strict()
  .refine((b) => !b.scopes.includes('withdraw') || b.withdraw_enabled === 1, {
    message: 'set withdraw_enabled to 1 to give a key the withdraw scope',
    path: ['withdraw_enabled'],
  });

export const ZApiKeyStatus = z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']);

export const ZApiKey = z.object({
  key_id: ZApiKeyId,
  label: z.string(),
  scopes: z.array(ZApiKeyScope),
  ip_allowlist: z.array(z.string()),
  status: ZApiKeyStatus,
  created_at: ZEpochSeconds,
  expires_at: ZEpochSeconds.nullable(),
  last_used_at: ZEpochSeconds.nullable(),
  revoked_at: ZEpochSeconds.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The key and its secret: the secret is in this answer only, never again. */
export const ZApiKeyCreatedData = z.object({ api_key: ZApiKey, secret: z.string() });
export const ZApiKeyListData = z.object({ api_keys: z.array(ZApiKey) });
export const ZApiKeyRevokeBody = z.object({ key_id: ZApiKeyId }).strict();
export const ZApiKeyData = z.object({ api_key: ZApiKey });

/** What is signed: `timestamp + METHOD + path (with its query, as sent) + body (as sent; '' when none)`. */
export function apiKeySigningString(timestamp: string, method: string, pathWithQuery: string, body: string) {
  return `${timestamp}${method.toUpperCase()}${pathWithQuery}${body}`;
}

/** Tags whose calls a personal key never makes, even to read: sign-in, sessions, security, keys, operators. */
const closedTags = new Set(['auth', 'security', 'api-keys', 'ops', 'operators']);

/**
 * The scope a personal key needs to make a call, or null when no key may make it:
 * - `read`: the public GET calls and the signed-in user's own GET data (not sessions, security, keys);
 * - `trade`: placing and cancelling orders (POST calls of the `orders` tag);
 * - `withdraw`: `asset.withdraw`, to addresses of the user's address book only.
 * Key management, passwords, the second factor and every security change are never open to a key.
 */
export function apiKeyScopeOf(def: RouteDef & { id: string }): TApiKeyScope | null {
  if (closedTags.has(def.tag) || def.auth.startsWith('ops')) return null;
  if (def.id === 'asset.withdraw') return 'withdraw';
  if (def.method === 'POST') return def.tag === 'orders' ? 'trade' : null;
  return 'read';
}
