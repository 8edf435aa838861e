import type { ColumnType } from 'kysely';

/**
 * Proof of reserves (migration 2026112801_reserves): rows are written once and never changed (a trigger
 * refuses UPDATE and DELETE). The arrays are read through `to_json(…::text[])` in reserves.repository.ts,
 * so BIGINT and NUMERIC elements arrive as exact strings on PGlite and node-postgres alike.
 */
type Never<T> = ColumnType<T, T, never>;

export interface ReserveSnapshotsTable {
  snapshot_id: ColumnType<bigint, bigint | undefined, never>;
  taken_at: Never<Date>;
  ledger_point: Never<bigint>;
  assets: Never<string[]>;
  decimals: Never<number[]>;
  root_hash: Never<string>;
  /** NUMERIC(78,0)[]: the sum per asset in base units. */
  root_sums: Never<string[]>;
  user_count: Never<number>;
  /** Who took it; null: the schedule. */
  operator_id: Never<bigint | null>;
}

export interface ReserveLeavesTable {
  snapshot_id: Never<bigint>;
  leaf_index: Never<number>;
  user_id: Never<bigint>;
  salt: Never<string>;
  balances: Never<string[]>;
}

export interface ReserveHoldingsTable {
  snapshot_id: Never<bigint>;
  asset: Never<string>;
  network: Never<string>;
  chain_id: Never<number>;
  chain_decimals: Never<number>;
  block_number: Never<bigint>;
  address: Never<string>;
  kind: Never<'hot' | 'deposit'>;
  /** NUMERIC(78,0): chain units (wei), read as a string. */
  balance: Never<string>;
  message: Never<string>;
  signature: Never<string>;
}

export interface ReservesTables {
  reserve_snapshots: ReserveSnapshotsTable;
  reserve_leaves: ReserveLeavesTable;
  reserve_holdings: ReserveHoldingsTable;
}
