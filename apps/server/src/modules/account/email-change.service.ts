import type { TUser } from '@fit24/contract';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { deliver, mustFind, sendCode, useCode } from '../auth/auth.service.ts';
import { emailChangeMessages } from '../auth/messages.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import * as attempts from '../security/attempts.ts';
import { attemptLimits } from '../security/attempts.ts';
import { startCooldown } from '../security/cooldown.ts';
import { assertSecondFactor, type SecondFactorProof } from '../security/two-factor.service.ts';
import { userRowToUser } from './account.mappers.ts';
import * as usersRepo from './users.repository.ts';

/**
 * Asks to change the email: the sign-in password (under the sign-in limits) and the second factor when
 * on, then a code to the new address and a warning to the old one. Nothing changes until the code.
 */
export async function requestEmailChange(
  ctx: AppContext,
  userId: bigint,
  input: { email_id: string; password: string } & SecondFactorProof,
  ip: string,
): Promise<{ retry_after: number; email_id: string }> {
  const user = await mustFind(ctx, userId);
  if (input.email_id === user.email) {
    throw badRequest('This is your email already.', { email_id: 'is your current email' });
  }
  await attempts.guarded(ctx.db, ctx.clock.now(), [[attemptLimits.signinAccount, user.email]], async () => {
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw new AppError('UNAUTHORIZED', 'The password is not correct.', { password: 'is not correct' });
    }
  });
  await assertSecondFactor(ctx, userId, input, ip);
  if (await usersRepo.findByEmail(ctx.db, input.email_id)) {
    throw new AppError('CONFLICT', 'Another account uses this email.', { email_id: 'is already registered' });
  }
  // The new address is nobody's yet: the user's own phrase opens the code's email.
  const code = (to: string, otp: string) => ({ ...emailChangeMessages.code(to, otp), userId });
  const sent = await sendCode(ctx, user, 'EMAIL_CHANGE', 'email', input.email_id, code);
  await deliver(ctx, [['email', { ...emailChangeMessages.asked(user.email, input.email_id), userId }]]);
  return { ...sent, email_id: input.email_id };
}

/**
 * The code from the new address makes it the account's email; money may not leave for the cool-down,
 * and the old address is told. Two accounts racing for one address: the unique index lets one win (409).
 */
export async function confirmEmailChange(
  ctx: AppContext,
  userId: bigint,
  otp: string,
  ip: string,
): Promise<TUser> {
  const user = await mustFind(ctx, userId);
  let newEmail = '';
  await useCode(ctx, user, 'EMAIL_CHANGE', otp, ip, async (trx, target, now) => {
    newEmail = target;
    await usersRepo.update(trx, userId, { email: target });
    await startCooldown(trx, userId, now, ctx.config.cooldownSeconds, 'email changed');
    await notify(trx, userId, {
      type: 'SECURITY_CHANGED',
      params: { change: 'EMAIL_CHANGED', email: target },
      link: links.security,
      now,
    });
  });
  // The old address is nobody's any more: the user's phrase still proves the warning is ours.
  await deliver(ctx, [['email', { ...emailChangeMessages.changed(user.email, newEmail), userId }]]);
  return userRowToUser(await mustFind(ctx, userId));
}
