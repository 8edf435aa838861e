import { z } from 'zod';
import { ZReferralCode } from './auth.ts';
import { ZEpochSeconds, ZFlag } from './common.ts';
import { ZAmount, ZMoney } from './money.ts';

export const ZAffiliate = z.object({
  affiliate_id: z.number().int().positive(),
  code: z.string(),
  /** Total active stake, FIT24. */
  stake: ZMoney,
  partners: z.number().int().nonnegative(),
  team: z.number().int().nonnegative(),
  rank: z.string().nullable(),
  referrer_code: z.string().nullable(),
  creation_date: ZEpochSeconds,
});
export type TAffiliate = z.infer<typeof ZAffiliate>;
export const ZAffiliateData = z.object({ affiliate: ZAffiliate });
export const ZAffiliateRegisterBody = z.object({ referral_code: ZReferralCode.optional() }).strict();

export const ZAffiliateCodeData = z.object({
  referrer: z.object({ affiliate_id: z.number().int(), name: z.string(), code: z.string() }),
});

export const ZIncome = z.object({
  total_income: ZMoney,
  today: ZMoney,
  this_week: ZMoney,
  staking: ZMoney,
  level: ZMoney,
  rank: ZMoney,
  offer: ZMoney,
});
export const ZIncomeData = z.object({ income: ZIncome });

export const ZAffiliateWalletData = z.object({
  wallet: z.object({ balance: ZMoney, total_claimed: ZMoney, min_claim: ZMoney }),
});

export const ZDirect = z.object({
  affiliate_id: z.number().int(),
  name: z.string(),
  stake: ZMoney,
  team: z.number().int().nonnegative(),
  creation_date: ZEpochSeconds,
});
export const ZDirectsData = z.object({ directs: z.array(ZDirect) });

export const ZLevelBusinessData = z.object({
  levels: z.array(
    z.object({
      level: z.number().int().positive(),
      members: z.number().int().nonnegative(),
      business: ZMoney,
    }),
  ),
});

/**
 * The programme's numbers, as the server applies them (its operator configuration): the screens show
 * these rather than a copy of their own.
 */
export const ZProgramme = z.object({
  /** Percent a day of an unboosted stake, e.g. "0.30". */
  yield_percent: z.string(),
  /** Percent a day once boosted, e.g. "0.60". */
  boosted_yield_percent: z.string(),
  /** FIT24. */
  min_stake: ZMoney,
  /** FIT24. */
  min_claim: ZMoney,
  /** Seconds after a stake's start_date during which its boost target is `target_multiplier` × amount. */
  boost_window_seconds: z.number().int().positive(),
  target_multiplier: z.number().int().positive(),
  /** The boost target's multiplier once the window has ended. */
  target_multiplier_after_window: z.number().int().positive(),
  /** Level income of uplines 1, 2, …: percents of each daily reward, e.g. ["10", "5", "3", "2", "1"]. */
  level_income_percent: z.array(z.string()),
  /** The weekly surge when the operator sets none, e.g. "1.0". */
  default_surge: z.string(),
});
export type TProgramme = z.infer<typeof ZProgramme>;
export const ZProgrammeData = z.object({ programme: ZProgramme });

export const ZStakeSource = z.enum(['AVAILABLE', 'LOCKED', 'WALLET']);
export const ZStake = z.object({
  stake_id: z.number().int().positive(),
  amount: ZMoney,
  /** Epoch seconds; the boost window ends 1,296,000 s after it. */
  start_date: ZEpochSeconds,
  boost_progress: ZMoney,
  is_boosted: ZFlag,
  creation_date: ZEpochSeconds,
  /** Percent a day, e.g. "0.3". */
  yield: z.string(),
  source: ZStakeSource,
});
export type TStake = z.infer<typeof ZStake>;
export const ZStakesData = z.object({ stakes: z.array(ZStake) });
export const ZStakeBody = z.object({ amount: ZAmount }).strict();
export const ZStakeData = z.object({ stake: ZStake });

export const ZSurgeData = z.object({
  surge: z.object({ surge: z.number(), week_start: z.string(), week_end: z.string() }),
});

export const ZAffiliateTxType = z.enum(['REWARD', 'STAKE', 'WITHDRAWAL']);
export const ZAffiliateTransaction = z.object({
  tx_id: z.number().int().positive(),
  tx_type: ZAffiliateTxType,
  note: z.string(),
  amount: ZMoney,
  creation_date: ZEpochSeconds,
});
export type TAffiliateTransaction = z.infer<typeof ZAffiliateTransaction>;
export const ZAffiliateTransactionsData = z.object({ transactions: z.array(ZAffiliateTransaction) });

export const ZRank = z.object({
  rank_id: z.number().int().positive(),
  name: z.string(),
  required_business: ZMoney,
  required_directs: z.number().int().nonnegative(),
  reward: ZMoney,
  achieved: ZFlag,
});
export const ZRanksData = z.object({
  ranks: z.array(ZRank),
  current_rank_id: z.number().int().nullable(),
  /** The caller's own progress, for the ladder. */
  business: ZMoney,
  directs: z.number().int().nonnegative(),
});

export const ZOffer = z.object({
  offer_id: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  start_date: ZEpochSeconds,
  end_date: ZEpochSeconds,
  min_stake: ZMoney,
  bonus_percent: z.string(),
  joined: ZFlag,
});
export const ZOffersData = z.object({ offers: z.array(ZOffer) });

export const ZClaimBody = z.object({ amount: ZAmount.optional() }).strict();
export const ZClaimData = z.object({ claim: z.object({ amount: ZMoney, creation_date: ZEpochSeconds }) });

// ── Operator calls ──────────────────────────────────────────────────────────
const ZDay = z.iso.date('must be a date as YYYY-MM-DD');
export const ZPoolFundBody = z.object({ amount: ZAmount }).strict();
export const ZPoolData = z.object({ pool: z.object({ balance: ZMoney }) });
export const ZSurgeBody = z
  .object({
    week_start: ZDay,
    surge: z
      .number()
      .min(0)
      .max(10)
      .refine((n) => Math.round(n * 10) === n * 10, 'must have at most one decimal'),
  })
  .strict();
export const ZRewardsRunBody = z.object({ date: ZDay.optional() }).strict();
export const ZRewardsRunData = z.object({
  run: z.object({
    date: z.string(),
    status: z.enum(['PAID', 'ALREADY_PAID', 'SKIPPED_POOL_SHORT']),
    stakes: z.number().int().nonnegative(),
    total: ZMoney,
    pool_balance: ZMoney,
  }),
});
export const ZRankBody = z
  .object({
    name: z.string().trim().min(1).max(60),
    required_business: ZAmount,
    required_directs: z.number().int().min(0).max(10_000),
    reward: ZAmount,
  })
  .strict();
export const ZRankData = z.object({ rank: ZRank.omit({ achieved: true }) });
export const ZOfferBody = z
  .object({
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).default(''),
    start_date: z.number().int().nonnegative(),
    end_date: z.number().int().positive(),
    min_stake: ZAmount,
    bonus_percent: ZAmount,
  })
  .strict()
  .refine((o) => o.end_date > o.start_date, { message: 'must be after start_date', path: ['end_date'] });
export const ZOfferData = z.object({ offer: ZOffer.omit({ joined: true }) });
