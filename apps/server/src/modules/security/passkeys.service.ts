import type { TPasskey, TPasskeyAssertion, TPasskeyAttestation } from '@fit24/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { toEpochSeconds } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AuthTokenPurpose, PasskeyRow } from '../../db/schema-security.ts';
import { AppError } from '../../http/app-error.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import * as attempts from './attempts.ts';
import * as tokens from './auth-tokens.repository.ts';
import * as passkeysRepo from './passkeys.repository.ts';
import { secondFactorChecks, secondFactorRemoved } from './two-factor.service.ts';

/** A WebAuthn ceremony must finish within this many seconds of its options. */
const CEREMONY_SECONDS = 300;

/** Who the passkeys belong to: the site's domain (rpID) and the origin the browser shows. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * The relying party of a request. In production it is `PUBLIC_URL` alone (a passkey is bound to the
 * domain); in development and tests, the address the browser used, so `localhost` on any port works.
 * WebAuthn refuses IP addresses: browse to http://localhost:…, not 127.0.0.1.
 */
export function relyingParty(config: AppConfig, request: { protocol: string; host: string }): RelyingParty {
  let url: URL;
  try {
    url = new URL(
      config.nodeEnv === 'production' ? config.publicUrl : `${request.protocol}://${request.host}`,
    );
  } catch {
    throw new AppError('BAD_REQUEST', 'The Host header is not a valid host name.');
  }
  return { id: url.hostname, origin: url.origin, name: 'FIT24 Exchange' };
}

export function passkeyRowToPasskey(row: PasskeyRow): TPasskey {
  return {
    passkey_id: Number(row.passkey_id),
    name: row.name,
    creation_date: toEpochSeconds(row.created_at),
    last_used_date: row.last_used_at ? toEpochSeconds(row.last_used_at) : null,
  };
}

/** WebAuthn options travel as the JSON object the browser library takes (the contract's record). */
function webauthnJson(options: object): Record<string, unknown> {
  return options as Record<string, unknown>;
}

const refused = (message = 'The passkey could not be verified. Please try again.') =>
  new AppError('UNAUTHORIZED', message);

/** The challenge the browser signed, read from the response's clientDataJSON. */
function signedChallenge(response: { response: { clientDataJSON: string } }): string {
  try {
    const client = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    ) as {
      challenge?: unknown;
    };
    if (typeof client.challenge === 'string' && client.challenge.length > 0) return client.challenge;
  } catch {
    // fall through: malformed client data
  }
  throw refused();
}

/** Options to register a new passkey (discoverable, so it can sign in without a password). */
export async function registrationOptions(ctx: AppContext, user: UserRow, party: RelyingParty) {
  const existing = await passkeysRepo.listOf(ctx.db, user.user_id);
  const options = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`fit24:${user.user_id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await tokens.create(ctx.db, {
    purpose: 'PASSKEY_REGISTER',
    userId: user.user_id,
    now: ctx.clock.now(),
    ttlSeconds: CEREMONY_SECONDS,
    webauthnChallenge: options.challenge,
  });
  return webauthnJson(options);
}

/**
 * Checks a registration against its challenge (used once, before the check), then stores the credential
 * with its notification. The check runs outside any transaction (it awaits WebCrypto).
 */
export async function register(
  ctx: AppContext,
  user: UserRow,
  party: RelyingParty,
  input: { name: string; passkey: TPasskeyAttestation },
): Promise<PasskeyRow> {
  const now = ctx.clock.now();
  const challenge = signedChallenge(input.passkey);
  if (!(await tokens.consumeByChallenge(ctx.db, 'PASSKEY_REGISTER', user.user_id, challenge, now)))
    throw refused();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      // The contract checked its shape; the library reads the same JSON.
      response: input.passkey as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: false,
    });
  } catch {
    throw refused();
  }
  if (!verification.verified) throw refused();
  const { credential } = verification.registrationInfo;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await passkeysRepo.insert(trx, {
      userId: user.user_id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: BigInt(credential.counter),
      transports: credential.transports ?? input.passkey.response.transports ?? [],
      name: input.name,
      now,
    });
    if (!row) throw new AppError('CONFLICT', 'This passkey is registered already.');
    await notify(trx, user.user_id, {
      type: 'SECURITY_CHANGED',
      params: { change: 'PASSKEY_ADDED', name: input.name },
      link: links.security,
      now,
    });
    return row;
  });
}

/** Removes a passkey (the second factor was checked by the caller); the last factor gone starts the cool-down. */
export async function remove(ctx: AppContext, userId: bigint, passkeyId: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await passkeysRepo.remove(trx, userId, passkeyId))) {
      throw new AppError('NOT_FOUND', 'There is no passkey of yours with this id.');
    }
    await secondFactorRemoved(ctx, trx, userId, now, 'PASSKEY', 'passkey removed');
  });
}

/** A passkey assertion for a step-up: its ceremony used once, under the second-factor limits. */
export async function stepUp(
  ctx: AppContext,
  party: RelyingParty,
  userId: bigint,
  assertion: TPasskeyAssertion,
  ip: string,
): Promise<void> {
  const now = ctx.clock.now();
  await attempts.guarded(ctx.db, now, secondFactorChecks(userId, ip), async () => {
    const challenge = signedChallenge(assertion);
    if (!(await tokens.consumeByChallenge(ctx.db, 'PASSKEY_STEP_UP', userId, challenge, now)))
      throw refused();
    await verify(ctx, party, assertion, challenge, userId);
  });
}

/**
 * Options to prove a passkey of `user` (the second step of sign-in, or a step-up before a sensitive
 * action), or of anyone (passkey sign-in, `user` null: the browser offers the site's discoverable keys).
 * `purpose` names the ceremony; the challenge is kept with it for `verify`.
 */
export async function assertionOptions(
  ctx: AppContext,
  party: RelyingParty,
  user: UserRow | null,
  keep: (challenge: string) => Promise<void>,
) {
  const allow = user ? await passkeysRepo.listOf(ctx.db, user.user_id) : [];
  if (user && allow.length === 0) throw new AppError('UNPROCESSABLE', 'You have no passkey yet.');
  const options = await generateAuthenticationOptions({
    rpID: party.id,
    userVerification: 'preferred',
    allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: p.transports })),
  });
  await keep(options.challenge);
  return webauthnJson(options);
}

/** Keeps a fresh ceremony's challenge in its own single-use token (step-up, passkey sign-in). */
export async function newCeremony(
  ctx: AppContext,
  purpose: Extract<AuthTokenPurpose, 'PASSKEY_STEP_UP' | 'PASSKEY_SIGNIN'>,
  userId: bigint | null,
  challenge: string,
): Promise<string> {
  const { token } = await tokens.create(ctx.db, {
    purpose,
    userId,
    now: ctx.clock.now(),
    ttlSeconds: CEREMONY_SECONDS,
    webauthnChallenge: challenge,
  });
  return token;
}

/**
 * Verifies an assertion against the challenge the caller already took (used once), and that the
 * credential belongs to `userId` when one is expected. Returns the passkey used.
 */
export async function verify(
  ctx: AppContext,
  party: RelyingParty,
  assertion: TPasskeyAssertion,
  expectedChallenge: string,
  userId: bigint | null,
): Promise<PasskeyRow> {
  const stored = await passkeysRepo.findByCredentialId(ctx.db, assertion.id);
  if (!stored || (userId !== null && stored.user_id !== userId)) throw refused();
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: assertion as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: Number(stored.counter),
        transports: stored.transports,
      },
      requireUserVerification: false,
    });
  } catch {
    throw refused();
  }
  if (!verification.verified) throw refused();
  const counter = BigInt(verification.authenticationInfo.newCounter);
  if (!(await passkeysRepo.recordUse(ctx.db, stored.passkey_id, counter, ctx.clock.now()))) {
    throw refused('This passkey was used twice at once, or may have been copied. Please try again.');
  }
  return stored;
}
