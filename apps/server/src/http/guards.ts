import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { sameSecret } from '../crypto.ts';
import { AppError } from './app-error.ts';
import type { AuthInfo } from './auth-info.ts';

/** Every `/api` call carries a configured `x-api-key` (DESIGN §2): otherwise 403. */
export function checkApiKey(ctx: AppContext, request: FastifyRequest): void {
  const given = header(request, 'x-api-key');
  if (!given || !ctx.config.apiKeys.some((key) => sameSecret(given, key))) {
    throw new AppError('FORBIDDEN', 'A valid API key is required (x-api-key header).');
  }
}

export function checkOpsKey(ctx: AppContext, request: FastifyRequest): void {
  const given = header(request, 'x-ops-key');
  if (!given || !sameSecret(given, ctx.config.opsKey)) {
    throw new AppError('FORBIDDEN', 'A valid operator key is required (x-ops-key header).');
  }
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
