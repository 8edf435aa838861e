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
  /** An ERC-20 asset's token contract on its EVM network; null for the native coin and off EVM. */
  contract_address: string | null;
  /** The chain's decimals (18 for ether, the token's `decimals()`); the ledger keeps `decimals`. */
  chain_decimals: number | null;
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

/** Each network's height that deposits count confirmations from (a devnet's, or the EVM scanner's). */
export interface ChainHeightsTable {
  network: string;
  height: bigint;
}

/** The EVM blocks the scanner has read, to notice a reorganisation. */
export interface ChainBlocksTable {
  network: string;
  height: bigint;
  hash: string;
  parent_hash: string;
}

/** NUMERIC(78,0) chain amounts (wei) come back from the database as decimal strings. */
type ChainAmount = ColumnType<string, string | bigint, string | bigint>;

export type EvmTxStatus = 'PREPARED' | 'SENT' | 'CONFIRMED' | 'REVERTED' | 'REPLACED';

export interface EvmTransactionsTable {
  tx_id: Generated<bigint>;
  network: string;
  purpose: 'withdrawal' | 'sweep' | 'gas';
  withdrawal_id: bigint | null;
  asset_id: number;
  key_index: string;
  from_address: string;
  to_address: string;
  contract_address: string | null;
  amount_raw: ChainAmount;
  nonce: bigint;
  gas_limit: bigint;
  max_fee_per_gas: ChainAmount;
  max_priority_fee_per_gas: ChainAmount;
  status: EvmTxStatus;
  replaced_by: bigint | null;
  tx_hash: string | null;
  raw_tx: string | null;
  block_number: bigint | null;
  block_hash: string | null;
  succeeded: boolean | null;
  gas_used: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  effective_gas_price: ColumnType<string | null, string | bigint | null, string | bigint | null>;
  fee_units: bigint | null;
  sent_at: Date | null;
  created_at: CreatedAt;
  updated_at: Date;
}

export interface EvmNoncesTable {
  address: string;
  next_nonce: bigint;
}

export interface DepositsTable {
  deposit_id: Generated<bigint>;
  /** Null for the exchange's own funding of its hot wallet (booked to the treasury). */
  user_id: bigint | null;
  asset_id: number;
  network: string;
  txid: string;
  vout: number;
  address: string;
  amount: bigint;
  block_height: bigint;
  status: 'PENDING' | 'CREDITED' | 'ORPHANED';
  created_at: CreatedAt;
  credited_at: Date | null;
  /** EVM: the block it was read from, its amount in the chain's units, the sender, and the sweep. */
  block_hash: ColumnType<string | null, string | null | undefined, string | null>;
  raw_amount: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
  from_address: ColumnType<string | null, string | null | undefined, string | null>;
  sweep_tx_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export type WithdrawalStatus =
  | 'PENDING'
  | 'PROCESSING'
  | 'BROADCAST'
  | 'COMPLETED'
  | 'REJECTED'
  | 'CANCELLED'
  | 'FAILED';

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
  /** Why an approved withdrawal has not been sent yet (the hot wallet is short, say); null otherwise. */
  waiting_reason: ColumnType<string | null, string | null | undefined, string | null>;
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
  chain_heights: ChainHeightsTable;
  chain_blocks: ChainBlocksTable;
  evm_nonces: EvmNoncesTable;
  evm_transactions: EvmTransactionsTable;
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
export type EvmTransactionRow = Selectable<EvmTransactionsTable>;
