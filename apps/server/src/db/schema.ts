import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AffiliateTables } from './schema-affiliate.ts';
import type { ApiKeyTables } from './schema-api-keys.ts';
import type { FundsTables } from './schema-funds.ts';
import type { OperatorTables } from './schema-operators.ts';
import type { ReservesTables } from './schema-reserves.ts';
import type { SecurityTables } from './schema-security.ts';
import type { SettingsTables } from './schema-settings.ts';
import type { TradingTables } from './schema-trading.ts';

/** BIGSERIAL ids come back as bigint; rows are mapped to numbers at the API edge. */
type Id = Generated<bigint>;
type CreatedAt = ColumnType<Date, Date, never>;

export interface UsersTable {
  user_id: Id;
  name: string;
  email: string;
  password_hash: string;
  mobile: string;
  country_code: string;
  is_email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  is_mobile_verified: ColumnType<boolean, boolean | undefined, boolean>;
  txn_password_hash: string | null;
  kyc_status: ColumnType<string, string | undefined, string>;
  referral_code: string;
  referred_by: bigint | null;
  created_at: CreatedAt;
  /** The authenticator app's secret, encrypted (security/crypto.ts); null while TOTP is off. */
  totp_secret: string | null;
  /** A secret being enrolled, until the first code confirms it. */
  totp_pending_secret: string | null;
  totp_enabled_at: Date | null;
  /** The last TOTP time step accepted: a code is accepted once. */
  totp_last_step: bigint | null;
  whitelist_only: ColumnType<boolean, boolean | undefined, boolean>;
  /** Whitelist-only was turned off at this time; it holds until the address delay has passed. */
  whitelist_off_at: Date | null;
  /** Withdrawals and transfers pause until then after a security change. */
  cooldown_until: Date | null;
  cooldown_reason: string | null;
  frozen_at: Date | null;
  frozen_reason: string | null;
  anti_phishing_phrase: string | null;
}

export interface SessionsTable {
  session_id: Id;
  user_id: bigint;
  token_hash: string;
  device: string | null;
  ip: string | null;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface OutboxTable {
  message_id: Id;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  otp: string | null;
  created_at: CreatedAt;
}

export type OtpPurpose =
  | 'EMAIL_VERIFY'
  | 'MOBILE_VERIFY'
  | 'PASSWORD_RESET'
  | 'TXN_PASSWORD'
  | 'ADDRESS_CONFIRM'
  | 'EMAIL_CHANGE';

export interface OtpsTable {
  otp_id: Id;
  user_id: bigint;
  purpose: OtpPurpose;
  target: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface FilesTable {
  file_id: Id;
  user_id: bigint;
  original_name: string;
  stored_name: string;
  mime: string;
  size: number;
  sha256: string;
  created_at: CreatedAt;
}

export interface KycSubmissionsTable {
  kyc_id: Id;
  user_id: bigint;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  first_name: string;
  last_name: string;
  /** A DATE column, read and written as 'YYYY-MM-DD' text (see db/types.ts). */
  date_of_birth: string;
  address: string;
  city: string;
  postal_code: string;
  country_code: string;
  id_type: 'PASSPORT' | 'NATIONAL_ID' | 'DRIVING_LICENCE';
  id_number: string;
  id_front_file_id: bigint;
  id_back_file_id: bigint | null;
  selfie_file_id: bigint;
  reason: string | null;
  created_at: CreatedAt;
  decided_at: Date | null;
}

export interface BanksTable {
  bank_id: Id;
  user_id: bigint;
  account_holder: string;
  bank_name: string;
  account_number: string;
  swift_code: string | null;
  ifsc_code: string | null;
  country_code: string;
  created_at: CreatedAt;
}

export interface BannersTable {
  banner_id: Id;
  title: string;
  image_url: string;
  link: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface DeviceReferralsTable {
  device_uuid: string;
  code: string;
  created_at: Date;
}

export interface NotificationsTable {
  notification_id: Id;
  user_id: bigint;
  type: string;
  title: string;
  body: string;
  /** The app's page it is about (migration 2026112715_notification_links); null on older rows. */
  link: ColumnType<string | null, string | null | undefined, string | null>;
  is_read: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface DB
  extends FundsTables,
    AffiliateTables,
    TradingTables,
    SecurityTables,
    OperatorTables,
    ReservesTables,
    SettingsTables,
    ApiKeyTables {
  users: UsersTable;
  sessions: SessionsTable;
  outbox: OutboxTable;
  otps: OtpsTable;
  files: FilesTable;
  kyc_submissions: KycSubmissionsTable;
  banks: BanksTable;
  banners: BannersTable;
  device_referrals: DeviceReferralsTable;
  notifications: NotificationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type OtpRow = Selectable<OtpsTable>;
export type FileRow = Selectable<FilesTable>;
export type KycRow = Selectable<KycSubmissionsTable>;
export type BankRow = Selectable<BanksTable>;
export type BannerRow = Selectable<BannersTable>;
