import type { TPasskeyAssertion, TSessionData, TSigninData } from '@fit24/contract';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { userRowToUser } from '../account/account.mappers.ts';
import * as usersRepo from '../account/users.repository.ts';
import * as attempts from '../security/attempts.ts';
import { attemptLimits } from '../security/attempts.ts';
import * as tokens from '../security/auth-tokens.repository.ts';
import type { RelyingParty } from '../security/passkeys.service.ts';
import * as passkeys from '../security/passkeys.service.ts';
import { newSigninAlert } from '../security/signin-alert.ts';
import * as twoFactor from '../security/two-factor.service.ts';
import { wants } from '../settings/settings.service.ts';
import { deliver, type Origin } from './auth.service.ts';
import { verifyDecoy, verifyPassword } from './passwords.ts';
import * as sessions from './sessions.service.ts';

/** The ways in: password (and the second step when 2FA is on), or a passkey alone. */

/**
 * Email and password → a new session, or, with a second factor on, a challenge for the second step.
 * The attempt is taken before the password is checked (per address, then per account), so parallel
 * guesses never check more than the limits allow; a right password gives its attempt back.
 */
export async function signin(
  ctx: AppContext,
  input: { email_id: string; password: string },
  origin: Origin,
): Promise<TSigninData> {
  const now = ctx.clock.now();
  const checks = [
    [attemptLimits.signinIp, origin.ip],
    [attemptLimits.signinAccount, input.email_id],
  ] as const;
  const user = await attempts.guarded(ctx.db, now, checks, async () => {
    const found = await usersRepo.findByEmail(ctx.db, input.email_id);
    const ok = found
      ? await verifyPassword(found.password_hash, input.password)
      : await verifyDecoy(input.password);
    if (!found || !ok) throw new AppError('UNAUTHORIZED', 'The email or password is not correct.');
    return found;
  });
  if (await twoFactor.isOn(ctx.db, user)) return twoFactor.startSigninChallenge(ctx, user, origin);
  return openSession(ctx, user, origin);
}

/**
 * Opens a session for a user who has proved who they are (password, and the second factor when on, or a
 * passkey), with the new-sign-in alert in the same transaction; its email goes after the commit, when
 * the user has not turned it off.
 */
export async function openSession(ctx: AppContext, user: UserRow, origin: Origin): Promise<TSessionData> {
  const now = ctx.clock.now();
  const { session, alert } = await ctx.db.transaction().execute(async (trx) => {
    const alert = await newSigninAlert(ctx, trx, user, origin, now);
    const session = await sessions.createSession(trx, now, user.user_id, origin);
    return { session, alert };
  });
  // The email obeys Settings → Notifications (on by default); the notification itself is always kept.
  if (alert && (await wants(ctx.db, user.user_id, 'new_device_signin', 'email'))) {
    await deliver(ctx, [['email', alert]]);
  }
  return { token: session.token, user: userRowToUser(user) };
}

/**
 * The second step of sign-in: the challenge with a TOTP code, a recovery code or a passkey. Each try
 * takes an attempt of the user's second-factor limits and one of the challenge's five, both before the
 * code is checked; the challenge opens one session, once.
 */
export async function signinSecondStep(
  ctx: AppContext,
  input: { challenge: string; code?: string | undefined; passkey?: TPasskeyAssertion | undefined },
  origin: Origin,
  party: RelyingParty,
): Promise<TSessionData> {
  const now = ctx.clock.now();
  const live = await tokens.findLive(ctx.db, 'SIGNIN_2FA', input.challenge, now);
  const user = live?.user_id ? await usersRepo.findById(ctx.db, live.user_id) : undefined;
  if (!user) throw twoFactor.challengeEnded();
  await attempts.guarded(ctx.db, now, twoFactor.secondFactorChecks(user.user_id, origin.ip), async () => {
    const row = await twoFactor.attemptChallenge(ctx, input.challenge, now);
    if (input.code !== undefined) {
      await twoFactor.useCode(ctx, user, input.code, now);
      return;
    }
    if (!row.webauthn_challenge) {
      throw new AppError('UNPROCESSABLE', 'Ask for the passkey options of this sign-in first.');
    }
    await passkeys.verify(ctx, party, input.passkey!, row.webauthn_challenge, user.user_id);
  });
  if (!(await tokens.consume(ctx.db, 'SIGNIN_2FA', input.challenge, now))) throw twoFactor.challengeEnded();
  return openSession(ctx, user, origin);
}

/** WebAuthn options for the passkey of a sign-in's second step, kept with its challenge. */
export async function secondStepPasskeyOptions(ctx: AppContext, challenge: string, party: RelyingParty) {
  const now = ctx.clock.now();
  const live = await tokens.findLive(ctx.db, 'SIGNIN_2FA', challenge, now);
  const user = live?.user_id ? await usersRepo.findById(ctx.db, live.user_id) : undefined;
  if (!user) throw twoFactor.challengeEnded();
  return passkeys.assertionOptions(ctx, party, user, async (webauthnChallenge) => {
    if (!(await tokens.setWebauthnChallenge(ctx.db, 'SIGNIN_2FA', challenge, webauthnChallenge, now))) {
      throw twoFactor.challengeEnded();
    }
  });
}

/**
 * Passkey sign-in, step one: options with no allowed credentials, so the browser offers the site's
 * discoverable passkeys. Each flow is a row: an address may start a limited number.
 */
export async function passkeySigninOptions(ctx: AppContext, ip: string, party: RelyingParty) {
  await attempts.reserve(ctx.db, ctx.clock.now(), attemptLimits.passkeyFlowIp, ip);
  let flowId = '';
  const options = await passkeys.assertionOptions(ctx, party, null, async (challenge) => {
    flowId = await passkeys.newCeremony(ctx, 'PASSKEY_SIGNIN', null, challenge);
  });
  return { flow_id: flowId, options };
}

/** Passkey sign-in, step two: the flow is used once, the passkey names its user, a session opens. */
export async function passkeySignin(
  ctx: AppContext,
  input: { flow_id: string; passkey: TPasskeyAssertion },
  origin: Origin,
  party: RelyingParty,
): Promise<TSessionData> {
  const now = ctx.clock.now();
  const key = await attempts.guarded(ctx.db, now, [[attemptLimits.signinIp, origin.ip]], async () => {
    const flow = await tokens.consume(ctx.db, 'PASSKEY_SIGNIN', input.flow_id, now);
    if (!flow?.webauthn_challenge) throw twoFactor.challengeEnded();
    return passkeys.verify(ctx, party, input.passkey, flow.webauthn_challenge, null);
  });
  const user = await usersRepo.findById(ctx.db, key.user_id);
  if (!user) throw twoFactor.challengeEnded();
  return openSession(ctx, user, origin);
}
