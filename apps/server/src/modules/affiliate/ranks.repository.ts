import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RanksTable } from '../../db/schema-affiliate.ts';
import { insertRows } from '../../db/unnest.ts';

export type RankRow = Selectable<RanksTable>;

/** Ranks, the ranks each affiliate reached, offers and their bonuses; SQL only. */

export async function list(db: Database): Promise<RankRow[]> {
  return db.selectFrom('ranks').selectAll().orderBy('required_business').orderBy('rank_id').execute();
}

export async function reachedBy(db: Database, affiliateId: bigint) {
  return db.selectFrom('affiliate_ranks').selectAll().where('affiliate_id', '=', affiliateId).execute();
}

/** Records that these affiliates reached the rank, in one statement (one array per column). */
/**
 * Claims the rank for these affiliates: one statement that records it for each who has not reached it
 * yet and answers those. A concurrent check for the same affiliate waits on its row, then claims nothing,
 * so a rank is paid once however many stakes cross its threshold at the same moment.
 */
export async function claimReached(
  db: Database,
  affiliateIds: readonly bigint[],
  rankId: number,
  now: Date,
): Promise<bigint[]> {
  if (affiliateIds.length === 0) return [];
  const { rows } = await sql<{ affiliate_id: bigint }>`${insertRows('affiliate_ranks', affiliateIds, {
    affiliate_id: ['bigint', (id) => id],
    rank_id: ['int', () => rankId],
    achieved_at: ['timestamptz', () => now],
  })} on conflict do nothing returning affiliate_id`.execute(db);
  return rows.map((r) => r.affiliate_id);
}

/** Gives claims back (the pool could not pay them): the rank waits for the next check. */
export async function releaseReached(
  db: Database,
  affiliateIds: readonly bigint[],
  rankId: number,
): Promise<void> {
  if (affiliateIds.length === 0) return;
  await db
    .deleteFrom('affiliate_ranks')
    .where('rank_id', '=', rankId)
    .where('affiliate_id', 'in', [...affiliateIds])
    .execute();
}

/** Creates the rank, or updates the one of that name. */
export async function upsert(
  db: Database,
  rank: { name: string; required_business: bigint; required_directs: number; reward: bigint },
): Promise<RankRow> {
  return db
    .insertInto('ranks')
    .values(rank)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        required_business: eb.ref('excluded.required_business'),
        required_directs: eb.ref('excluded.required_directs'),
        reward: eb.ref('excluded.reward'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The ranks each of these affiliates has reached. */
export async function reachedByAll(
  db: Database,
  affiliateIds: readonly bigint[],
): Promise<Map<bigint, Set<number>>> {
  const reached = new Map<bigint, Set<number>>();
  if (affiliateIds.length === 0) return reached;
  const rows = await db
    .selectFrom('affiliate_ranks')
    .select(['affiliate_id', 'rank_id'])
    .where('affiliate_id', '=', sql<bigint>`any(${[...affiliateIds]}::bigint[])`)
    .execute();
  for (const r of rows) {
    const set = reached.get(r.affiliate_id) ?? new Set<number>();
    set.add(r.rank_id);
    reached.set(r.affiliate_id, set);
  }
  return reached;
}
