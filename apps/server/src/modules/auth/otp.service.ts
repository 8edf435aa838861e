import { createHash, randomInt } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { OtpPurpose, OtpRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
/** A code of one purpose is sent again at most once a minute. */
export const OTP_RESEND_SECONDS = 60;

function hashCode(otpId: bigint, code: string): string {
  return createHash('sha256').update(`${otpId}:${code}`).digest('hex');
}

async function latest(db: Database, userId: bigint, purpose: OtpPurpose): Promise<OtpRow | undefined> {
  return db
    .selectFrom('otps')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('otp_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Seconds before another code of this purpose may be sent; 0 when one may be sent now. */
export async function resendWait(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
): Promise<number> {
  const last = await latest(db, userId, purpose);
  if (!last) return 0;
  const wait = Math.ceil((last.created_at.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
  return Math.max(0, wait);
}

export async function assertMaySend(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
): Promise<void> {
  const wait = await resendWait(db, now, userId, purpose);
  if (wait > 0) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Please wait ${wait} seconds before asking for a new code.`,
      undefined,
      wait,
    );
  }
}

/**
 * Issues a new 6-digit code and returns it (to be sent, never stored in clear). Earlier live codes of
 * the same purpose die with it: only the newest code works.
 */
export async function issue(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
  target: string,
): Promise<string> {
  await db
    .updateTable('otps')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await db
    .insertInto('otps')
    .values({
      user_id: userId,
      purpose,
      target,
      code_hash: 'pending',
      created_at: now,
      expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    })
    .returning('otp_id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('otps')
    .set({ code_hash: hashCode(row.otp_id, code) })
    .where('otp_id', '=', row.otp_id)
    .execute();
  return code;
}

export const wrongCode = () => new AppError('UNAUTHORIZED', 'The code is not correct.');
export const deadCode = () =>
  new AppError('UNAUTHORIZED', 'The code has expired or was already used. Please ask for a new one.');

/**
 * Checks a code without using it up. A wrong code counts an attempt; the fifth wrong attempt kills
 * the code. Returns the live code's row for `consume`.
 */
export async function check(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
  code: string,
): Promise<OtpRow> {
  const row = await latest(db, userId, purpose);
  if (!row || row.used_at !== null || row.expires_at <= now || row.attempts >= OTP_MAX_ATTEMPTS)
    throw deadCode();
  if (hashCode(row.otp_id, code) !== row.code_hash) {
    const attempts = row.attempts + 1;
    await db
      .updateTable('otps')
      .set({ attempts, ...(attempts >= OTP_MAX_ATTEMPTS ? { used_at: now } : {}) })
      .where('otp_id', '=', row.otp_id)
      .execute();
    if (attempts >= OTP_MAX_ATTEMPTS) {
      throw new AppError(
        'UNAUTHORIZED',
        'The code is not correct, and it has now been disabled. Please ask for a new one.',
      );
    }
    throw wrongCode();
  }
  return row;
}

/** Uses a checked code up, once: a second use (a race) is refused. */
export async function consume(db: Database, now: Date, otp: OtpRow): Promise<void> {
  const result = await db
    .updateTable('otps')
    .set({ used_at: now })
    .where('otp_id', '=', otp.otp_id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw deadCode();
}

/** Where the newest live code of a purpose was sent, if one is live (e.g. a new mobile number). */
export async function pendingTarget(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
): Promise<string | null> {
  const row = await latest(db, userId, purpose);
  return row && row.used_at === null && row.expires_at > now ? row.target : null;
}
