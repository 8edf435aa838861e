import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AffiliateRow } from '../../db/schema-affiliate.ts';

/** The `affiliates` table and what is read with it; SQL only. */

export async function findByUser(db: Database, userId: bigint): Promise<AffiliateRow | undefined> {
  return db.selectFrom('affiliates').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findByCode(db: Database, code: string) {
  return db
    .selectFrom('affiliates')
    .select(['affiliate_id', 'user_id'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function codeOf(db: Database, affiliateId: bigint): Promise<string | undefined> {
  const row = await db
    .selectFrom('affiliates')
    .select('code')
    .where('affiliate_id', '=', affiliateId)
    .executeTakeFirst();
  return row?.code;
}

export async function userIdOf(db: Database, affiliateId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('affiliates')
    .select('user_id')
    .where('affiliate_id', '=', affiliateId)
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/** The user of each of these affiliates. */
export async function userIdsOf(db: Database, affiliateIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
  if (affiliateIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('affiliates')
    .select(['affiliate_id', 'user_id'])
    .where('affiliate_id', '=', sql<bigint>`any(${[...affiliateIds]}::bigint[])`)
    .execute();
  return new Map(rows.map((r) => [r.affiliate_id, r.user_id]));
}

export async function allIds(db: Database): Promise<bigint[]> {
  const rows = await db.selectFrom('affiliates').select('affiliate_id').orderBy('affiliate_id').execute();
  return rows.map((r) => r.affiliate_id);
}

export async function insert(
  db: Database,
  row: { user_id: bigint; code: string; sponsor_id: bigint | null; created_at: Date },
): Promise<AffiliateRow> {
  return db.insertInto('affiliates').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The affiliate with this code and its owner's name. */
export async function withNameByCode(db: Database, code: string) {
  return db
    .selectFrom('affiliates')
    .innerJoin('users', 'users.user_id', 'affiliates.user_id')
    .select(['affiliates.affiliate_id', 'affiliates.code', 'users.name'])
    .where('affiliates.code', '=', code)
    .executeTakeFirst();
}

/** Direct partners of an affiliate with their names and total stake. */
export async function directsWithStake(db: Database, affiliateId: bigint) {
  return db
    .selectFrom('affiliates')
    .innerJoin('users', 'users.user_id', 'affiliates.user_id')
    .leftJoin('stakes', 'stakes.affiliate_id', 'affiliates.affiliate_id')
    .select((eb) => [
      'affiliates.affiliate_id',
      'affiliates.created_at',
      'users.name',
      eb.fn.sum<string | null>('stakes.amount').as('stake'),
    ])
    .where('affiliates.sponsor_id', '=', affiliateId)
    .groupBy(['affiliates.affiliate_id', 'affiliates.created_at', 'users.name'])
    .orderBy('affiliates.affiliate_id')
    .execute();
}

export async function totalStake(db: Database, affiliateId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('stakes')
    .select((eb) => eb.fn.sum<string | null>('amount').as('total'))
    .where('affiliate_id', '=', affiliateId)
    .executeTakeFirst();
  return BigInt(row?.total ?? '0');
}

/** The name of the highest rank an affiliate reached, if any. */
export async function topRankName(db: Database, affiliateId: bigint): Promise<string | null> {
  const row = await db
    .selectFrom('affiliate_ranks')
    .innerJoin('ranks', 'ranks.rank_id', 'affiliate_ranks.rank_id')
    .select('ranks.name')
    .where('affiliate_id', '=', affiliateId)
    .orderBy('ranks.required_business', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? null;
}
