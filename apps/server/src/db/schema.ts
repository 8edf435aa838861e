import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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
  created_at: CreatedAt;
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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  outbox: OutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboxRow = Selectable<OutboxTable>;
