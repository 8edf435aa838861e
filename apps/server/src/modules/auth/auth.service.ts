import { randomInt } from 'node:crypto';
import type { TRegisterBody, TSessionData, TUser } from '@fit24/contract';
import { isValidPhoneNumber } from 'libphonenumber-js';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { OtpPurpose, UserRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import type { Message } from '../../messenger.ts';
import { userRowToUser } from '../account/account.mappers.ts';
import * as usersRepo from '../account/users.repository.ts';
import * as contentRepo from '../content/content.repository.ts';
import * as attempts from '../security/attempts.ts';
import { attemptLimits } from '../security/attempts.ts';
import { startCooldown } from '../security/cooldown.ts';
import type { SigninOrigin } from '../security/signin-alert.ts';
import { isAssignedCountry } from '../system/countries.ts';
import { otpMessages } from './messages.ts';
import * as otps from './otp.service.ts';
import { hashPassword } from './passwords.ts';
import * as sessions from './sessions.service.ts';

export type Origin = SigninOrigin;

type RegisterInput = Omit<TRegisterBody, 'accept_terms'> & { accept_terms: true };

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReferralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
}

function assertMobile(mobile: string, field = 'mobile'): void {
  if (!isValidPhoneNumber(mobile)) {
    throw badRequest('The mobile number is not a valid phone number.', {
      [field]: 'is not a valid phone number',
    });
  }
}

/** Sends after the transaction has committed: a slow mail server must never hold the database. */
export async function deliver(ctx: AppContext, sends: Array<['email' | 'sms', Message]>): Promise<void> {
  for (const [channel, message] of sends) {
    try {
      await ctx.messenger[channel].send(message);
    } catch (error) {
      ctx.log.error({ err: error, channel, to: message.to }, 'message could not be sent');
    }
  }
}

/** Creates the account, signs it in, and sends the email and mobile codes. */
export async function register(ctx: AppContext, input: RegisterInput, origin: Origin): Promise<TSessionData> {
  if (!isAssignedCountry(input.country_code)) {
    throw badRequest('The country is not known.', { country_code: 'is not a known country' });
  }
  assertMobile(input.mobile);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();

  const { session, user, emailOtp, mobileOtp } = await ctx.db.transaction().execute(async (trx) => {
    if (await usersRepo.findByEmail(trx, input.email_id)) {
      throw new AppError('CONFLICT', 'An account with this email already exists. Sign in instead.', {
        email_id: 'is already registered',
      });
    }
    const referrer = input.referral_code
      ? await usersRepo.findByReferralCode(trx, input.referral_code)
      : undefined;
    if (input.referral_code && !referrer)
      throw badRequest('The referral code does not exist.', { referral_code: 'does not exist' });
    const row = await insertWithUniqueCode(trx, {
      name: input.name,
      email: input.email_id,
      password_hash: passwordHash,
      mobile: input.mobile,
      country_code: input.country_code,
      referred_by: referrer?.user_id ?? null,
      created_at: now,
    });
    // The invite this device came with: GET /api/user/referrer reads it back to prefill joining the
    // affiliate programme, once the code itself has left the device with the sign-up.
    if (referrer && input.device_uuid)
      await contentRepo.saveDeviceReferral(trx, input.device_uuid, referrer.referral_code, now);
    return {
      user: row,
      session: await sessions.createSession(trx, now, row.user_id, { device: origin.device, ip: origin.ip }),
      emailOtp: await otps.issue(trx, now, row.user_id, 'EMAIL_VERIFY', row.email),
      mobileOtp: await otps.issue(trx, now, row.user_id, 'MOBILE_VERIFY', row.mobile),
    };
  });
  await deliver(ctx, [
    ['email', otpMessages.emailVerify(user.email, emailOtp)],
    ['sms', otpMessages.mobileVerify(user.mobile, mobileOtp)],
  ]);
  return { token: session.token, user: userRowToUser(user) };
}

async function insertWithUniqueCode(
  trx: Database,
  user: Omit<Parameters<typeof usersRepo.insert>[1], 'referral_code'>,
) {
  for (;;) {
    const code = newReferralCode();
    if (!(await usersRepo.findByReferralCode(trx, code)))
      return usersRepo.insert(trx, { ...user, referral_code: code });
  }
}

/**
 * Checks and uses a code of the signed-in user, under the limits (per purpose and account, and per
 * address); `apply` runs in the same transaction as the code's use.
 */
export async function useCode(
  ctx: AppContext,
  user: UserRow,
  purpose: OtpPurpose,
  code: string,
  ip: string,
  apply: (trx: Database, target: string, now: Date) => Promise<void>,
): Promise<void> {
  const now = ctx.clock.now();
  await attempts.guarded(ctx.db, now, otpChecks(purpose, String(user.user_id), ip), async () => {
    const otp = await otps.attempt(ctx.db, now, user.user_id, purpose, code);
    await ctx.db.transaction().execute(async (trx) => {
      await otps.consume(trx, now, otp);
      await apply(trx, otp.target, now);
    });
  });
}

/** The limits a code of `purpose` is checked under: per purpose and account, and per address. */
export function otpChecks(purpose: OtpPurpose, account: string, ip: string) {
  return [
    [attemptLimits.otpIp, ip],
    [attemptLimits.otpAccount, `${purpose}:${account}`],
  ] as const;
}

/**
 * Verifies the email with its code. An already verified email has no live code, so any code is refused
 * (401): a used, expired or killed code never verifies again.
 */
export async function verifyEmail(ctx: AppContext, userId: bigint, otp: string, ip: string): Promise<TUser> {
  const user = await mustFind(ctx, userId);
  await useCode(ctx, user, 'EMAIL_VERIFY', otp, ip, async (trx) => {
    await usersRepo.update(trx, userId, { is_email_verified: true });
  });
  ctx.sessions.forgetUser(userId);
  return userRowToUser(await mustFind(ctx, userId));
}

/** Verifies the mobile number the code was sent to: the number given at sign-up, or a new one. */
export async function verifyMobile(ctx: AppContext, userId: bigint, otp: string, ip: string): Promise<TUser> {
  const user = await mustFind(ctx, userId);
  await useCode(ctx, user, 'MOBILE_VERIFY', otp, ip, async (trx, target, now) => {
    await usersRepo.update(trx, userId, { mobile: target, is_mobile_verified: true });
    // A new number (not the first verification of the sign-up number) is a security change.
    if (target !== user.mobile) {
      await startCooldown(trx, userId, now, ctx.config.cooldownSeconds, 'mobile number changed');
    }
  });
  return userRowToUser(await mustFind(ctx, userId));
}

export async function resendEmailCode(ctx: AppContext, userId: bigint): Promise<{ retry_after: number }> {
  const user = await mustFind(ctx, userId);
  if (user.is_email_verified) {
    throw new AppError('CONFLICT', 'Your email address is already verified.');
  }
  return sendCode(ctx, user, 'EMAIL_VERIFY', 'email', user.email, otpMessages.emailVerify);
}

export async function resendMobileCode(ctx: AppContext, userId: bigint): Promise<{ retry_after: number }> {
  const user = await mustFind(ctx, userId);
  const pending = await otps.pendingTarget(ctx.db, ctx.clock.now(), userId, 'MOBILE_VERIFY');
  const target = pending ?? user.mobile;
  if (user.is_mobile_verified && target === user.mobile) {
    throw new AppError('CONFLICT', 'Your mobile number is already verified.');
  }
  return sendCode(ctx, user, 'MOBILE_VERIFY', 'sms', target, otpMessages.mobileVerify);
}

/** Sends a new code of a purpose, at most once a minute. */
export async function sendCode(
  ctx: AppContext,
  user: UserRow,
  purpose: OtpPurpose,
  channel: 'email' | 'sms',
  target: string,
  message: (to: string, otp: string) => Message,
): Promise<{ retry_after: number }> {
  const now = ctx.clock.now();
  const code = await ctx.db.transaction().execute(async (trx) => {
    // One send at a time per user: parallel resends wait here, then see the code just sent.
    await usersRepo.lockById(trx, user.user_id);
    await otps.assertMaySend(trx, now, user.user_id, purpose);
    return otps.issue(trx, now, user.user_id, purpose, target);
  });
  await deliver(ctx, [[channel, message(target, code)]]);
  return { retry_after: otps.OTP_RESEND_SECONDS };
}

export async function updateMobile(ctx: AppContext, userId: bigint, mobile: string): Promise<void> {
  assertMobile(mobile);
  const user = await mustFind(ctx, userId);
  if (mobile === user.mobile && user.is_mobile_verified) {
    throw new AppError('CONFLICT', 'This is already your verified mobile number.', {
      mobile: 'is your current number',
    });
  }
  await sendCode(ctx, user, 'MOBILE_VERIFY', 'sms', mobile, otpMessages.mobileVerify);
}

export async function mustFind(ctx: AppContext, userId: bigint): Promise<UserRow> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw new AppError('SESSION_INVALID');
  return user;
}
