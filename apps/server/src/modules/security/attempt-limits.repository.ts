import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * Takes one attempt of `bucket`/`key` in one atomic statement (`on conflict … where`): the count rises
 * only while under `max`, or starts again at 1 when the window began at or before `windowAgo`. Answers
 * the window's start, or undefined when the limit refused.
 */
export async function take(
  db: Database,
  now: Date,
  limit: { bucket: string; key: string; max: number; windowAgo: Date },
): Promise<Date | undefined> {
  const { bucket, key, max, windowAgo } = limit;
  const taken = await sql<{ window_start: Date }>`
    insert into attempt_limits as a (bucket, key, attempts, window_start)
    values (${bucket}, ${key}, 1, ${now})
    on conflict (bucket, key) do update set
      attempts = case when a.window_start <= ${windowAgo} then 1 else a.attempts + 1 end,
      window_start = case when a.window_start <= ${windowAgo} then ${now} else a.window_start end
    where a.window_start <= ${windowAgo} or a.attempts < ${max}
    returning window_start`.execute(db);
  return taken.rows[0]?.window_start;
}

/** Gives one attempt back, only within the window it was taken in and never below zero. */
export async function giveBack(
  db: Database,
  taken: { bucket: string; key: string; windowStart: Date },
): Promise<void> {
  await db
    .updateTable('attempt_limits')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('bucket', '=', taken.bucket)
    .where('key', '=', taken.key)
    .where('window_start', '=', taken.windowStart)
    .where('attempts', '>', 0)
    .execute();
}

/** The attempts of `bucket`/`key` and when their window started, or undefined when none were taken. */
export async function findWindow(
  db: Database,
  bucket: string,
  key: string,
): Promise<{ attempts: number; window_start: Date } | undefined> {
  return db
    .selectFrom('attempt_limits')
    .select(['attempts', 'window_start'])
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function findWindowStart(db: Database, bucket: string, key: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('attempt_limits')
    .select('window_start')
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.window_start;
}

/** Deletes the windows that started before `before`; answers how many. */
export async function deleteStartedBefore(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('attempt_limits').where('window_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
