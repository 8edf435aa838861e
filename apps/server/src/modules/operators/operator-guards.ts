import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { OperatorGuards } from '../../http/guards.ts';
import * as repo from './operators.repository.ts';
import { authenticate } from './operators.service.ts';
import * as trail from './trail.ts';

/** The fields of a request that name what an operator acted on, in the order they are looked for. */
const TARGET_FIELDS = [
  'withdrawal_id',
  'operator_id',
  'email_id',
  'email',
  'user_id',
  'file_id',
  'symbol',
  'market_id',
  'asset_id',
];

function targetOf(fields: Record<string, unknown>): string | null {
  for (const key of TARGET_FIELDS) {
    const value = fields[key];
    if (value !== undefined && value !== null && value !== '') return `${key}:${String(value).toLowerCase()}`;
  }
  return null;
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** How the HTTP layer knows operators and writes their trail (modules/operators). */
export const operatorGuards: OperatorGuards = {
  authenticate,
  bootstrapOpen: async (ctx) => !(await repo.hasActiveAdmin(ctx.db)),
  async record(ctx: AppContext, def, request: FastifyRequest, note, error) {
    // An operator looking at their own page (who they are, the dashboard's counts) is no action; every
    // refusal is, and every read of users' data, documents or money is.
    if (error === null && def.method === 'GET' && def.permission === 'self') return;
    const operator = request.operator ?? null;
    const query = fieldsOf(request.query);
    const body = def.multipart ? {} : fieldsOf(request.body);
    // A sign-in names the operator it tried: refused guesses are on the trail with the email they tried.
    const tried = def.auth === 'ops-open' && typeof body.email === 'string' ? body.email.toLowerCase() : null;
    const failure =
      error === null
        ? undefined
        : error instanceof AppError
          ? { status: error.status, message: error.message }
          : { status: 500, message: 'an internal error' };
    await trail.append(ctx, {
      operatorId: operator?.operatorId ?? null,
      operatorEmail: operator?.email ?? tried,
      action: def.id,
      target: note.target ?? targetOf({ ...query, ...body }),
      outcome: error === null ? 'done' : 'refused',
      detail: {
        via: operator
          ? operator.tokenId !== null
            ? 'token'
            : 'session'
          : def.auth === 'ops-bootstrap'
            ? 'ops key'
            : 'none',
        request: { ...query, ...body },
        ...(note.before !== undefined ? { before: note.before } : {}),
        ...(note.after !== undefined ? { after: note.after } : {}),
        ...(failure ? { error: failure } : {}),
      },
      ip: request.ip,
    });
  },
};
