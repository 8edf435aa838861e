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

/** What a call asks of its key: a scope (null: any, as a socket's opening does), a verified email. */
export interface CallNeeds {
  scope: string | null;
  verifiedEmail: boolean;
  perSecond: number;
  perMinute: number;
}

/**
 * Admits one call made with a key, in one atomic statement: the key is live (not revoked, not expired,
 * its user not frozen), has the scope, its user's email is verified when asked, and both rate windows have
 * room; then one call is counted in each window (a window that has ended starts again at `now`) and the
 * key's last use noted. The key's row lock orders calls made at once, and each sees the counts the one
 * before it left, so no more than the limits pass whatever runs in parallel. Answers the key, or undefined
 * when any check refused (nothing counted): `findByPublicId` then tells which.
 */
export async function admitCall(
  db: Database,
  publicId: string,
  now: Date,
  needs: CallNeeds,
): Promise<ApiKeyWithUser | undefined> {
  const secondAgo = new Date(now.getTime() - 1000);
  const minuteAgo = new Date(now.getTime() - 60_000);
  const second = sql`(k.rate_second_start is null or k.rate_second_start <= ${secondAgo})`;
  const minute = sql`(k.rate_minute_start is null or k.rate_minute_start <= ${minuteAgo})`;
  const admitted = await sql<ApiKeyWithUser>`
    update api_keys as k set
      rate_second_start = case when ${second} then ${now} else k.rate_second_start end,
      rate_second_count = case when ${second} then 1 else k.rate_second_count + 1 end,
      rate_minute_start = case when ${minute} then ${now} else k.rate_minute_start end,
      rate_minute_count = case when ${minute} then 1 else k.rate_minute_count + 1 end,
      last_used_at = ${now}
    from users as u
    where k.public_id = ${publicId} and u.user_id = k.user_id
      and k.revoked_at is null and (k.expires_at is null or k.expires_at > ${now}) and u.frozen_at is null
      and (${needs.scope}::text is null or ${needs.scope}::text = any (k.scopes))
      and (u.is_email_verified or not ${needs.verifiedEmail})
      and (${second} or k.rate_second_count < ${needs.perSecond})
      and (${minute} or k.rate_minute_count < ${needs.perMinute})
    returning k.*, u.is_email_verified, u.frozen_at`.execute(db);
  return admitted.rows[0];
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
