import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ApiKeyRow } from '../../db/schema-api-keys.ts';
import { announceSessionsEnded } from '../auth/sessions.repository.ts';

/** A key with what a signed request needs of its user. */
export type ApiKeyWithUser = ApiKeyRow & { is_email_verified: boolean; frozen_at: Date | null };

export async function insert(
  trx: Database,
  values: {
    public_id: string;
    user_id: bigint;
    label: string;
    scopes: string[];
    ip_allowlist: string[];
    secret_sealed: string;
    created_at: Date;
    expires_at: Date | null;
  },
): Promise<ApiKeyRow> {
  return trx.insertInto('api_keys').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Keys of a user that still count against the limit: not revoked and not expired. */
export async function countLive(trx: Database, userId: bigint, now: Date): Promise<number> {
  const row = await trx
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listOf(db: Database, userId: bigint): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('api_key_id', 'desc')
    .execute();
}

export async function findByPublicId(db: Database, publicId: string): Promise<ApiKeyWithUser | undefined> {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.user_id', 'api_keys.user_id')
    .selectAll('api_keys')
    .select(['users.is_email_verified', 'users.frozen_at'])
    .where('api_keys.public_id', '=', publicId)
    .executeTakeFirst();
}

/**
 * Revokes one of the user's keys (once: a revoked key keeps its first revocation time) and, in the same
 * statement, announces it on the sessions channel as a session's end is (delivered at commit, to every
 * process): the sockets opened with the key are closed (realtime/revocation.ts).
 */
export async function revoke(
  db: Database,
  userId: bigint,
  publicId: string,
  now: Date,
): Promise<ApiKeyRow | undefined> {
  await db
    .with('revoked', (qb) =>
      qb
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .where('revoked_at', 'is', null)
        .returning('user_id'),
    )
    .selectFrom('revoked')
    .select((eb) => announceSessionsEnded(eb.ref('revoked.user_id')).as('announced'))
    .execute();
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** Which of these keys still work: not revoked, not expired, their user not frozen. */
export async function liveIds(db: Database, apiKeyIds: readonly bigint[], now: Date): Promise<bigint[]> {
  if (apiKeyIds.length === 0) return [];
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.user_id', 'api_keys.user_id')
    .select('api_keys.api_key_id')
    .where(sql<boolean>`api_keys.api_key_id = any(${apiKeyIds}::bigint[])`)
    .where('api_keys.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', now)]))
    .where('users.frozen_at', 'is', null)
    .execute();
  return rows.map((row) => row.api_key_id);
}

/** Notes a use (at most once a second per key, to spare the row under a bot's load). */
export async function touch(db: Database, apiKeyId: bigint, now: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('api_key_id', '=', apiKeyId)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - 1000))]),
    )
    .execute();
}

/**
 * Records a signature as used, in one atomic statement: true the first time, false for a replay (the
 * primary key refuses a second row, whatever runs in parallel).
 */
export async function useSignature(
  db: Database,
  apiKeyId: bigint,
  signature: string,
  now: Date,
): Promise<boolean> {
  const result = await sql<{ signature: string }>`
    insert into api_key_nonces (api_key_id, signature, used_at) values (${apiKeyId}, ${signature}, ${now})
    on conflict do nothing
    returning signature`.execute(db);
  return result.rows.length === 1;
}

/** Forgets signatures used before `before` (their timestamps are outside the window: refused anyway). */
export async function pruneSignatures(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('api_key_nonces').where('used_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
