import { type Kysely, sql } from 'kysely';

/**
 * Operators with names (issue 14):
 *   operators             the exchange's staff: email, argon2 password, role, TOTP (sealed; required);
 *   operator_challenges   the sign-in's second step: a single-use challenge after the password;
 *   operator_sessions     8 hours at most, 30 minutes idle;
 *   operator_tokens       machine tokens, each acting as the operator who made it;
 *   ops_trail             every operator action and refusal, append-only (a trigger refuses UPDATE, DELETE
 *                         and TRUNCATE) and hash-chained: each row's hash covers the previous row's;
 *   ops_trail_head        the chain's last hash, locked by each append so rows chain one after another;
 *   withdrawal_approvals  four eyes: who approved a large withdrawal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('operator_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('admin', 'finance', 'compliance', 'support', 'market')`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_challenges')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.operator_id'))
    /** An enrolment's secret (sealed) until its first code confirms it. */
    .addColumn('pending_secret', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('session_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.operator_id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('operator_tokens')
    .addColumn('token_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.operator_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('ops_trail')
    .addColumn('entry_id', 'bigint', (c) => c.primaryKey())
    .addColumn('operator_id', 'bigint')
    .addColumn('operator_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('done', 'refused')`))
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await sql`create index ops_trail_operator_idx on ops_trail (operator_id, entry_id)`.execute(db);
  await sql`create index ops_trail_action_idx on ops_trail (action, entry_id)`.execute(db);
  await sql`create index ops_trail_target_idx on ops_trail (target, entry_id)`.execute(db);
  await sql`create function ops_trail_append_only() returns trigger language plpgsql as $$
    begin raise exception 'the operators'' trail is append-only'; end $$`.execute(db);
  await sql`create trigger ops_trail_no_change before update or delete on ops_trail
    for each row execute function ops_trail_append_only()`.execute(db);
  await sql`create trigger ops_trail_no_truncate before truncate on ops_trail
    for each statement execute function ops_trail_append_only()`.execute(db);

  await db.schema
    .createTable('ops_trail_head')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('entry_id', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into ops_trail_head (id, entry_id, hash) values (1, 0, ${'0'.repeat(64)})`.execute(db);

  await db.schema
    .createTable('withdrawal_approvals')
    .addColumn('withdrawal_id', 'bigint', (c) => c.notNull().references('withdrawals.withdrawal_id'))
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.operator_id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('withdrawal_approvals_pk', ['withdrawal_id', 'operator_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'withdrawal_approvals',
    'ops_trail_head',
    'ops_trail',
    'operator_tokens',
    'operator_sessions',
    'operator_challenges',
    'operators',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function ops_trail_append_only()`.execute(db);
}
