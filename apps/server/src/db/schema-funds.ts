import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date, never>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export interface AssetsTable {
  asset_id: Generated<number>;
  symbol: string;
  name: string;
  decimals: number;
  network: string;
  deposit_enabled: Flag;
  withdraw_enabled: Flag;
  withdraw_fee: bigint;
  min_withdraw: bigint;
  min_deposit: bigint;
  confirmations: number;
  sort_order: ColumnType<number, number | undefined, number>;
}

export interface MarketsTable {
  market_id: Generated<number>;
  symbol: string;
  base_asset_id: number;
  quote_asset_id: number;
  price_decimals: number;
  amount_decimals: number;
  min_amount: bigint;
  min_total: bigint;
  /** NUMERIC fractions, read as strings ("0.001"). */
  maker_fee: string;
  taker_fee: string;
  status: ColumnType<'OPEN' | 'HALTED', 'OPEN' | 'HALTED' | undefined, 'OPEN' | 'HALTED'>;
  last_price: bigint;
  engine_sequence: ColumnType<bigint, bigint | undefined, bigint>;
}

export type UserAccountKind = 'available' | 'on_hold' | 'locked' | 'staked' | 'affiliate_wallet';

export interface LedgerAccountsTable {
  account_id: Generated<bigint>;
  user_id: bigint | null;
  system_name: string | null;
  asset_id: number;
  kind: string;
  balance: ColumnType<bigint, bigint | undefined, bigint>;
}

export interface JournalEntriesTable {
  entry_id: Generated<bigint>;
  kind: string;
  ref_type: string | null;
  ref_id: bigint | null;
  memo: string | null;
  created_at: CreatedAt;
}

export interface PostingsTable {
  posting_id: Generated<bigint>;
  entry_id: bigint;
  account_id: bigint;
  asset_id: number;
  amount: bigint;
}

export interface DepositAddressesTable {
  user_id: bigint;
  network: string;
  address: string;
  created_at: CreatedAt;
}

export interface DevnetChainTable {
  network: string;
  height: bigint;
}

export interface DepositsTable {
  deposit_id: Generated<bigint>;
  user_id: bigint;
  asset_id: number;
  network: string;
  txid: string;
  vout: number;
  address: string;
  amount: bigint;
  block_height: bigint;
  status: 'PENDING' | 'CREDITED';
  created_at: CreatedAt;
  credited_at: Date | null;
}

export type WithdrawalStatus = 'PENDING' | 'BROADCAST' | 'COMPLETED' | 'REJECTED' | 'CANCELLED';

export interface WithdrawalsTable {
  withdrawal_id: Generated<bigint>;
  user_id: bigint;
  asset_id: number;
  address: string;
  memo: string | null;
  amount: bigint;
  fee: bigint;
  status: WithdrawalStatus;
  txid: string | null;
  broadcast_height: bigint | null;
  reason: string | null;
  created_at: CreatedAt;
  updated_at: Date;
  /** US-dollar value in cents when asked (0 without a price): the 24-hour KYC limit sums it. */
  usd_cents: ColumnType<bigint, bigint | undefined, bigint>;
}

export interface TransfersTable {
  transfer_id: Generated<bigint>;
  from_user_id: bigint;
  to_user_id: bigint;
  asset_id: number;
  amount: bigint;
  note: string | null;
  created_at: CreatedAt;
}

export interface AssetTransactionsTable {
  tx_id: Generated<bigint>;
  user_id: bigint;
  asset_id: number;
  type: string;
  amount: bigint;
  fee: ColumnType<bigint, bigint | undefined, bigint>;
  status: string;
  address: string | null;
  txid: string | null;
  note: string | null;
  ref_type: string;
  ref_id: bigint;
  created_at: CreatedAt;
}

export interface AssetNoticesTable {
  notice_id: Generated<bigint>;
  asset_id: number;
  type: 'deposit' | 'withdraw';
  title: string;
  body: string;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  user_id: bigint;
  route: string;
  key: string;
  request_hash: string;
  response: unknown;
  created_at: CreatedAt;
}

export interface FundsTables {
  assets: AssetsTable;
  markets: MarketsTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  deposit_addresses: DepositAddressesTable;
  devnet_chain: DevnetChainTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  transfers: TransfersTable;
  asset_transactions: AssetTransactionsTable;
  asset_notices: AssetNoticesTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type AssetRow = Selectable<AssetsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type DepositRow = Selectable<DepositsTable>;
