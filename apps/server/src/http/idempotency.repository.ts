import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { insertRows, unnestRows } from '../db/unnest.ts';

/**
 * An `Idempotency-Key` as the HTTP layer claims it for an idempotent route (`idempotent: true` in the
 * contract): per user, per route id, per key, with the hash of the body that first used it.
 */
export interface IdempotencyClaim {
  userId: bigint;
  route: string;
  key: string;
  requestHash: string;
}

/** The key's row: the hash of the request that claimed it, and its answer (null while it runs). */
export function find(
  db: Database,
  claim: IdempotencyClaim,
): Promise<{ request_hash: string; response: unknown } | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('user_id', '=', claim.userId)
    .where('route', '=', claim.route)
    .where('key', '=', claim.key)
    .executeTakeFirst();
}

/**
 * Claims the key in one atomic statement: true when this transaction holds it now. A row another open
 * transaction inserted makes this one wait for that transaction's end (then false, or true on a rollback).
 */
export async function claim(trx: Database, claim: IdempotencyClaim, now: Date): Promise<boolean> {
  const row = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      route: claim.route,
      key: claim.key,
      request_hash: claim.requestHash,
      response: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveAnswer(db: Database, claim: IdempotencyClaim, answer: unknown): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(answer) })
    .where('user_id', '=', claim.userId)
    .where('route', '=', claim.route)
    .where('key', '=', claim.key)
    .execute();
}

/** Claims many keys in one statement (for a CTE): returns the `user_id, key` of those it claimed. */
export function claimMany(claims: readonly IdempotencyClaim[], now: Date): RawBuilder<unknown> {
  return sql`${insertRows('idempotency_keys', claims, {
    user_id: ['bigint', (c) => c.userId],
    route: ['text', (c) => c.route],
    key: ['text', (c) => c.key],
    request_hash: ['text', (c) => c.requestHash],
    created_at: ['timestamptz', () => now],
  })} on conflict (user_id, route, key) do nothing returning user_id, key`;
}

/** Stores the answers of keys claimed in this transaction: one statement, for a batch (or its CTE). */
export function saveAnswers(
  answers: readonly { claim: IdempotencyClaim; answer: unknown }[],
): RawBuilder<unknown> {
  const v = unnestRows('v', answers, {
    user_id: ['bigint', (a) => a.claim.userId],
    route: ['text', (a) => a.claim.route],
    key: ['text', (a) => a.claim.key],
    response: ['text', (a) => JSON.stringify(a.answer)],
  });
  return sql`update idempotency_keys k set response = v.response::jsonb
    from ${v} where k.user_id = v.user_id and k.route = v.route and k.key = v.key`;
}

/** Gives up keys claimed in this transaction whose requests were refused: one statement (or CTE). */
export function release(claims: readonly IdempotencyClaim[]): RawBuilder<unknown> {
  const v = unnestRows('v', claims, {
    user_id: ['bigint', (c) => c.userId],
    route: ['text', (c) => c.route],
    key: ['text', (c) => c.key],
  });
  return sql`delete from idempotency_keys k using ${v}
    where k.user_id = v.user_id and k.route = v.route and k.key = v.key`;
}
