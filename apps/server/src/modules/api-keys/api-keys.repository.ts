import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ApiKeyRatesRow, ApiKeyRow } from '../../db/schema-api-keys.ts';
import { unnestRows } from '../../db/unnest.ts';
import { announceSessionsEnded } from '../auth/sessions.repository.ts';

/** A key with what a signed request needs of its user. */
export type ApiKeyWithUser = ApiKeyRow & { is_email_verified: boolean; frozen_at: Date | null };

/** What a call admitted with a key acts as (`admitCall`). */
export type AdmittedKey = Pick<
  ApiKeyWithUser,
  'api_key_id' | 'public_id' | 'user_id' | 'scopes' | 'is_email_verified'
>;

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
}

/** A call to admit: the key it is made with and what it asks of it. */
export interface KeyCall extends CallNeeds {
  publicId: string;
}

/** A key's rate: calls a second and a minute. */
export interface KeyRate {
  perSecond: number;
  perMinute: number;
}

/**
 * Admits calls made with keys, in one atomic statement: each call's key is live (not revoked, not expired,
 * its user not frozen), has the call's scope, its user's email is verified when the call asks; then, per
 * key, as many of its calls as both of its rate windows have room for are counted in each window (a window
 * that has ended starts again at `now`) by one update of its rate row, the first calls in the order given,
 * and the key's last use is noted (at most once a second, to spare its row). The rate row's lock orders
 * statements that run at once, and each sees the counts the one before it left, so no more than the limits
 * pass whatever runs in parallel. Answers, per call in the order given, its key, or undefined when a check
 * refused it (nothing counted for it): `findByPublicId` and `findRates` then tell which.
 */
export async function admitCalls(
  db: Database,
  calls: readonly KeyCall[],
  now: Date,
  rate: KeyRate,
): Promise<(AdmittedKey | undefined)[]> {
  // Windows' room as the row stands (`r`), a window that has ended counting from nothing; `excluded` is
  // the row the insert would make: started now, `granted` the calls asked for (at most the limits).
  const secondOver = sql`r.second_start <= excluded.second_start - interval '1 second'`;
  const minuteOver = sql`r.minute_start <= excluded.minute_start - interval '1 minute'`;
  const secondUsed = sql`(case when ${secondOver} then 0 else r.second_count end)`;
  const minuteUsed = sql`(case when ${minuteOver} then 0 else r.minute_count end)`;
  const granted = sql`greatest(0, least(excluded.granted, ${rate.perSecond}::int - ${secondUsed}, ${rate.perMinute}::int - ${minuteUsed}))`;
  // Each call numbered from 1 in the order given: the first calls of a key are the ones admitted.
  const numbered = calls.map((call, i) => ({ ...call, ord: i + 1 }));
  const rows = await sql<AdmittedKey & { ord: number }>`
    with p as (select ${now}::timestamptz as now), c as (
      select * from ${unnestRows('c', numbered, {
        ord: ['int', (call) => call.ord],
        public_id: ['text', (call) => call.publicId],
        scope: ['text', (call) => call.scope],
        verified_email: ['boolean', (call) => call.verifiedEmail],
      })}
    ), k as (
      select c.ord, k.api_key_id, k.public_id, k.user_id, k.scopes, u.is_email_verified,
        row_number() over (partition by k.api_key_id order by c.ord) as nth
      from p, c join api_keys as k on k.public_id = c.public_id join users as u on u.user_id = k.user_id
      where k.revoked_at is null and (k.expires_at is null or k.expires_at > p.now) and u.frozen_at is null
        and (c.scope is null or c.scope = any (k.scopes))
        and (u.is_email_verified or not c.verified_email)
    ), asked as (
      select api_key_id, least(count(*), ${rate.perSecond}::int, ${rate.perMinute}::int)::int as n
      from k group by api_key_id
    ), taken as (
      insert into api_key_rates as r (api_key_id, second_start, second_count, minute_start, minute_count, granted)
      select asked.api_key_id, p.now, asked.n, p.now, asked.n, asked.n from asked, p
      on conflict (api_key_id) do update set
        second_start = case when ${secondOver} then excluded.second_start else r.second_start end,
        second_count = ${secondUsed} + ${granted},
        minute_start = case when ${minuteOver} then excluded.minute_start else r.minute_start end,
        minute_count = ${minuteUsed} + ${granted},
        granted = ${granted}
      where ${granted} > 0
      returning r.api_key_id, r.granted
    ), used as (
      update api_keys set last_used_at = p.now from p
      where api_key_id in (select api_key_id from taken where granted > 0)
        and (last_used_at is null or last_used_at < p.now - interval '1 second')
    )
    select k.ord, k.api_key_id, k.public_id, k.user_id, k.scopes, k.is_email_verified
    from k join taken on taken.api_key_id = k.api_key_id where k.nth <= taken.granted`.execute(db);
  const admitted: (AdmittedKey | undefined)[] = calls.map(() => undefined);
  for (const { ord, ...key } of rows.rows) admitted[ord - 1] = key;
  return admitted;
}

/** A key's rate windows as last counted, or undefined before its first call. */
export async function findRates(db: Database, apiKeyId: bigint): Promise<ApiKeyRatesRow | undefined> {
  return db.selectFrom('api_key_rates').selectAll().where('api_key_id', '=', apiKeyId).executeTakeFirst();
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
