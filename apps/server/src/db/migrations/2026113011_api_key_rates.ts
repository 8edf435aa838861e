import { type Kysely, sql } from 'kysely';

/**
 * A personal key's rate windows (issue 17 §3): the per-second and per-minute counts and when each window
 * began, one row per key, taken by the one statement that admits a call (`api-keys.repository.ts`
 * `admitCall`) instead of a read of the key and a statement per window in `attempt_limits`.
 *
 * Unlogged: a call's count is written without WAL, so admitting it does not wait for a flush to disk (a
 * bot's every call is counted; durably, each would cost a commit's fsync). After a crash PostgreSQL empties
 * the table: the windows start again, which only forgets the last minute's counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unlogged table api_key_rates (
    api_key_id bigint primary key,
    second_start timestamptz not null,
    second_count integer not null check (second_count >= 0),
    minute_start timestamptz not null,
    minute_count integer not null check (minute_count >= 0)
  )`.execute(db);
  await sql`delete from attempt_limits where bucket in ('api-key-second', 'api-key-minute')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_key_rates`.execute(db);
}
