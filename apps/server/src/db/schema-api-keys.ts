import type { ColumnType, Selectable } from 'kysely';

/** Personal API keys (migration 2026112901_api_keys). */
export interface ApiKeysTable {
  api_key_id: ColumnType<bigint, bigint | undefined, never>;
  public_id: ColumnType<string, string, never>;
  user_id: ColumnType<bigint, bigint, never>;
  label: ColumnType<string, string, never>;
  scopes: ColumnType<string[], string[], never>;
  ip_allowlist: ColumnType<string[], string[], never>;
  /** The HMAC secret sealed with SECRETS_KEY (`crypto.seal`). */
  secret_sealed: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date | null, Date | null, never>;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date>;
}

/** A key's rate windows (migration 2026113011_api_key_rates, unlogged): when each began, the calls in it. */
export interface ApiKeyRatesTable {
  api_key_id: bigint;
  second_start: Date;
  second_count: number;
  minute_start: Date;
  minute_count: number;
  /** Calls the last admitting statement counted on this key (`admitCalls`). */
  granted: number;
}

export interface ApiKeyNoncesTable {
  api_key_id: bigint;
  signature: string;
  used_at: Date;
}

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
  api_key_nonces: ApiKeyNoncesTable;
  api_key_rates: ApiKeyRatesTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ApiKeyRatesRow = Selectable<ApiKeyRatesTable>;
