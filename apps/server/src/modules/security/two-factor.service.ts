import type { TSecondFactor, TTwoFactorChallengeData } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { seal, unseal } from '../../crypto.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import * as attempts from './attempts.ts';
import { attemptLimits } from './attempts.ts';
import * as tokens from './auth-tokens.repository.ts';
import { startCooldown } from './cooldown.ts';
import * as passkeysRepo from './passkeys.repository.ts';
import * as totp from './totp.ts';
import * as repo from './two-factor.repository.ts';

/**
 * The second factor: an authenticator app (TOTP) with ten recovery codes, and passkeys. When either is
 * on, sign-in asks for a second step, and withdrawals, transfers, address-book and whitelist changes,
 * new passkeys and turning 2FA off ask for a current code (or a passkey's step-up token).
 */

export const SIGNIN_CHALLENGE_SECONDS = 300;
/** Wrong codes one sign-in challenge takes before the person must sign in again. */
const SIGNIN_CHALLENGE_TRIES = 5;
export const STEP_UP_SECONDS = 300;

export type SecondFactorMethod = 'totp' | 'passkey';

export async function methodsOf(db: Database, user: UserRow): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  if (user.totp_secret !== null) methods.push('totp');
  if ((await passkeysRepo.countOf(db, user.user_id)) > 0) methods.push('passkey');
  return methods;
}

export async function isOn(db: Database, user: UserRow): Promise<boolean> {
  return (await methodsOf(db, user)).length > 0;
}

/** The limits every second-factor guess is taken under: per user and per address. */
export function secondFactorChecks(userId: bigint, ip: string) {
  return [
    [attemptLimits.secondFactorIp, ip],
    [attemptLimits.secondFactor, String(userId)],
  ] as const;
}

/** Sign-in with the password right and 2FA on: a challenge for the second step, instead of a session. */
export async function startSigninChallenge(
  ctx: AppContext,
  user: UserRow,
  origin: { ip: string; device: string | null },
): Promise<TTwoFactorChallengeData> {
  const { token } = await tokens.create(ctx.db, {
    purpose: 'SIGNIN_2FA',
    userId: user.user_id,
    now: ctx.clock.now(),
    ttlSeconds: SIGNIN_CHALLENGE_SECONDS,
    origin,
  });
  return {
    two_factor_required: true,
    challenge: token,
    methods: await methodsOf(ctx.db, user),
    expires_in: SIGNIN_CHALLENGE_SECONDS,
  };
}

export const challengeEnded = () =>
  new AppError('UNAUTHORIZED', 'This sign-in has expired or was already used. Please sign in again.');

/**
 * Takes one of a sign-in challenge's tries (atomically, before the code is checked) and returns its row;
 * a used, expired or exhausted challenge is refused.
 */
export async function attemptChallenge(ctx: AppContext, challenge: string, now: Date) {
  const row = await tokens.attempt(ctx.db, 'SIGNIN_2FA', challenge, now, SIGNIN_CHALLENGE_TRIES);
  if (!row?.user_id) throw challengeEnded();
  return row;
}

const wrongCode = () =>
  new AppError('UNAUTHORIZED', 'The code is not correct.', { two_factor_code: 'is not correct' });

/**
 * Checks a TOTP code or a recovery code of the user and uses it up: a TOTP code's time step is taken in
 * one atomic statement (a code is accepted once, even by parallel requests), a recovery code is marked
 * used the same way. Call it under `secondFactorChecks`.
 */
export async function useCode(
  ctx: AppContext,
  user: UserRow,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery'> {
  if (/^[0-9]{6}$/.test(code)) {
    if (user.totp_secret === null) throw wrongCode();
    const step = totp.matchStep(unseal(ctx.config.secretsKey, user.totp_secret), code, toEpochSeconds(now));
    if (step === null) throw wrongCode();
    if (!(await repo.takeStep(ctx.db, user.user_id, step))) {
      throw new AppError('UNAUTHORIZED', 'This code was used already. Wait for the next one in your app.', {
        two_factor_code: 'was used already',
      });
    }
    return 'totp';
  }
  if (!(await repo.useRecoveryCode(ctx.db, user.user_id, totp.recoveryCodeHash(code), now)))
    throw wrongCode();
  return 'recovery';
}

/** A TOTP or recovery code, or a passkey step-up token: the contract's `secondFactorShape`. */
export type SecondFactorProof = TSecondFactor;

/**
 * Before a sensitive action: when 2FA is on, a current TOTP code, a recovery code or a passkey step-up
 * token (single use), checked under the limits; nothing is asked while 2FA is off.
 */
export async function assertSecondFactor(
  ctx: AppContext,
  userId: bigint,
  proof: SecondFactorProof,
  ip: string,
): Promise<void> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw new AppError('SESSION_INVALID');
  if (!(await isOn(ctx.db, user))) return;
  if (!proof.two_factor_code && !proof.passkey_token) {
    throw new AppError(
      'UNAUTHORIZED',
      'Two-factor authentication is on: enter the code from your authenticator app, or confirm with your passkey.',
      { two_factor_code: 'is required' },
    );
  }
  const now = ctx.clock.now();
  await attempts.guarded(ctx.db, now, secondFactorChecks(userId, ip), async () => {
    if (proof.passkey_token) {
      if (!(await tokens.consume(ctx.db, 'STEP_UP', proof.passkey_token, now, userId))) {
        throw new AppError('UNAUTHORIZED', 'The passkey confirmation has expired. Please confirm again.', {
          passkey_token: 'has expired',
        });
      }
      return;
    }
    await useCode(ctx, user, proof.two_factor_code!, now);
  });
}

/** A single-use proof that a passkey was just used, for one sensitive action within five minutes. */
export async function issueStepUpToken(
  ctx: AppContext,
  userId: bigint,
): Promise<{ passkey_token: string; expires_in: number }> {
  const { token } = await tokens.create(ctx.db, {
    purpose: 'STEP_UP',
    userId,
    now: ctx.clock.now(),
    ttlSeconds: STEP_UP_SECONDS,
  });
  return { passkey_token: token, expires_in: STEP_UP_SECONDS };
}

/** Starts enrolling an authenticator app: a new secret, kept sealed until a code confirms it. */
export async function setupTotp(
  ctx: AppContext,
  userId: bigint,
): Promise<{ secret: string; otpauth_uri: string }> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw new AppError('SESSION_INVALID');
  const secret = totp.newSecret();
  if (!(await repo.setPendingSecret(ctx.db, userId, seal(ctx.config.secretsKey, secret)))) {
    throw new AppError('CONFLICT', 'Your authenticator app is on already. Turn it off first to change it.');
  }
  return { secret, otpauth_uri: totp.otpauthUri(secret, user.email) };
}

/**
 * Turns TOTP on with a first code from the app (under the second-factor limits) and answers ten new
 * recovery codes, shown this once.
 */
export async function enableTotp(
  ctx: AppContext,
  userId: bigint,
  code: string,
  ip: string,
): Promise<string[]> {
  const now = ctx.clock.now();
  return attempts.guarded(ctx.db, now, secondFactorChecks(userId, ip), async () => {
    const user = await usersRepo.findById(ctx.db, userId);
    if (!user) throw new AppError('SESSION_INVALID');
    if (user.totp_secret !== null) throw new AppError('CONFLICT', 'Your authenticator app is on already.');
    if (user.totp_pending_secret === null) {
      throw new AppError('UNPROCESSABLE', 'Start again: scan a new QR code first.');
    }
    const step = totp.matchStep(
      unseal(ctx.config.secretsKey, user.totp_pending_secret),
      code,
      toEpochSeconds(now),
    );
    if (step === null) throw wrongCode();
    const codes = totp.newRecoveryCodes();
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.enable(trx, userId, user.totp_pending_secret!, step, now))) {
        throw new AppError('CONFLICT', 'Your authenticator app was turned on already.');
      }
      await repo.replaceRecoveryCodes(trx, userId, codes.map(totp.recoveryCodeHash), now);
      await notify(trx, userId, {
        type: 'SECURITY_CHANGED',
        params: { change: 'TOTP_ON' },
        link: links.security,
        now,
      });
    });
    return codes;
  });
}

/** Turns TOTP off (the second factor was checked by the caller) and starts the cool-down. */
export async function disableTotp(ctx: AppContext, userId: bigint): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.disable(trx, userId))) {
      throw new AppError('UNPROCESSABLE', 'Your authenticator app is not on.');
    }
    if ((await passkeysRepo.countOf(trx, userId)) === 0) await repo.deleteRecoveryCodes(trx, userId);
    await secondFactorRemoved(ctx, trx, userId, now, 'TOTP', 'authenticator app removed');
  });
}

/**
 * After a second factor is removed (the app, or a passkey): a notification and the cool-down, since
 * removing a factor is what someone who took over the account would do first.
 */
export async function secondFactorRemoved(
  ctx: AppContext,
  trx: Database,
  userId: bigint,
  now: Date,
  factor: 'PASSKEY' | 'TOTP',
  reason: string,
): Promise<void> {
  await startCooldown(trx, userId, now, ctx.config.cooldownSeconds, reason);
  await notify(trx, userId, {
    type: 'SECURITY_CHANGED',
    params: { change: 'FACTOR_REMOVED', factor },
    link: links.security,
    now,
  });
}

/** New recovery codes (the second factor was checked by the caller); the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: AppContext, userId: bigint): Promise<string[]> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user || !(await isOn(ctx.db, user))) {
    throw new AppError('UNPROCESSABLE', 'Turn on two-factor authentication first.');
  }
  const codes = totp.newRecoveryCodes();
  const now = ctx.clock.now();
  await ctx.db
    .transaction()
    .execute((trx) => repo.replaceRecoveryCodes(trx, userId, codes.map(totp.recoveryCodeHash), now));
  return codes;
}
