import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import * as attempts from '../security/attempts.ts';
import { attemptLimits } from '../security/attempts.ts';
import { startCooldown } from '../security/cooldown.ts';
import { deliver, mustFind, otpChecks, sendCode, useCode } from './auth.service.ts';
import { otpMessages } from './messages.ts';
import * as otps from './otp.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as sessions from './sessions.service.ts';

/** Forgotten passwords and the transaction password: both are set with an emailed code. */

/**
 * Sends a password-reset code. The answer is the same whether or not the email has an account, and
 * the limits count requests for unknown emails too, so neither tells an attacker which emails exist.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  const now = ctx.clock.now();
  await attempts.reserveAll(ctx.db, now, [
    [attemptLimits.passwordOtpIp, ip],
    [attemptLimits.passwordOtpAccount, email],
  ]);
  const user = await usersRepo.findByEmail(ctx.db, email);
  if (!user) return;
  const code = await ctx.db.transaction().execute(async (trx) => {
    await usersRepo.lockById(trx, user.user_id);
    if ((await otps.resendWait(trx, now, user.user_id, 'PASSWORD_RESET')) > 0) return null;
    return otps.issue(trx, now, user.user_id, 'PASSWORD_RESET', user.email);
  });
  if (code) await deliver(ctx, [['email', otpMessages.passwordReset(user.email, code)]]);
}

/**
 * A new password with the emailed code; every session of the user ends (they sign in again), and money
 * may not leave for the cool-down. The code is checked under the limits (keyed by the email, known or
 * not) before the new password is hashed.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { email_id: string; otp: string; password: string },
  ip: string,
): Promise<void> {
  const now = ctx.clock.now();
  const user = await attempts.guarded(
    ctx.db,
    now,
    otpChecks('PASSWORD_RESET', input.email_id, ip),
    async () => {
      const found = await usersRepo.findByEmail(ctx.db, input.email_id);
      if (!found) throw otps.deadCode();
      const otp = await otps.attempt(ctx.db, now, found.user_id, 'PASSWORD_RESET', input.otp);
      const passwordHash = await hashPassword(input.password);
      await ctx.db.transaction().execute(async (trx) => {
        await otps.consume(trx, now, otp);
        await usersRepo.update(trx, found.user_id, { password_hash: passwordHash });
        await sessions.revokeAllSessions(ctx, trx, found.user_id, now);
        await startCooldown(trx, found.user_id, now, ctx.config.cooldownSeconds, 'password changed');
        await notify(trx, found.user_id, {
          type: 'PASSWORD_CHANGED',
          params: {},
          link: links.security,
          now,
        });
      });
      return found;
    },
  );
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
      params: {},
      link: links.security,
      now,
    });
  });
}
