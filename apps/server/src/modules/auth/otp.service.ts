import { createHash, randomInt } from 'node:crypto';
import { sameSecret } from '../../crypto.ts';
import type { Database } from '../../db/database.ts';
import type { OtpPurpose, OtpRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import * as otpsRepo from './otps.repository.ts';

export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
/** A code of one purpose is sent again at most once a minute. */
export const OTP_RESEND_SECONDS = 60;

function hashCode(otpId: bigint, code: string): string {
  return createHash('sha256').update(`${otpId}:${code}`).digest('hex');
}

/** Seconds before another code of this purpose may be sent; 0 when one may be sent now. */
export async function resendWait(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
): Promise<number> {
  const last = await otpsRepo.latest(db, userId, purpose);
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
 * the same purpose die with it: only the newest code works. With `perTarget`, only the earlier codes of
 * the same target die (one live code per saved address, say), and `attempt` must name the target.
 */
export async function issue(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
  target: string,
  perTarget = false,
): Promise<string> {
  await otpsRepo.useUpUnused(db, now, userId, purpose, perTarget ? target : undefined);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const otpId = await otpsRepo.insertPending(db, {
    userId,
    purpose,
    target,
    now,
    expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
  });
  await otpsRepo.setHash(db, otpId, hashCode(otpId, code));
  return code;
}

export const wrongCode = () => new AppError('UNAUTHORIZED', 'The code is not correct.');
export const deadCode = () =>
  new AppError('UNAUTHORIZED', 'The code has expired or was already used. Please ask for a new one.');

/**
 * Takes one try of the newest code of a purpose and checks it. The try is taken **before** the code is
 * compared, in one atomic statement that only succeeds while the code is live and under its five tries:
 * N parallel guesses compare at most five, and a code that is used, expired or out of tries never
 * verifies again. The fifth wrong try kills the code. Returns the code's row for `consume`.
 * With `target`, the newest code of that target (codes issued `perTarget`).
 */
export async function attempt(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
  code: string,
  target?: string,
): Promise<OtpRow> {
  const row = await otpsRepo.takeTry(db, now, { userId, purpose, target }, OTP_MAX_ATTEMPTS);
  if (!row) throw deadCode();
  if (sameSecret(hashCode(row.otp_id, code), row.code_hash)) return row;
  if (row.attempts >= OTP_MAX_ATTEMPTS) {
    await otpsRepo.markUsed(db, row.otp_id, now);
    throw new AppError(
      'UNAUTHORIZED',
      'The code is not correct, and it has now been disabled. Please ask for a new one.',
    );
  }
  throw wrongCode();
}

/** Uses a checked code up, once: a second use (a race) is refused. */
export async function consume(db: Database, now: Date, otp: OtpRow): Promise<void> {
  if (!(await otpsRepo.markUsed(db, otp.otp_id, now))) throw deadCode();
}

/** Where the newest live code of a purpose was sent, if one is live (e.g. a new mobile number). */
export async function pendingTarget(
  db: Database,
  now: Date,
  userId: bigint,
  purpose: OtpPurpose,
): Promise<string | null> {
  const row = await otpsRepo.latest(db, userId, purpose);
  return row && row.used_at === null && row.expires_at > now ? row.target : null;
}
