import type { ColumnType, Generated, Selectable } from 'kysely';

/** Account security (migration 2026112501_security). */
type Id = Generated<bigint>;
type CreatedAt = ColumnType<Date, Date, never>;

export interface AttemptLimitsTable {
  bucket: string;
  key: string;
  attempts: number;
  window_start: Date;
}

export interface RecoveryCodesTable {
  code_id: Id;
  user_id: bigint;
  code_hash: string;
  created_at: CreatedAt;
  used_at: Date | null;
}

export interface PasskeysTable {
  passkey_id: Id;
  user_id: bigint;
  credential_id: string;
  public_key: string;
  counter: ColumnType<bigint, bigint | undefined, bigint>;
  transports: ColumnType<string[], string | undefined, string>;
  name: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
}

export type AuthTokenPurpose =
  | 'SIGNIN_2FA'
  | 'PASSKEY_REGISTER'
  | 'PASSKEY_SIGNIN'
  | 'PASSKEY_STEP_UP'
  | 'STEP_UP'
  | 'FREEZE';

export interface AuthTokensTable {
  token_id: Id;
  purpose: AuthTokenPurpose;
  token_hash: string;
  user_id: bigint | null;
  webauthn_challenge: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  origin: ColumnType<{ device: string | null; ip: string } | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface WithdrawalAddressesTable {
  address_id: Id;
  user_id: bigint;
  asset_id: number;
  label: string;
  address: string;
  memo: string | null;
  created_at: CreatedAt;
  confirmed_at: Date | null;
  usable_at: Date | null;
  removed_at: Date | null;
}

export interface SecurityTables {
  attempt_limits: AttemptLimitsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  auth_tokens: AuthTokensTable;
  withdrawal_addresses: WithdrawalAddressesTable;
}

export type PasskeyRow = Selectable<PasskeysTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
export type WithdrawalAddressRow = Selectable<WithdrawalAddressesTable>;
