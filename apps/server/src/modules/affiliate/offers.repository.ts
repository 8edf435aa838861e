import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OffersTable } from '../../db/schema-affiliate.ts';

export type OfferRow = Selectable<OffersTable>;

/** Offers and the bonuses they paid; SQL only. */

export async function list(db: Database): Promise<OfferRow[]> {
  return db.selectFrom('offers').selectAll().orderBy('start_date', 'desc').execute();
}

export async function insert(db: Database, offer: Insertable<OffersTable>): Promise<OfferRow> {
  return db.insertInto('offers').values(offer).returningAll().executeTakeFirstOrThrow();
}

/** Offers open at `now` whose minimum a stake of `amount` meets. */
export async function openFor(db: Database, now: Date, amount: bigint): Promise<OfferRow[]> {
  return db
    .selectFrom('offers')
    .selectAll()
    .where('start_date', '<=', now)
    .where('end_date', '>=', now)
    .where('min_stake', '<=', amount)
    .execute();
}

export async function joinedBy(db: Database, affiliateId: bigint): Promise<Set<number>> {
  const rows = await db
    .selectFrom('offer_bonuses')
    .select('offer_id')
    .where('affiliate_id', '=', affiliateId)
    .execute();
  return new Set(rows.map((r) => r.offer_id));
}

export async function insertBonus(
  db: Database,
  bonus: { offerId: number; stakeId: bigint; affiliateId: bigint; amount: bigint },
): Promise<void> {
  await db
    .insertInto('offer_bonuses')
    .values({
      offer_id: bonus.offerId,
      stake_id: bonus.stakeId,
      affiliate_id: bonus.affiliateId,
      amount: bonus.amount,
    })
    .execute();
}
