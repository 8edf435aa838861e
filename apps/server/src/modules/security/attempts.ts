import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import * as attemptLimitsRepo from './attempt-limits.repository.ts';

/** At most `max` attempts per key in a window of `windowSeconds` that starts at the first attempt. */
export interface AttemptLimit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

const FIFTEEN_MINUTES = 900;

/**
 * Every guessable secret's limits (DESIGN §3, issue 11). Per account: five guesses in fifteen minutes;
 * per address: more, since many people can share one.
 */
export const attemptLimits = {
  signinAccount: { bucket: 'signin', max: 5, windowSeconds: FIFTEEN_MINUTES },
  signinIp: { bucket: 'signin-ip', max: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Each OTP purpose apart (key `<purpose>:<user>`), on top of each code's own five tries. */
  otpAccount: { bucket: 'otp', max: 5, windowSeconds: FIFTEEN_MINUTES },
  otpIp: { bucket: 'otp-ip', max: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Asking for password-reset codes (their sending, not their checking). */
  passwordOtpAccount: { bucket: 'password-otp', max: 5, windowSeconds: FIFTEEN_MINUTES },
  passwordOtpIp: { bucket: 'password-otp-ip', max: 20, windowSeconds: FIFTEEN_MINUTES },
  txnPassword: { bucket: 'txn-password', max: 5, windowSeconds: FIFTEEN_MINUTES },
  /** TOTP codes, recovery codes and passkey assertions of one user, wherever they are asked for. */
  secondFactor: { bucket: 'second-factor', max: 5, windowSeconds: FIFTEEN_MINUTES },
  secondFactorIp: { bucket: 'second-factor-ip', max: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Passkey sign-in flows an address may start (each is a row until it expires). */
  passkeyFlowIp: { bucket: 'passkey-flow-ip', max: 60, windowSeconds: FIFTEEN_MINUTES },
  /**
   * Lookups of a transfer's recipient per sender: each answers whether an email is a FIT24 user, so a
   * sender may not walk a list of addresses. Every lookup counts, found or not.
   */
  transferRecipient: { bucket: 'transfer-recipient', max: 30, windowSeconds: 3600 },
  /**
   * Requests signed with a personal key from one address whose key is unknown or whose signature is wrong
   * (modules/api-keys): only failures count (`refuseWhenSpent`, then `reserve` after a failure).
   */
  apiKeySignatureIp: { bucket: 'api-key-signature-ip', max: 30, windowSeconds: FIFTEEN_MINUTES },
} satisfies Record<string, AttemptLimit>;

/** An attempt taken: give it back with `release` when the secret was right. */
export interface Reservation {
  bucket: string;
  key: string;
  windowStart: Date;
}

/**
 * Takes one attempt **before** the secret is checked, in one atomic statement: the row's attempts rise
 * only while under the limit (or the window has passed and starts again), so N parallel guesses take at
 * most `max` attempts whatever the database runs in parallel; the others get 429 with `retry_after`.
 * Runs on its own (autocommit), never inside a transaction that could roll the attempt back.
 */
export async function reserve(
  db: Database,
  now: Date,
  limit: AttemptLimit,
  key: string,
): Promise<Reservation> {
  const windowAgo = new Date(now.getTime() - limit.windowSeconds * 1000);
  const windowStart = await attemptLimitsRepo.take(db, now, {
    bucket: limit.bucket,
    key,
    max: limit.max,
    windowAgo,
  });
  if (windowStart) return { bucket: limit.bucket, key, windowStart };
  throw await tooMany(db, now, limit, key);
}

/**
 * Refuses (429 with `retry_after`) when `key` has spent its attempts of `limit` in the current window;
 * takes nothing. For limits that count failures only: `reserve` one after each failure (it refuses in
 * its own atomic statement once the limit is reached, so a burst of failures counts exactly `max`), while
 * right answers sent in parallel are never refused for being in flight together.
 */
export async function refuseWhenSpent(
  db: Database,
  now: Date,
  limit: AttemptLimit,
  key: string,
): Promise<void> {
  const window = await attemptLimitsRepo.findWindow(db, limit.bucket, key);
  const current =
    window !== undefined && window.window_start.getTime() > now.getTime() - limit.windowSeconds * 1000;
  if (current && window.attempts >= limit.max) throw await tooMany(db, now, limit, key);
}

/**
 * Takes an attempt of each limit in order. When one refuses, the ones already taken are given back: a
 * refused request was not evaluated, so it does not count.
 */
export async function reserveAll(
  db: Database,
  now: Date,
  checks: ReadonlyArray<readonly [AttemptLimit, string]>,
): Promise<Reservation[]> {
  const taken: Reservation[] = [];
  try {
    for (const [limit, key] of checks) taken.push(await reserve(db, now, limit, key));
  } catch (error) {
    await release(db, taken);
    throw error;
  }
  return taken;
}

/**
 * Gives attempts back (the secret was right, or the request was refused before its secret was checked).
 * Only within the window they were taken in: a new window is never pushed below its own count.
 */
export async function release(db: Database, reservations: readonly Reservation[]): Promise<void> {
  for (const r of reservations) await attemptLimitsRepo.giveBack(db, r);
}

/**
 * Runs `check` (which verifies a secret and throws when it is wrong) under the limits: attempts are taken
 * first, kept when `check` throws, given back when it succeeds.
 */
export async function guarded<T>(
  db: Database,
  now: Date,
  checks: ReadonlyArray<readonly [AttemptLimit, string]>,
  check: () => Promise<T>,
): Promise<T> {
  const taken = await reserveAll(db, now, checks);
  const result = await check();
  await release(db, taken);
  return result;
}

async function tooMany(db: Database, now: Date, limit: AttemptLimit, key: string): Promise<AppError> {
  const windowStart = await attemptLimitsRepo.findWindowStart(db, limit.bucket, key);
  const endsAt = (windowStart?.getTime() ?? now.getTime()) + limit.windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    undefined,
    retryAfter,
  );
}

/** Forgets windows that ended long ago (rows for every email and address ever tried). */
export async function prune(db: Database, now: Date): Promise<number> {
  const longest = Math.max(...Object.values(attemptLimits).map((l) => l.windowSeconds));
  return attemptLimitsRepo.deleteStartedBefore(db, new Date(now.getTime() - longest * 2000));
}
