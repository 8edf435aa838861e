import { mayDo, type RouteDef } from '@fit24/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { sameSecret } from '../crypto.ts';
import { AppError, forbidden } from './app-error.ts';
import type { AuthInfo, OperatorAuth } from './auth-info.ts';

/** Every `/api` call carries a configured `x-api-key` (DESIGN §2): otherwise 403. */
export function checkApiKey(ctx: AppContext, request: FastifyRequest): void {
  const given = header(request, 'x-api-key');
  if (!given || !ctx.config.apiKeys.some((key) => sameSecret(given, key))) {
    throw new AppError('FORBIDDEN', 'A valid API key is required (x-api-key header).');
  }
}

/** What the HTTP layer needs of operators (modules/operators, handed in by app.ts). */
export interface OperatorGuards {
  /** A bearer token (a session, or a machine token) → the operator, or null. */
  authenticate(ctx: AppContext, token: string): Promise<OperatorAuth | null>;
  /** No admin can sign in yet: until then the operator key may create one. */
  bootstrapOpen(ctx: AppContext): Promise<boolean>;
  /** Writes an operator call's line in the trail: done (error null) or refused. */
  record(
    ctx: AppContext,
    def: RouteDef & { id: string },
    request: FastifyRequest,
    note: { target?: string; before?: unknown; after?: unknown },
    error: unknown,
  ): Promise<void>;
}

/**
 * Who makes an operator call: nobody yet on `ops-open` (signing in); on `ops` an operator whose role allows
 * the route's permission (401 without a valid token, 403 without the permission); on `ops-bootstrap` such
 * an operator, or the operator key while no admin exists (null).
 */
export async function opsCaller(
  ctx: AppContext,
  def: RouteDef,
  request: FastifyRequest,
  guards: OperatorGuards,
): Promise<OperatorAuth | null> {
  if (def.auth === 'ops-open') return null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(request, 'authorization') ?? '');
  const operator = bearer ? await guards.authenticate(ctx, bearer[1]!) : null;
  // A token that is no longer good is a lost session (401), whichever the route.
  if (bearer && !operator)
    throw new AppError('UNAUTHORIZED', 'Your operator session has ended: sign in again.');
  if (!operator && def.auth === 'ops-bootstrap') {
    const key = header(request, 'x-ops-key');
    if (key && sameSecret(key, ctx.config.opsKey) && (await guards.bootstrapOpen(ctx))) return null;
    throw forbidden(
      'Sign in as an operator who may manage operators (the operator key only creates the first admin).',
    );
  }
  if (!operator)
    throw new AppError('UNAUTHORIZED', 'Sign in as an operator (Authorization: Bearer <token>).');
  request.operator = operator;
  const permission = def.permission ?? 'operators';
  if (permission !== 'self' && !mayDo(operator.role, permission))
    throw forbidden(`Your role (${operator.role}) does not allow this: it needs ${permission}.`);
  return operator;
}

/** Looks a bearer token up (modules/auth's sessions, handed in by app.ts): the caller, or null. */
export type Authenticate = (ctx: AppContext, token: string) => Promise<AuthInfo | null>;

/**
 * The bearer token → the signed-in caller. A missing, unknown, expired or revoked token is code 502
 * with HTTP 401 (spec §8): the app then signs out and clears everything.
 */
export async function authenticateRequest(
  ctx: AppContext,
  request: FastifyRequest,
  authenticate: Authenticate,
): Promise<AuthInfo> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header(request, 'authorization') ?? '');
  const auth = match ? await authenticate(ctx, match[1]!) : null;
  if (!auth) throw new AppError('SESSION_INVALID');
  return auth;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
