import { fromBaseUnits, type TAffiliate, type TProgramme, toBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { AffiliateConfig } from '../../config-affiliate.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { AffiliateRow } from '../../db/schema-affiliate.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { assetBySymbol } from '../funds/assets.service.ts';
import * as affiliatesRepo from './affiliate.repository.ts';
import * as network from './network.repository.ts';
import { maskName } from './rules.ts';

export const FIT24 = 'FIT24';
export const fitAsset = (db: Database) => assetBySymbol(db, FIT24);
export const fit = (units: bigint) => fromBaseUnits(units, 8);

/** The numbers the programme runs on, from the operator's configuration, as the screens show them. */
export function programme(config: AffiliateConfig): { programme: TProgramme } {
  const money = (text: string) => fit(toBaseUnits(text, 8)!);
  return {
    programme: {
      yield_percent: config.yield_percent,
      boosted_yield_percent: config.boosted_yield_percent,
      min_stake: money(config.min_stake),
      min_claim: money(config.min_claim),
      boost_window_seconds: config.boost_window_seconds,
      target_multiplier: config.target_multiplier,
      target_multiplier_after_window: config.target_multiplier_after_window,
      level_income_percent: [...config.level_income_percent],
      default_surge: config.default_surge,
    },
  };
}

/** The caller's affiliate profile; 404 when they have not joined (the app then shows `earn`). */
export async function mustFind(db: Database, userId: bigint): Promise<AffiliateRow> {
  const row = await affiliatesRepo.findByUser(db, userId);
  if (!row) throw notFound('You have not joined the affiliate programme yet.');
  return row;
}

export async function profile(db: Database, row: AffiliateRow): Promise<TAffiliate> {
  const [stake, partners, teamInfo, rank, sponsorCode] = await Promise.all([
    affiliatesRepo.totalStake(db, row.affiliate_id),
    network.countDirects(db, row.affiliate_id),
    network.team(db, row.affiliate_id),
    affiliatesRepo.topRankName(db, row.affiliate_id),
    row.sponsor_id ? affiliatesRepo.codeOf(db, row.sponsor_id) : undefined,
  ]);
  return {
    affiliate_id: Number(row.affiliate_id),
    code: row.code,
    stake: fit(stake),
    partners,
    team: teamInfo.size,
    rank,
    referrer_code: sponsorCode ?? null,
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
    if (await affiliatesRepo.findByUser(trx, userId)) {
      throw new AppError('CONFLICT', 'You have already joined the affiliate programme.');
    }
    const user = await usersRepo.findById(trx, userId);
    if (!user) throw new AppError('SESSION_INVALID');
    const sponsorId = await sponsorOf(trx, userId, referralCode, user.referred_by);
    return affiliatesRepo.insert(trx, {
      user_id: userId,
      code: user.referral_code,
      sponsor_id: sponsorId,
      created_at: now,
    });
  });
  return profile(ctx.db, row);
}

/** The sponsor named by the code, or else the affiliate who referred the user at sign-up, if any. */
async function sponsorOf(
  db: Database,
  userId: bigint,
  referralCode: string | undefined,
  referredBy: bigint | null,
): Promise<bigint | null> {
  if (referralCode) {
    const sponsor = await affiliatesRepo.findByCode(db, referralCode.toUpperCase());
    if (!sponsor)
      throw badRequest('No affiliate has this referral code.', {
        referral_code: 'does not belong to an affiliate',
      });
    if (sponsor.user_id === userId)
      throw badRequest('You cannot use your own referral code.', { referral_code: 'is your own code' });
    return sponsor.affiliate_id;
  }
  if (!referredBy) return null;
  return (await affiliatesRepo.findByUser(db, referredBy))?.affiliate_id ?? null;
}

export async function lookupCode(db: Database, code: string) {
  const row = await affiliatesRepo.withNameByCode(db, code.toUpperCase());
  if (!row) throw notFound('No affiliate has this referral code.');
  return { referrer: { affiliate_id: Number(row.affiliate_id), name: maskName(row.name), code: row.code } };
}

export async function directs(db: Database, affiliateId: bigint) {
  const [rows, teams] = await Promise.all([
    affiliatesRepo.directsWithStake(db, affiliateId),
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
