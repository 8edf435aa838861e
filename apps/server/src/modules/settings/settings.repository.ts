import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { unnestRows } from '../../db/unnest.ts';

export async function findSettings(db: Database, userId: bigint) {
  return db
    .selectFrom('user_settings')
    .select(['theme', 'language'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function preferencesOf(db: Database, userId: bigint) {
  return db
    .selectFrom('notification_preferences')
    .select(['event', 'email', 'push'])
    .where('user_id', '=', userId)
    .execute();
}

/** One user's choice for one event, or undefined when never set. */
export async function preferenceOf(db: Database, userId: bigint, event: string) {
  return db
    .selectFrom('notification_preferences')
    .select(['email', 'push'])
    .where('user_id', '=', userId)
    .where('event', '=', event)
    .executeTakeFirst();
}

/** Theme and language in one atomic upsert: a field left null keeps its stored (or default) value. */
export async function upsertSettings(
  db: Database,
  userId: bigint,
  change: { theme: string | null; language: string | null },
  defaults: { theme: string; language: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('user_settings')
    .values({
      user_id: userId,
      theme: change.theme ?? defaults.theme,
      language: change.language ?? defaults.language,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        theme: sql`coalesce(${change.theme}::text, user_settings.theme)`,
        language: sql`coalesce(${change.language}::text, user_settings.language)`,
        updated_at: now,
      }),
    )
    .execute();
}

export interface PreferenceChange {
  event: string;
  /** null: keep what is stored (or the default when nothing is). */
  email: boolean | null;
  push: boolean | null;
  defaultEmail: boolean;
  defaultPush: boolean;
}

/**
 * Two statements, each atomic: the rows are made with the defaults if missing, then each channel given
 * is set under the row's lock and each channel not given keeps its value — so two devices flipping
 * different toggles at once both win (no read-then-write).
 */
export async function upsertPreferences(
  db: Database,
  userId: bigint,
  changes: readonly PreferenceChange[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const columns = {
    event: ['text', (c: PreferenceChange) => c.event],
    email: ['boolean', (c: PreferenceChange) => c.email],
    push: ['boolean', (c: PreferenceChange) => c.push],
    default_email: ['boolean', (c: PreferenceChange) => c.defaultEmail],
    default_push: ['boolean', (c: PreferenceChange) => c.defaultPush],
  } as const;
  await sql`insert into notification_preferences (user_id, event, email, push, updated_at)
    select ${userId}::bigint, v.event, v.default_email, v.default_push, ${now}::timestamptz
    from ${unnestRows('v', changes, columns)}
    on conflict (user_id, event) do nothing`.execute(db);
  await sql`update notification_preferences p
    set email = coalesce(v.email, p.email), push = coalesce(v.push, p.push), updated_at = ${now}::timestamptz
    from ${unnestRows('v', changes, columns)}
    where p.user_id = ${userId}::bigint and p.event = v.event`.execute(db);
}
