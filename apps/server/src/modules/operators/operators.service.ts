import { randomBytes } from 'node:crypto';
import { mayDo, type OperatorRole, type Permission, ROLE_PERMISSIONS, type TOperator } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { hashSecret, newToken, seal, unseal } from '../../crypto.ts';
import type { OperatorRow } from '../../db/schema-operators.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { OperatorAuth } from '../../http/auth-info.ts';
import { hashPassword, verifyDecoy, verifyPassword } from '../auth/passwords.ts';
import * as attempts from '../security/attempts.ts';
import * as totp from '../security/totp.ts';
import * as repo from './operators.repository.ts';

/**
 * Operators: accounts apart from users, each with one role, a password and an authenticator app (required,
 * enrolled at the first sign-in). Sign-in is two steps — the password gives a five-minute challenge, the
 * authenticator's code turns it into a session of eight hours at most that ends after thirty idle minutes.
 * Every guess is under the same atomic attempt limits as users'.
 */
export const SESSION_SECONDS = 8 * 3600;
export const IDLE_SECONDS = 30 * 60;
const CHALLENGE_SECONDS = 5 * 60;
/** Session tokens and machine tokens say which they are, so each is looked up in its own table. */
const SESSION_PREFIX = 'ops_s_';
const TOKEN_PREFIX = 'ops_t_';

const limits = {
  signin: { bucket: 'ops-signin', max: 5, windowSeconds: 900 },
  signinIp: { bucket: 'ops-signin-ip', max: 20, windowSeconds: 900 },
  totp: { bucket: 'ops-totp', max: 5, windowSeconds: 900 },
  totpIp: { bucket: 'ops-totp-ip', max: 20, windowSeconds: 900 },
};

export function operatorRowToOperator(row: OperatorRow): TOperator {
  return {
    operator_id: Number(row.operator_id),
    email: row.email,
    name: row.name,
    role: row.role,
    totp_enrolled: row.totp_secret !== null,
    disabled: row.disabled_at !== null,
    creation_date: toEpochSeconds(row.created_at),
  };
}

export const permissionsOf = (role: OperatorRole): string[] => [...ROLE_PERMISSIONS[role]];

/** A new operator; without a password given, one is made and answered this once. */
export async function create(
  ctx: AppContext,
  by: OperatorAuth | null,
  input: { email: string; name: string; role: OperatorRole; password?: string },
) {
  const password = input.password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  // A second operator with this email meets the unique index: 409 (http/database-errors.ts).
  const row = await repo.insert(ctx.db, {
    email: input.email.toLowerCase(),
    name: input.name,
    role: input.role,
    password_hash: passwordHash,
    created_by: by?.operatorId ?? null,
    created_at: ctx.clock.now(),
  });
  return { operator: operatorRowToOperator(row), password: input.password ? null : password };
}

/** Step 1: the password. Answers a challenge, and the authenticator's new secret when none is enrolled. */
export async function signin(ctx: AppContext, email: string, password: string, ip: string) {
  const now = ctx.clock.now();
  const operator = await attempts.guarded(
    ctx.db,
    now,
    [
      [limits.signin, email.toLowerCase()],
      [limits.signinIp, ip],
    ],
    async () => {
      const row = await repo.findByEmail(ctx.db, email);
      if (!row) await verifyDecoy(password);
      if (!row || !(await verifyPassword(row.password_hash, password)) || row.disabled_at)
        throw new AppError('UNAUTHORIZED', 'The email or password is not correct.');
      return row;
    },
  );
  const challenge = newToken();
  const secret = operator.totp_secret === null ? totp.newSecret() : null;
  await repo.insertChallenge(ctx.db, {
    challenge_hash: hashSecret(challenge),
    operator_id: operator.operator_id,
    pending_secret: secret ? seal(ctx.config.secretsKey, secret) : null,
    expires_at: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
  });
  return {
    challenge,
    expires_in: CHALLENGE_SECONDS,
    totp_setup: secret
      ? {
          secret,
          otpauth_url: totp
            .otpauthUri(secret, `${operator.email} (operator)`)
            .replace('FIT24%20Exchange', 'FIT24%20Ops'),
        }
      : null,
  };
}

/**
 * Step 2: the authenticator's code (the first one also enrols it). Checked under the attempt limits; the
 * challenge is used up by one atomic statement only once the code is right, so a wrong guess can be
 * corrected and a right one signs in once.
 */
export async function signinTotp(ctx: AppContext, challenge: string, code: string, ip: string) {
  const now = ctx.clock.now();
  const hash = hashSecret(challenge);
  const live = await repo.findLiveChallenge(ctx.db, hash, now);
  if (!live) throw new AppError('UNAUTHORIZED', 'This sign-in has expired. Enter your password again.');
  const operator = await repo.findById(ctx.db, live.operator_id);
  if (!operator || operator.disabled_at) throw new AppError('UNAUTHORIZED', 'This operator is disabled.');
  await attempts.guarded(
    ctx.db,
    now,
    [
      [limits.totp, String(operator.operator_id)],
      [limits.totpIp, ip],
    ],
    async () => {
      const sealed = live.pending_secret ?? operator.totp_secret;
      const step = sealed
        ? totp.matchStep(unseal(ctx.config.secretsKey, sealed), code, toEpochSeconds(now))
        : null;
      if (step === null)
        throw new AppError('UNAUTHORIZED', 'The code is not correct.', { code: 'is not correct' });
      if (!(await repo.useChallenge(ctx.db, hash, now)))
        throw new AppError('UNAUTHORIZED', 'This sign-in was used already. Enter your password again.');
      const taken = live.pending_secret
        ? await repo.enrol(ctx.db, operator.operator_id, live.pending_secret, step)
        : await repo.takeStep(ctx.db, operator.operator_id, step);
      if (!taken) throw new AppError('UNAUTHORIZED', 'This code was used already. Wait for the next one.');
    },
  );
  const token = `${SESSION_PREFIX}${newToken()}`;
  await repo.insertSession(ctx.db, {
    operator_id: operator.operator_id,
    token_hash: hashSecret(token),
    ip,
    now,
    expires_at: new Date(now.getTime() + SESSION_SECONDS * 1000),
  });
  const row = (await repo.findById(ctx.db, operator.operator_id))!;
  return {
    token,
    operator: operatorRowToOperator(row),
    permissions: permissionsOf(row.role),
    expires_in: SESSION_SECONDS,
  };
}

/** The operator behind a bearer token (a session or a machine token), or null. */
export async function authenticate(ctx: AppContext, token: string): Promise<OperatorAuth | null> {
  const now = ctx.clock.now();
  const hash = hashSecret(token);
  let found: { operator_id: bigint; session_id?: bigint; token_id?: bigint } | undefined;
  if (token.startsWith(SESSION_PREFIX))
    found = await repo.touchSession(ctx.db, hash, now, new Date(now.getTime() - IDLE_SECONDS * 1000));
  else if (token.startsWith(TOKEN_PREFIX)) found = await repo.touchToken(ctx.db, hash, now);
  if (!found) return null;
  const operator = await repo.findById(ctx.db, found.operator_id);
  if (!operator || operator.disabled_at) return null;
  return {
    operatorId: operator.operator_id,
    email: operator.email,
    role: operator.role,
    sessionId: found.session_id ?? null,
    tokenId: found.token_id ?? null,
  };
}

export function assertMay(operator: OperatorAuth, permission: Permission | 'self'): void {
  if (permission !== 'self' && !mayDo(operator.role, permission))
    throw forbidden(`Your role (${operator.role}) does not allow this (${permission}).`);
}

export async function signout(ctx: AppContext, operator: OperatorAuth): Promise<void> {
  if (operator.sessionId !== null) await repo.revokeSession(ctx.db, operator.sessionId, ctx.clock.now());
}

export async function createToken(ctx: AppContext, operator: OperatorAuth, name: string) {
  const token = `${TOKEN_PREFIX}${newToken()}`;
  const tokenId = await repo.insertToken(ctx.db, {
    operator_id: operator.operatorId,
    name,
    token_hash: hashSecret(token),
    now: ctx.clock.now(),
  });
  return { token_id: Number(tokenId), name, token };
}

/** A role changed, or an operator disabled (their sessions and tokens end at once). */
export async function update(
  ctx: AppContext,
  by: OperatorAuth,
  input: { operator_id: number; role?: OperatorRole; disabled?: boolean },
) {
  const id = BigInt(input.operator_id);
  if (id === by.operatorId && (input.disabled || (input.role && input.role !== by.role)))
    throw forbidden('You cannot disable yourself or change your own role: ask another admin.');
  const before = await repo.findById(ctx.db, id);
  if (!before) throw notFound('There is no operator with this id.');
  const now = ctx.clock.now();
  const after = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.update(trx, id, {
      ...(input.role ? { role: input.role } : {}),
      ...(input.disabled !== undefined
        ? { disabled_at: input.disabled ? (before.disabled_at ?? now) : null }
        : {}),
    });
    if (input.disabled) await repo.revokeAll(trx, id, now);
    return row!;
  });
  return { before: operatorRowToOperator(before), after: operatorRowToOperator(after) };
}
