import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { StakeRow } from '../../db/schema-affiliate.ts';
import { fit } from './affiliate.service.ts';
import type { OfferRow } from './offers.repository.ts';
import * as offersRepo from './offers.repository.ts';
import { payFromPool } from './pool.ts';
import { percentOf } from './rules.ts';
import * as transactionsRepo from './transactions.repository.ts';

const offerToAnswer = (o: OfferRow) => ({
  offer_id: o.offer_id,
  title: o.title,
  description: o.description,
  start_date: toEpochSeconds(o.start_date),
  end_date: toEpochSeconds(o.end_date),
  min_stake: fit(o.min_stake),
  bonus_percent: String(Number(o.bonus_percent)),
});

/** Every offer, newest first, and whether this affiliate has had its bonus. */
export async function listOffers(db: Database, affiliateId: bigint) {
  const [offers, mine] = await Promise.all([offersRepo.list(db), offersRepo.joinedBy(db, affiliateId)]);
  return {
    offers: offers.map((o) => ({
      ...offerToAnswer(o),
      joined: mine.has(o.offer_id) ? (1 as const) : (0 as const),
    })),
  };
}

/** The operator creates an offer; `min_stake` in FIT24 base units, `bonus_percent` checked by the caller. */
export async function createOffer(
  db: Database,
  offer: {
    title: string;
    description: string;
    startDate: Date;
    endDate: Date;
    minStake: bigint;
    bonusPercent: string;
  },
) {
  const row = await offersRepo.insert(db, {
    title: offer.title,
    description: offer.description,
    start_date: offer.startDate,
    end_date: offer.endDate,
    min_stake: offer.minStake,
    bonus_percent: offer.bonusPercent,
  });
  return { offer: offerToAnswer(row) };
}

/** An offer open now pays its bonus on a stake of at least its minimum, from the pool, once per stake. */
export async function payOfferBonuses(
  ctx: AppContext,
  trx: Database,
  row: StakeRow,
  fitAssetId: number,
  userId: bigint,
  now: Date,
): Promise<void> {
  for (const offer of await offersRepo.openFor(trx, now, row.amount)) {
    const bonus = percentOf(row.amount, offer.bonus_percent);
    if (bonus <= 0n) continue;
    const paid = await payFromPool(trx, {
      fitAssetId,
      now,
      kind: 'OFFER_BONUS',
      refType: 'stake',
      refId: row.stake_id,
      payouts: [{ userId, amount: bonus }],
    });
    if (!paid) {
      ctx.log.error(
        { offer: offer.title, stake: String(row.stake_id) },
        'rewards pool cannot pay an offer bonus: fund the pool',
      );
      continue;
    }
    await offersRepo.insertBonus(trx, {
      offerId: offer.offer_id,
      stakeId: row.stake_id,
      affiliateId: row.affiliate_id,
      amount: bonus,
    });
    await transactionsRepo.insertOne(trx, {
      affiliateId: row.affiliate_id,
      type: 'REWARD',
      source: 'OFFER',
      amount: bonus,
      note: `Offer bonus: ${offer.title}`,
      rewardDay: null,
      now,
    });
  }
}
