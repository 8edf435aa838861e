import type { ColumnType, Generated, Selectable } from 'kysely';

/** Operators, their sessions and tokens, the trail, four eyes (migration 2026112602_operators). */
type Id = Generated<bigint>;
type CreatedAt = ColumnType<Date, Date, never>;

export type OperatorRoleName = 'admin' | 'finance' | 'compliance' | 'support' | 'market';

export interface OperatorsTable {
  operator_id: Id;
  email: string;
  name: string;
  role: OperatorRoleName;
  password_hash: string;
  /** The authenticator's secret, sealed with SECRETS_KEY; null until enrolled at the first sign-in. */
  totp_secret: string | null;
  totp_last_step: bigint | null;
  disabled_at: Date | null;
  created_by: bigint | null;
  created_at: CreatedAt;
}

export interface OperatorChallengesTable {
  challenge_hash: string;
  operator_id: bigint;
  pending_secret: string | null;
  expires_at: Date;
  used_at: Date | null;
}

export interface OperatorSessionsTable {
  session_id: Id;
  operator_id: bigint;
  token_hash: string;
  ip: string | null;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface OperatorTokensTable {
  token_id: Id;
  operator_id: bigint;
  name: string;
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface OpsTrailTable {
  entry_id: bigint;
  operator_id: bigint | null;
  operator_email: string | null;
  action: string;
  target: string | null;
  outcome: 'done' | 'refused';
  detail: ColumnType<Record<string, unknown>, string, never>;
  ip: string | null;
  created_at: CreatedAt;
  prev_hash: string;
  hash: string;
}

export interface OpsTrailHeadTable {
  id: number;
  entry_id: bigint;
  hash: string;
}

export interface WithdrawalApprovalsTable {
  withdrawal_id: bigint;
  operator_id: bigint;
  created_at: CreatedAt;
}

export interface OperatorTables {
  operators: OperatorsTable;
  operator_challenges: OperatorChallengesTable;
  operator_sessions: OperatorSessionsTable;
  operator_tokens: OperatorTokensTable;
  ops_trail: OpsTrailTable;
  ops_trail_head: OpsTrailHeadTable;
  withdrawal_approvals: WithdrawalApprovalsTable;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type TrailRow = Selectable<OpsTrailTable>;
