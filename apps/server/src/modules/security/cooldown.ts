import { toEpochSeconds } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { utcMinute } from './security-messages.ts';

/**
 * The pause on money leaving an account after a security change (a password reset, 2FA turned off, a new
 * mobile number): someone who has just taken over an account cannot empty it before the owner notices.
 * Within the caller's transaction; a later change extends the pause, never shortens it.
 */
export async function startCooldown(
  db: Database,
  userId: bigint,
  now: Date,
  seconds: number,
  reason: string,
): Promise<void> {
  if (seconds <= 0) return;
  const until = new Date(now.getTime() + seconds * 1000);
  await usersRepo.extendCooldown(db, userId, until, reason);
}

/**
 * Refuses money leaving a frozen account (403) or one in its cool-down (422, with `until`). Call it on
 * the row locked by `usersRepo.lockById` in the transaction that moves the money, so a concurrent reset
 * or freeze is either waited for or waits.
 */
export function assertMayMoveFunds(user: UserRow, now: Date): void {
  if (user.frozen_at !== null) {
    throw new AppError(
      'FORBIDDEN',
      'Your account is frozen: withdrawals and transfers are stopped. Please contact support to unfreeze it.',
    );
  }
  if (user.cooldown_until !== null && user.cooldown_until > now) {
    const until = toEpochSeconds(user.cooldown_until);
    throw new AppError(
      'UNPROCESSABLE',
      `Withdrawals and transfers are paused until ${utcMinute(user.cooldown_until)} after a security change (${user.cooldown_reason ?? 'security change'}).`,
      undefined,
      undefined,
      until,
    );
  }
}
