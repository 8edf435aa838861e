import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('user_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('country_code', 'char(2)', (c) => c.notNull())
    .addColumn('is_email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_mobile_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('txn_password_hash', 'text')
    .addColumn('kyc_status', 'text', (c) =>
      c.notNull().defaultTo('NONE').check(sql`kyc_status in ('NONE', 'PENDING', 'APPROVED', 'REJECTED')`),
    )
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_key').unique().on('users').column('email').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('session_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('device', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('message_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('otp', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('outbox_recipient_idx')
    .on('outbox')
    .columns(['recipient', 'message_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
