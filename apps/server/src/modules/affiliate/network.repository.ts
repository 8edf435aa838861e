import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The sponsor tree: who is under whom. Recursive queries over `affiliates.sponsor_id`; SQL only. */

export const MAX_LEVELS_SHOWN = 10;

/** Uplines of an affiliate, nearest first: level 1 is the sponsor. */
export async function uplines(
  db: Database,
  affiliateId: bigint,
  depth: number,
): Promise<Array<{ affiliateId: bigint; userId: bigint; level: number }>> {
  if (depth <= 0) return [];
  const { rows } = await sql<{ affiliate_id: bigint; user_id: bigint; level: number }>`
    with recursive up(affiliate_id, user_id, sponsor_id, level) as (
      select a.affiliate_id, a.user_id, a.sponsor_id, 1 from affiliates a
        where a.affiliate_id = (select sponsor_id from affiliates where affiliate_id = ${affiliateId})
      union all
      select a.affiliate_id, a.user_id, a.sponsor_id, up.level + 1 from affiliates a
        join up on a.affiliate_id = up.sponsor_id where up.level < ${depth}
    )
    select affiliate_id, user_id, level from up order by level`.execute(db);
  return rows.map((r) => ({ affiliateId: r.affiliate_id, userId: r.user_id, level: Number(r.level) }));
}

/** Members and staked business of each level of an affiliate's downline (level 1 = direct partners). */
export async function levels(
  db: Database,
  affiliateId: bigint,
  depth = 1000,
): Promise<Array<{ level: number; members: number; business: bigint }>> {
  const { rows } = await sql<{ level: number; members: string; business: string | null }>`
    with recursive down(affiliate_id, level) as (
      select affiliate_id, 1 from affiliates where sponsor_id = ${affiliateId}
      union all
      select a.affiliate_id, down.level + 1 from affiliates a join down on a.sponsor_id = down.affiliate_id
        where down.level < ${depth}
    )
    select down.level, count(distinct down.affiliate_id)::text as members, coalesce(sum(s.amount), 0)::text as business
    from down left join stakes s on s.affiliate_id = down.affiliate_id
    group by down.level order by down.level`.execute(db);
  return rows.map((r) => ({
    level: Number(r.level),
    members: Number(r.members),
    business: BigInt(r.business ?? '0'),
  }));
}

/** Team size and team business (all stakes of the whole downline). */
export async function team(db: Database, affiliateId: bigint): Promise<{ size: number; business: bigint }> {
  const rows = await levels(db, affiliateId);
  return {
    size: rows.reduce((n, r) => n + r.members, 0),
    business: rows.reduce((sum, r) => sum + r.business, 0n),
  };
}

/** Team size of each direct partner of an affiliate. */
export async function directTeams(db: Database, affiliateId: bigint): Promise<Map<bigint, number>> {
  const { rows } = await sql<{ root: bigint; size: string }>`
    with recursive down(root, affiliate_id) as (
      select d.affiliate_id, a.affiliate_id from affiliates d join affiliates a on a.sponsor_id = d.affiliate_id
        where d.sponsor_id = ${affiliateId}
      union all
      select down.root, a.affiliate_id from affiliates a join down on a.sponsor_id = down.affiliate_id
    )
    select root, count(*)::text as size from down group by root`.execute(db);
  return new Map(rows.map((r) => [r.root, Number(r.size)]));
}

export interface Upline {
  affiliateId: bigint;
  userId: bigint;
  level: number;
}

/** For every affiliate, its uplines 1..depth (one recursive query for the whole tree). */
export async function uplineMap(db: Database, depth: number): Promise<Map<bigint, Upline[]>> {
  const { rows } = await sql<{ origin: bigint; affiliate_id: bigint; user_id: bigint; level: number }>`
    with recursive up(origin, affiliate_id, level) as (
      select affiliate_id, sponsor_id, 1 from affiliates where sponsor_id is not null
      union all
      select up.origin, a.sponsor_id, up.level + 1 from up join affiliates a on a.affiliate_id = up.affiliate_id
        where a.sponsor_id is not null and up.level < ${depth}
    )
    select up.origin, up.affiliate_id, a.user_id, up.level from up join affiliates a on a.affiliate_id = up.affiliate_id`.execute(
    db,
  );
  const map = new Map<bigint, Upline[]>();
  for (const r of rows) {
    const list = map.get(r.origin) ?? [];
    list.push({ affiliateId: r.affiliate_id, userId: r.user_id, level: Number(r.level) });
    map.set(r.origin, list);
  }
  return map;
}

/** Number of direct partners of an affiliate. */
export async function countDirects(db: Database, affiliateId: bigint): Promise<number> {
  const row = await db
    .selectFrom('affiliates')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sponsor_id', '=', affiliateId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Team business (all stakes of the whole downline) and number of direct partners of many affiliates, in
 * one query: the rank check of a daily run reads every affiliate at once, not one by one.
 */
export async function teamTotals(
  db: Database,
  affiliateIds: readonly bigint[],
): Promise<Map<bigint, { business: bigint; directs: number }>> {
  const totals = new Map<bigint, { business: bigint; directs: number }>();
  for (const id of affiliateIds) totals.set(id, { business: 0n, directs: 0 });
  if (affiliateIds.length === 0) return totals;
  const ids = [...affiliateIds];
  const { rows } = await sql<{ root: bigint; business: string; directs: string }>`
    with recursive down(root, affiliate_id, level) as (
      select sponsor_id, affiliate_id, 1 from affiliates where sponsor_id = any(${ids}::bigint[])
      union all
      select down.root, a.affiliate_id, down.level + 1 from affiliates a join down on a.sponsor_id = down.affiliate_id
    ),
    staked as (select affiliate_id, sum(amount) as amount from stakes group by affiliate_id)
    select down.root, coalesce(sum(staked.amount), 0)::text as business,
      count(*) filter (where down.level = 1)::text as directs
    from down left join staked on staked.affiliate_id = down.affiliate_id
    group by down.root`.execute(db);
  for (const r of rows) totals.set(r.root, { business: BigInt(r.business), directs: Number(r.directs) });
  return totals;
}
