import { type Kysely, sql } from 'kysely';

/**
 * A personal key's rate windows on its own row (issue 17 §3): the per-second and per-minute counts and when
 * each window began. A call is admitted by one statement that checks the key (live, scope, its user) and
 * takes one from both windows at once, or from neither (`api-keys.repository.ts` `admitCall`), instead of
 * a read of the key and a statement per window in `attempt_limits`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_keys
    add column rate_second_start timestamptz,
    add column rate_second_count integer not null default 0 check (rate_second_count >= 0),
    add column rate_minute_start timestamptz,
    add column rate_minute_count integer not null default 0 check (rate_minute_count >= 0)`.execute(db);
  await sql`delete from attempt_limits where bucket in ('api-key-second', 'api-key-minute')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_keys
    drop column rate_second_start,
    drop column rate_second_count,
    drop column rate_minute_start,
    drop column rate_minute_count`.execute(db);
}
