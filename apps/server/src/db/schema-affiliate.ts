import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date, never>;

export interface AffiliatesTable {
  affiliate_id: Generated<bigint>;
  user_id: bigint;
  code: string;
  sponsor_id: bigint | null;
  created_at: CreatedAt;
}

export type StakeSource = 'AVAILABLE' | 'LOCKED' | 'WALLET';

export interface StakesTable {
  stake_id: Generated<bigint>;
  affiliate_id: bigint;
  amount: bigint;
  source: StakeSource;
  start_date: Date;
  boost_progress: ColumnType<bigint, bigint | undefined, bigint>;
  is_boosted: ColumnType<boolean, boolean | undefined, boolean>;
  boosted_at: Date | null;
  created_at: CreatedAt;
}

export type AffiliateTxSource = 'STAKING' | 'LEVEL' | 'RANK' | 'OFFER' | 'STAKE' | 'CLAIM';

export interface AffiliateTransactionsTable {
  tx_id: Generated<bigint>;
  affiliate_id: bigint;
  tx_type: 'REWARD' | 'STAKE' | 'WITHDRAWAL';
  source: AffiliateTxSource;
  amount: bigint;
  note: string;
  /** 'YYYY-MM-DD' of the daily run that paid it, for daily rewards. */
  reward_day: string | null;
  created_at: CreatedAt;
}

export interface RewardRunsTable {
  day: string;
  status: 'PAID' | 'SKIPPED_POOL_SHORT';
  stakes: number;
  total: bigint;
  created_at: Date;
}

export interface SurgesTable {
  week_start: string;
  /** NUMERIC(4,1), read as a string ("1.5"). */
  surge: string;
}

export interface RanksTable {
  rank_id: Generated<number>;
  name: string;
  required_business: bigint;
  required_directs: number;
  reward: bigint;
}

export interface AffiliateRanksTable {
  affiliate_id: bigint;
  rank_id: number;
  achieved_at: Date;
}

export interface OffersTable {
  offer_id: Generated<number>;
  title: string;
  description: string;
  start_date: Date;
  end_date: Date;
  min_stake: bigint;
  bonus_percent: string;
}

export interface OfferBonusesTable {
  offer_id: number;
  stake_id: bigint;
  affiliate_id: bigint;
  amount: bigint;
}

export interface AffiliateTables {
  affiliates: AffiliatesTable;
  stakes: StakesTable;
  affiliate_transactions: AffiliateTransactionsTable;
  reward_runs: RewardRunsTable;
  surges: SurgesTable;
  ranks: RanksTable;
  affiliate_ranks: AffiliateRanksTable;
  offers: OffersTable;
  offer_bonuses: OfferBonusesTable;
}

export type AffiliateRow = Selectable<AffiliatesTable>;
export type StakeRow = Selectable<StakesTable>;
