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
  /** The key's rate windows (migration 2026113011_api_key_rates): when each began and the calls in it. */
  rate_second_start: ColumnType<Date | null, never, Date>;
  rate_second_count: ColumnType<number, never, number>;
  rate_minute_start: ColumnType<Date | null, never, Date>;
  rate_minute_count: ColumnType<number, never, number>;
}

export interface ApiKeyNoncesTable {
  api_key_id: bigint;
  signature: string;
  used_at: Date;
}

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
  api_key_nonces: ApiKeyNoncesTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
