import { type Kysely, sql } from 'kysely';

/**
 * How many calls the last statement that admitted calls on a key granted it (`api-keys.repository.ts`
 * `admitCalls`): the calls made on one key at once are counted by one update of its row, and the update
 * answers how many of them its windows had room for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_key_rates add column granted integer not null default 0 check (granted >= 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_key_rates drop column granted`.execute(db);
}
