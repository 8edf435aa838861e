import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** Brute-force limits (DESIGN §3): at most 5 failures in 15 minutes per account, more per address. */
export const limits = {
  signinPerAccount: { bucket: 'signin-fail', max: 5, windowSeconds: 900 },
  signinPerIp: { bucket: 'signin-fail-ip', max: 20, windowSeconds: 900 },
  otpPerAccount: { bucket: 'otp-fail', max: 5, windowSeconds: 900 },
  otpPerIp: { bucket: 'otp-fail-ip', max: 20, windowSeconds: 900 },
  passwordOtpPerAccount: { bucket: 'password-otp', max: 5, windowSeconds: 900 },
  passwordOtpPerIp: { bucket: 'password-otp-ip', max: 20, windowSeconds: 900 },
} satisfies Record<string, Limit>;

/**
 * Refuses with 429 and `retry_after` (seconds until the oldest counted event leaves the window)
 * when `key` has used up `limit` already.
 */
export async function assertUnderLimit(db: Database, now: Date, limit: Limit, key: string): Promise<void> {
  const since = new Date(now.getTime() - limit.windowSeconds * 1000);
  const rows = await db
    .selectFrom('rate_events')
    .select('created_at')
    .where('bucket', '=', limit.bucket)
    .where('key', '=', key)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit.max)
    .execute();
  if (rows.length < limit.max) return;
  const oldest = rows[rows.length - 1]!.created_at;
  const retryAfter = Math.max(
    1,
    Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
  );
  throw new AppError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`,
    undefined,
    retryAfter,
  );
}

export async function recordEvent(db: Database, now: Date, limit: Limit, key: string): Promise<void> {
  await db.insertInto('rate_events').values({ bucket: limit.bucket, key, created_at: now }).execute();
}

/** Checks several limits at once, e.g. per account and per address. */
export async function assertUnderLimits(
  db: Database,
  now: Date,
  checks: Array<[Limit, string]>,
): Promise<void> {
  for (const [limit, key] of checks) await assertUnderLimit(db, now, limit, key);
}

export async function recordEvents(db: Database, now: Date, checks: Array<[Limit, string]>): Promise<void> {
  await db
    .insertInto('rate_events')
    .values(checks.map(([limit, key]) => ({ bucket: limit.bucket, key, created_at: now })))
    .execute();
}
