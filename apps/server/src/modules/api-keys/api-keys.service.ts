import { randomBytes } from 'node:crypto';
import {
  API_KEY_HEADERS,
  API_KEYS_PER_USER,
  apiKeyScopeOf,
  type RouteDef,
  type TApiKey,
  type TApiKeyScope,
  type TSecondFactor,
} from '@fit24/contract';
import type { FastifyRequest } from 'fastify';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { seal, unseal } from '../../crypto.ts';
import type { ApiKeyRatesRow, ApiKeyRow } from '../../db/schema-api-keys.ts';
import { AppError, badRequest, forbidden } from '../../http/app-error.ts';
import type { AuthInfo } from '../../http/auth-info.ts';
import * as usersRepo from '../account/users.repository.ts';
import * as attempts from '../security/attempts.ts';
import { assertSecondFactor } from '../security/two-factor.service.ts';
import * as repo from './api-keys.repository.ts';
import { admitCall } from './call-admissions.ts';
import { ipAllowed, sameSignature, signRequest } from './signing.ts';

/**
 * Personal API keys (issue 17 §2). Design:
 * - The secret is 256 random bits, shown once. HMAC verification needs the secret itself (a hash of it
 *   could not check a signature), so it is stored sealed with SECRETS_KEY (AES-256-GCM, `crypto.seal`),
 *   as TOTP secrets are: a copy of the database alone does not give it away.
 * - A signed request needs no `x-api-key`: the personal key identifies a user's client as well as the
 *   app key does, and bots are not the bundled app.
 * - Checked in this order: headers → timestamp inside the receive window → the caller's address under
 *   its limit of failed signatures → the key (known) → the signature → the IP allow-list → the key live
 *   (not revoked, not expired, its user not frozen) → the scope of the route → the per-key rate limits
 *   (the atomic attempt counter) → the signature used once (unique insert).
 *   Any failure is a 401 or 403 (429 for the rates) before the handler runs: nothing moves.
 * - A socket opens with a signed `GET /ws` (`authenticateSocket`); each order it sends then passes the
 *   same checks but the signature (`authorizeSocketCall`), and the realtime layer closes it when the key
 *   is revoked (the revocation is announced as a session's end is).
 */

export interface ApiKeyAuth {
  apiKeyId: bigint;
  publicId: string;
  scopes: TApiKeyScope[];
}

export function statusOf(row: ApiKeyRow, now: Date): TApiKey['status'] {
  if (row.revoked_at !== null) return 'REVOKED';
  if (row.expires_at !== null && row.expires_at <= now) return 'EXPIRED';
  return 'ACTIVE';
}

const seconds = (date: Date | null) => (date === null ? null : toEpochSeconds(date));

export function apiKeyRowToApiKey(row: ApiKeyRow, now: Date): TApiKey {
  return {
    key_id: row.public_id,
    label: row.label,
    scopes: row.scopes as TApiKeyScope[],
    ip_allowlist: row.ip_allowlist,
    status: statusOf(row, now),
    created_at: toEpochSeconds(row.created_at),
    expires_at: seconds(row.expires_at),
    last_used_at: seconds(row.last_used_at),
    revoked_at: seconds(row.revoked_at),
  };
}

export interface CreateInput extends TSecondFactor {
  label: string;
  scopes: TApiKeyScope[];
  withdraw_enabled?: 0 | 1 | undefined;
  ip_allowlist?: string[] | undefined;
  expires_at?: number | null | undefined;
}

/**
 * A new key: the second factor when it is on, then at most `API_KEYS_PER_USER` live keys, counted under
 * the user's row lock so parallel creations cannot pass the limit together.
 */
export async function create(
  ctx: AppContext,
  userId: bigint,
  input: CreateInput,
  ip: string,
): Promise<{ api_key: TApiKey; secret: string }> {
  const now = ctx.clock.now();
  if (input.expires_at != null && input.expires_at <= toEpochSeconds(now)) {
    throw badRequest('The expiry must be in the future.', { expires_at: 'must be in the future' });
  }
  if (input.scopes.includes('withdraw') && input.withdraw_enabled !== 1) {
    throw badRequest('Set withdraw_enabled to 1 to give a key the withdraw scope.', {
      withdraw_enabled: 'must be 1 for the withdraw scope',
    });
  }
  await assertSecondFactor(ctx, userId, input, ip);
  const secret = randomBytes(32).toString('base64url');
  const row = await ctx.db.transaction().execute(async (trx) => {
    await usersRepo.lockById(trx, userId);
    if ((await repo.countLive(trx, userId, now)) >= API_KEYS_PER_USER) {
      throw new AppError(
        'UNPROCESSABLE',
        `You have ${API_KEYS_PER_USER} API keys already: revoke one before creating another.`,
      );
    }
    return repo.insert(trx, {
      public_id: `fk_${randomBytes(12).toString('hex')}`,
      user_id: userId,
      label: input.label,
      scopes: [...input.scopes].sort(),
      ip_allowlist: [...new Set(input.ip_allowlist ?? [])],
      secret_sealed: seal(ctx.config.secretsKey, secret),
      created_at: now,
      expires_at: input.expires_at == null ? null : new Date(input.expires_at * 1000),
    });
  });
  return { api_key: apiKeyRowToApiKey(row, now), secret };
}

export async function list(ctx: AppContext, userId: bigint): Promise<TApiKey[]> {
  const now = ctx.clock.now();
  return (await repo.listOf(ctx.db, userId)).map((row) => apiKeyRowToApiKey(row, now));
}

export async function revoke(ctx: AppContext, userId: bigint, publicId: string): Promise<TApiKey> {
  const now = ctx.clock.now();
  const row = await repo.revoke(ctx.db, userId, publicId, now);
  if (!row) throw new AppError('NOT_FOUND', 'There is no API key of yours with this id.');
  return apiKeyRowToApiKey(row, now);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether a request is made with a personal key (it carries `FIT24-KEY`). */
export const isSigned = (request: FastifyRequest): boolean =>
  header(request, API_KEY_HEADERS.key) !== undefined;

const refused = (message: string) => new AppError('UNAUTHORIZED', message);

/** What a signed request or socket upgrade carries, read from its headers and where it came from. */
interface SignedCall {
  publicId: string;
  timestamp: string;
  signature: string;
  method: string;
  path: string;
  body: string;
  ip: string;
}

function signedCallOf(request: FastifyRequest, rawBody: string): SignedCall {
  return {
    publicId: header(request, API_KEY_HEADERS.key)?.trim() ?? '',
    timestamp: header(request, API_KEY_HEADERS.timestamp)?.trim() ?? '',
    signature: header(request, API_KEY_HEADERS.signature)?.trim() ?? '',
    method: request.method,
    path: request.url,
    body: rawBody,
    ip: request.ip,
  };
}

/**
 * The caller of a signed request (see the order of checks above): its user, acting through the key.
 * `rawBody` is the body exactly as sent ('' when none).
 */
export async function authenticateSigned(
  ctx: AppContext,
  def: RouteDef & { id: string },
  request: FastifyRequest,
  rawBody: string,
): Promise<AuthInfo> {
  const call = signedCallOf(request, rawBody);
  const key = await verifySignature(ctx, call);
  return admit(ctx, key.public_id, def, call.signature);
}

/**
 * The caller of a socket opened with a personal key: `GET /ws` signed as any request is (no body), so
 * the same receive window and the same once-only rule hold, and the same checks of the key and its
 * address. Any scope opens a socket; each message asks for its own (`authorizeSocketCall`).
 */
export async function authenticateSocket(ctx: AppContext, request: FastifyRequest): Promise<AuthInfo> {
  const call = signedCallOf(request, '');
  const key = await verifySignature(ctx, call);
  const admitted = await admitOrRefuse(ctx, key.public_id, { scope: null, verifiedEmail: false });
  await useOnce(ctx, admitted.api_key_id, call.signature);
  return authOf(admitted);
}

/**
 * A call made on a socket opened with a key: the key read again (revoked, expired or frozen since the
 * socket opened: refused as a signed request would be), then the route's scope and the key's rate.
 */
export async function authorizeSocketCall(
  ctx: AppContext,
  publicId: string,
  def: RouteDef & { id: string },
): Promise<AuthInfo> {
  return admit(ctx, publicId, def, null);
}

/**
 * Checks the headers, the timestamp, the key's existence, the signature and the IP allow-list. A key that
 * does not exist or a signature that does not match counts against the caller's address
 * (`attemptLimits.apiKeySignatureIp`, the atomic attempt counter): once the address has spent its
 * attempts, every request it signs gets 429 with `retry_after` until the window ends, before any key is
 * looked up.
 */
async function verifySignature(ctx: AppContext, call: SignedCall): Promise<repo.ApiKeyWithUser> {
  const { publicId, timestamp, signature } = call;
  if (!/^fk_[0-9a-f]{24}$/.test(publicId)) refuse('FIT24-KEY is not a key id.');
  if (!/^[0-9]{1,16}$/.test(timestamp))
    refuse('FIT24-TIMESTAMP must be the time of the request in milliseconds since the epoch.');
  if (!/^[0-9a-fA-F]{64}$/.test(signature))
    refuse('FIT24-SIGNATURE must be the HMAC-SHA256 of the request in hexadecimal (64 characters).');

  const now = ctx.clock.now();
  const window = ctx.config.personalKeys.recvWindowMs;
  if (Math.abs(now.getTime() - Number(timestamp)) > window) {
    refuse(
      `FIT24-TIMESTAMP is more than ${window} ms from the server's time (${now.getTime()}): sign the request again with the current time.`,
    );
  }
  const limit = attempts.attemptLimits.apiKeySignatureIp;
  await attempts.refuseWhenSpent(ctx.db, now, limit, call.ip);
  const key = await repo.findByPublicId(ctx.db, publicId);
  const secret = key ? unseal(ctx.config.secretsKey, key.secret_sealed) : null;
  const expected = secret && signRequest(secret, call);
  if (!key || !expected || !sameSignature(signature, expected)) {
    // Counted against the address; past its limit the answer is 429 rather than 401.
    await attempts.reserve(ctx.db, now, limit, call.ip);
    if (!key) refuse('This API key does not exist.');
    refuse(
      'The signature does not match: sign timestamp + METHOD + path with query + body with the key secret (HMAC-SHA256, hex).',
    );
  }
  if (!ipAllowed(call.ip, key.ip_allowlist)) throw forbidden(`This API key may not be used from ${call.ip}.`);
  return key;
}

function liveOrRefuse(key: repo.ApiKeyWithUser, now: Date): void {
  if (key.revoked_at !== null) refuse('This API key was revoked.');
  if (key.expires_at !== null && key.expires_at <= now) refuse('This API key has expired.');
  if (key.frozen_at !== null) throw forbidden('This account is frozen: its API keys do not work.');
}

/**
 * The rest of the checks of a call: the route open to keys, then in one statement the key live, the
 * route's scope, the user's email and the rate (`admitCall`), then the signature once.
 */
async function admit(
  ctx: AppContext,
  publicId: string,
  def: RouteDef & { id: string },
  signature: string | null,
): Promise<AuthInfo> {
  const scope = apiKeyScopeOf(def);
  if (scope === null) throw forbidden('API keys cannot make this call: sign in to the app for it.');
  const key = await admitOrRefuse(ctx, publicId, { scope, verifiedEmail: def.auth === 'user' });
  if (signature !== null) await useOnce(ctx, key.api_key_id, signature);
  return authOf(key);
}

/**
 * The key, its call counted (`admitCall`: in one statement with the calls made meanwhile); when it was not
 * admitted, the key is read to say why, in the order the checks are documented: gone, revoked, expired,
 * frozen, scope, email, rate.
 */
async function admitOrRefuse(
  ctx: AppContext,
  publicId: string,
  needs: repo.CallNeeds,
): Promise<repo.AdmittedKey> {
  const now = ctx.clock.now();
  const rate = ctx.config.personalKeys;
  const { perSecond, perMinute } = rate;
  const admitted = await admitCall(ctx.db, rate, { publicId, ...needs }, now);
  if (admitted) return admitted;
  const key = await repo.findByPublicId(ctx.db, publicId);
  if (!key) refuse('This API key does not exist.');
  liveOrRefuse(key, now);
  if (needs.scope !== null && !key.scopes.includes(needs.scope))
    throw forbidden(`This API key lacks the ${needs.scope} scope for this call.`);
  if (needs.verifiedEmail && !key.is_email_verified)
    throw forbidden('Please verify your email address first.');
  const wait = retryAfter(await repo.findRates(ctx.db, key.api_key_id), now, perSecond);
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `This API key is over its rate limit (${perSecond} requests a second, ${perMinute} a minute): retry after ${wait} s.`,
    undefined,
    wait,
  );
}

/** Seconds until the window that refused ends: the second's when it is full, else the minute's. */
function retryAfter(rates: ApiKeyRatesRow | undefined, now: Date, perSecond: number): number {
  if (!rates) return 1;
  const secondFull = rates.second_start.getTime() > now.getTime() - 1000 && rates.second_count >= perSecond;
  const ends = secondFull ? rates.second_start.getTime() + 1000 : rates.minute_start.getTime() + 60_000;
  return Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
}

/** Records the signature as used; refused when it was. */
async function useOnce(ctx: AppContext, apiKeyId: bigint, signature: string): Promise<void> {
  if (!(await repo.useSignature(ctx.db, apiKeyId, signature.toLowerCase(), ctx.clock.now())))
    refuse('This signature was used already: every request needs a new timestamp and signature.');
}

function authOf(key: repo.AdmittedKey): AuthInfo {
  return {
    sessionId: 0n,
    userId: key.user_id,
    isEmailVerified: key.is_email_verified,
    apiKey: { apiKeyId: key.api_key_id, publicId: key.public_id, scopes: key.scopes as TApiKeyScope[] },
  };
}

function refuse(message: string): never {
  throw refused(message);
}

/** Forgets used signatures whose timestamps can no longer pass the window (kept twice as long, and more). */
export async function prune(ctx: AppContext, now: Date): Promise<number> {
  return repo.pruneSignatures(ctx.db, new Date(now.getTime() - 3 * ctx.config.personalKeys.recvWindowMs));
}
