import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { StakeRow, StakeSource } from '../../db/schema-affiliate.ts';
import { unnestRows } from '../../db/unnest.ts';

/** The `stakes` table; SQL only. */

export async function insert(
  db: Database,
  row: { affiliateId: bigint; amount: bigint; source: StakeSource; now: Date },
): Promise<StakeRow> {
  return db
    .insertInto('stakes')
    .values({
      affiliate_id: row.affiliateId,
      amount: row.amount,
      source: row.source,
      start_date: row.now,
      created_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listOf(db: Database, affiliateId: bigint): Promise<StakeRow[]> {
  return db
    .selectFrom('stakes')
    .selectAll()
    .where('affiliate_id', '=', affiliateId)
    .orderBy('stake_id', 'desc')
    .execute();
}

/** An affiliate's stakes not boosted yet, oldest first, locked until the transaction ends. */
export async function lockUnboosted(db: Database, affiliateId: bigint): Promise<StakeRow[]> {
  return db
    .selectFrom('stakes')
    .selectAll()
    .where('affiliate_id', '=', affiliateId)
    .where('is_boosted', '=', false)
    .orderBy('stake_id')
    .forUpdate()
    .execute();
}

/** New boost progress of many stakes in one statement; those now boosted get `boosted_at`. */
export async function setBoosts(
  db: Database,
  changes: ReadonlyArray<{ stakeId: bigint; progress: bigint; boosted: boolean }>,
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const v = unnestRows('v', changes, {
    stake_id: ['bigint', (c) => c.stakeId],
    progress: ['bigint', (c) => c.progress],
    boosted: ['boolean', (c) => c.boosted],
  });
  await sql`update stakes as s set boost_progress = v.progress, is_boosted = v.boosted,
      boosted_at = case when v.boosted then ${now}::timestamptz else s.boosted_at end
    from ${v} where s.stake_id = v.stake_id and not s.is_boosted`.execute(db);
}

/** Every stake started before `end`, with its owner, for a daily run. */
export async function startedBefore(db: Database, end: Date) {
  return db
    .selectFrom('stakes')
    .innerJoin('affiliates', 'affiliates.affiliate_id', 'stakes.affiliate_id')
    .innerJoin('users', 'users.user_id', 'affiliates.user_id')
    .select([
      'stakes.stake_id',
      'stakes.amount',
      'stakes.is_boosted',
      'affiliates.affiliate_id',
      'affiliates.user_id',
      'users.name',
    ])
    .where('stakes.start_date', '<', end)
    .execute();
}

export async function firstStart(db: Database): Promise<Date | undefined> {
  const row = await db
    .selectFrom('stakes')
    .select('start_date')
    .orderBy('stake_id')
    .limit(1)
    .executeTakeFirst();
  return row?.start_date;
}
