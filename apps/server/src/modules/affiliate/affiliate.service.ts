import { fromBaseUnits, type TAffiliate } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AffiliateRow } from '../../db/schema-affiliate.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { assetBySymbol } from '../funds/assets.service.ts';
import * as network from './network.ts';
import { maskName } from './rules.ts';

export const FIT24 = 'FIT24';
export const fitAsset = (db: Database) => assetBySymbol(db, FIT24);
export const fit = (units: bigint) => fromBaseUnits(units, 8);

export async function findByUser(db: Database, userId: bigint): Promise<AffiliateRow | undefined> {
  return db.selectFrom('affiliates').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The caller's affiliate profile; 404 when they have not joined (the app then shows `earn`). */
export async function mustFind(db: Database, userId: bigint): Promise<AffiliateRow> {
  const row = await findByUser(db, userId);
  if (!row) throw notFound('You have not joined the affiliate programme yet.');
  return row;
}

export async function totalStake(db: Database, affiliateId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('stakes')
    .select((eb) => eb.fn.sum<string | null>('amount').as('total'))
    .where('affiliate_id', '=', affiliateId)
    .executeTakeFirst();
  return BigInt(row?.total ?? '0');
}

export async function profile(db: Database, row: AffiliateRow): Promise<TAffiliate> {
  const [stake, partners, teamInfo, rank, sponsor] = await Promise.all([
    totalStake(db, row.affiliate_id),
    db
      .selectFrom('affiliates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('sponsor_id', '=', row.affiliate_id)
      .executeTakeFirstOrThrow(),
    network.team(db, row.affiliate_id),
    db
      .selectFrom('affiliate_ranks')
      .innerJoin('ranks', 'ranks.rank_id', 'affiliate_ranks.rank_id')
      .select('ranks.name')
      .where('affiliate_id', '=', row.affiliate_id)
      .orderBy('ranks.required_business', 'desc')
      .limit(1)
      .executeTakeFirst(),
    row.sponsor_id
      ? db
          .selectFrom('affiliates')
          .select('code')
          .where('affiliate_id', '=', row.sponsor_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    affiliate_id: Number(row.affiliate_id),
    code: row.code,
    stake: fit(stake),
    partners: Number(partners.n),
    team: teamInfo.size,
    rank: rank?.name ?? null,
    referrer_code: sponsor?.code ?? null,
    creation_date: toEpochSeconds(row.created_at),
  };
}

/**
 * Joins the programme, once. The sponsor is the code given, or else whoever referred the user at
 * sign-up if they are an affiliate. The affiliate code is the user's own referral code.
 */
export async function register(ctx: AppContext, userId: bigint, referralCode?: string): Promise<TAffiliate> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (await findByUser(trx, userId)) {
      throw new AppError('CONFLICT', 'You have already joined the affiliate programme.');
    }
    const user = await usersRepo.findById(trx, userId);
    if (!user) throw new AppError('SESSION_INVALID');
    let sponsorId: bigint | null = null;
    if (referralCode) {
      const sponsor = await trx
        .selectFrom('affiliates')
        .select(['affiliate_id', 'user_id'])
        .where('code', '=', referralCode.toUpperCase())
        .executeTakeFirst();
      if (!sponsor)
        throw badRequest('No affiliate has this referral code.', {
          referral_code: 'does not belong to an affiliate',
        });
      if (sponsor.user_id === userId)
        throw badRequest('You cannot use your own referral code.', { referral_code: 'is your own code' });
      sponsorId = sponsor.affiliate_id;
    } else if (user.referred_by) {
      const sponsor = await findByUser(trx, user.referred_by);
      sponsorId = sponsor?.affiliate_id ?? null;
    }
    return trx
      .insertInto('affiliates')
      .values({ user_id: userId, code: user.referral_code, sponsor_id: sponsorId, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return profile(ctx.db, row);
}

export async function lookupCode(db: Database, code: string) {
  const row = await db
    .selectFrom('affiliates')
    .innerJoin('users', 'users.user_id', 'affiliates.user_id')
    .select(['affiliates.affiliate_id', 'affiliates.code', 'users.name'])
    .where('affiliates.code', '=', code.toUpperCase())
    .executeTakeFirst();
  if (!row) throw notFound('No affiliate has this referral code.');
  return { referrer: { affiliate_id: Number(row.affiliate_id), name: maskName(row.name), code: row.code } };
}

export async function directs(db: Database, affiliateId: bigint) {
  const [rows, teams] = await Promise.all([
    db
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
      .execute(),
    network.directTeams(db, affiliateId),
  ]);
  return rows.map((r) => ({
    affiliate_id: Number(r.affiliate_id),
    name: maskName(r.name),
    stake: fit(BigInt(r.stake ?? '0')),
    team: teams.get(r.affiliate_id) ?? 0,
    creation_date: toEpochSeconds(r.created_at),
  }));
}

/** Levels 1..5 always (the level-income depth), deeper ones while they have members, up to 10. */
export async function levelBusiness(db: Database, affiliateId: bigint, incomeLevels: number) {
  const rows = await network.levels(db, affiliateId, network.MAX_LEVELS_SHOWN);
  const shown = Math.max(incomeLevels, rows.at(-1)?.level ?? 0);
  return Array.from({ length: shown }, (_, i) => {
    const row = rows.find((r) => r.level === i + 1);
    return { level: i + 1, members: row?.members ?? 0, business: fit(row?.business ?? 0n) };
  });
}
