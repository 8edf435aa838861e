import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The sponsor tree: who is under whom. Recursive queries over `affiliates.sponsor_id`. */

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
