import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { unnestRows } from '../../db/unnest.ts';
import { AppError, badRequest } from '../../http/app-error.ts';

export interface IdempotencyScope {
  userId: bigint;
  route: string;
  key: string;
  requestHash: string;
}

/** The `Idempotency-Key` header of a request, checked: 1 to 100 visible characters. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0]! : raw;
  if (!/^[\x21-\x7e]{1,100}$/.test(key)) {
    throw badRequest('The Idempotency-Key header must be 1 to 100 visible characters.', {
      'Idempotency-Key': 'must be 1 to 100 visible characters',
    });
  }
  return key;
}

/**
 * Secrets a body may carry. They are left out of the stored hash: a sha256 of a low-entropy password
 * in the database could be guessed offline, and a retry with a fresh 2FA code is the same request.
 */
const SECRET_FIELDS = new Set(['password', 'txn_password', 'two_factor_code', 'passkey_token']);

/** A stable hash of a request body without its secrets: the same fields in any order hash alike. */
export function hashRequest(body: unknown): string {
  const canonical = JSON.stringify(body, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .filter(([field]) => !SECRET_FIELDS.has(field))
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/** The stored answer of an earlier request with this key, if there was one. */
export async function replay<T>(db: Database, scope: IdempotencyScope): Promise<T | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('user_id', '=', scope.userId)
    .where('route', '=', scope.route)
    .where('key', '=', scope.key)
    .executeTakeFirst();
  if (!row || row.response === null) return null;
  if (row.request_hash !== scope.requestHash) {
    throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request.');
  }
  return row.response as T;
}

/**
 * Runs `work` once per key, inside the caller's transaction: the key is claimed first (a concurrent
 * repeat waits on it, then replays the answer), and the answer is stored before the commit.
 */
export async function once<T>(
  trx: Database,
  scope: IdempotencyScope,
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: scope.userId,
      route: scope.route,
      key: scope.key,
      request_hash: scope.requestHash,
      response: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const earlier = await replay<T>(trx, scope);
    if (earlier !== null) return earlier;
    throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed.');
  }
  const answer = await work();
  await trx
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(answer) })
    .where('user_id', '=', scope.userId)
    .where('route', '=', scope.route)
    .where('key', '=', scope.key)
    .execute();
  return answer;
}

/** Stores the answers of keys claimed in this transaction: one statement, for a batch (or its CTE). */
export function storeAnswers(
  answers: readonly { scope: IdempotencyScope; answer: unknown }[],
): RawBuilder<unknown> {
  const v = unnestRows('v', answers, {
    user_id: ['bigint', (a) => a.scope.userId],
    route: ['text', (a) => a.scope.route],
    key: ['text', (a) => a.scope.key],
    response: ['text', (a) => JSON.stringify(a.answer)],
  });
  return sql`update idempotency_keys k set response = v.response::jsonb
    from ${v} where k.user_id = v.user_id and k.route = v.route and k.key = v.key`;
}

/** Gives up keys claimed in this transaction whose requests were refused: one statement (or CTE). */
export function releaseKeys(scopes: readonly IdempotencyScope[]): RawBuilder<unknown> {
  const v = unnestRows('v', scopes, {
    user_id: ['bigint', (s) => s.userId],
    route: ['text', (s) => s.route],
    key: ['text', (s) => s.key],
  });
  return sql`delete from idempotency_keys k using ${v}
    where k.user_id = v.user_id and k.route = v.route and k.key = v.key`;
}
