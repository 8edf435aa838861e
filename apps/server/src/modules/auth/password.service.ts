import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { notify } from '../notifications/notifications.service.ts';
import { deliver, mustFind, sendCode, useCode } from './auth.service.ts';
import { otpMessages } from './messages.ts';
import * as otps from './otp.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { assertUnderLimits, type Limit, limits, recordEvents } from './rate-limit.ts';
import * as sessions from './sessions.service.ts';

/** Forgotten passwords and the transaction password: both are set with an emailed code. */

/**
 * Sends a password-reset code. The answer is the same whether or not the email has an account, and
 * the limits count requests for unknown emails too, so neither tells an attacker which emails exist.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  const now = ctx.clock.now();
  const checks: Array<[Limit, string]> = [
    [limits.passwordOtpPerAccount, email],
    [limits.passwordOtpPerIp, ip],
  ];
  await assertUnderLimits(ctx.db, now, checks);
  await recordEvents(ctx.db, now, checks);
  const user = await usersRepo.findByEmail(ctx.db, email);
  if (!user) return;
  const code = await ctx.db.transaction().execute(async (trx) => {
    if ((await otps.resendWait(trx, now, user.user_id, 'PASSWORD_RESET')) > 0) return null;
    return otps.issue(trx, now, user.user_id, 'PASSWORD_RESET', user.email);
  });
  if (code) await deliver(ctx, [['email', otpMessages.passwordReset(user.email, code)]]);
}

/** A new password with the emailed code; every session of the user ends (they sign in again). */
export async function resetPassword(
  ctx: AppContext,
  input: { email_id: string; otp: string; password: string },
  ip: string,
): Promise<void> {
  const checks: Array<[Limit, string]> = [
    [limits.otpPerAccount, input.email_id],
    [limits.otpPerIp, ip],
  ];
  await assertUnderLimits(ctx.db, ctx.clock.now(), checks);
  const user = await usersRepo.findByEmail(ctx.db, input.email_id);
  if (!user) {
    await recordEvents(ctx.db, ctx.clock.now(), checks);
    throw otps.deadCode();
  }
  const passwordHash = await hashPassword(input.password);
  await useCode(ctx, user, 'PASSWORD_RESET', input.otp, ip, async (trx, _target, now) => {
    await usersRepo.update(trx, user.user_id, { password_hash: passwordHash });
    await sessions.revokeAllSessions(ctx, trx, user.user_id, now);
    await notify(trx, user.user_id, {
      type: 'PASSWORD_CHANGED',
      title: 'Password changed',
      body: 'Your password was changed and every device was signed out.',
      now,
    });
  });
  // Again after the commit: a request between the revocation and the commit may have cached the session.
  ctx.sessions.forgetUser(user.user_id);
}

export async function requestTxnPasswordCode(
  ctx: AppContext,
  userId: bigint,
): Promise<{ retry_after: number }> {
  const user = await mustFind(ctx, userId);
  return sendCode(ctx, user, 'TXN_PASSWORD', 'email', user.email, otpMessages.txnPassword);
}

export async function setTxnPassword(
  ctx: AppContext,
  userId: bigint,
  input: { otp: string; txn_password: string },
  ip: string,
): Promise<void> {
  const user = await mustFind(ctx, userId);
  if (await verifyPassword(user.password_hash, input.txn_password)) {
    throw badRequest('The transaction password must differ from your sign-in password.', {
      txn_password: 'must differ from your sign-in password',
    });
  }
  const txnHash = await hashPassword(input.txn_password);
  await useCode(ctx, user, 'TXN_PASSWORD', input.otp, ip, async (trx, _target, now) => {
    await usersRepo.update(trx, userId, { txn_password_hash: txnHash });
    await notify(trx, userId, {
      type: 'TXN_PASSWORD_SET',
      title: 'Transaction password set',
      body: 'Your transaction password was set. It is now needed for withdrawals and transfers.',
      now,
    });
  });
}
