import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('referred_by', 'bigint', (c) => c.references('users.user_id'))
    .execute();

  // One-time codes: only a hash is kept; `target` is the email or mobile number the code was sent to.
  await db.schema
    .createTable('otps')
    .addColumn('otp_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('EMAIL_VERIFY', 'MOBILE_VERIFY', 'PASSWORD_RESET', 'TXN_PASSWORD')`),
    )
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('otps_user_purpose_idx')
    .on('otps')
    .columns(['user_id', 'purpose', 'otp_id'])
    .execute();

  // Rate limiting and brute-force protection: one row per counted event, per bucket and key.
  await db.schema
    .createTable('rate_events')
    .addColumn('event_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_events_lookup_idx')
    .on('rate_events')
    .columns(['bucket', 'key', 'created_at'])
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('file_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('kyc_submissions')
    .addColumn('kyc_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'APPROVED', 'REJECTED')`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'date', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country_code', 'char(2)', (c) => c.notNull())
    .addColumn('id_type', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('id_front_file_id', 'bigint', (c) => c.notNull().references('files.file_id'))
    .addColumn('id_back_file_id', 'bigint', (c) => c.references('files.file_id'))
    .addColumn('selfie_file_id', 'bigint', (c) => c.notNull().references('files.file_id'))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .execute();
  // At most one submission waiting for a decision per user.
  await sql`create unique index kyc_one_pending_idx on kyc_submissions (user_id) where status = 'PENDING'`.execute(
    db,
  );

  await db.schema
    .createTable('banks')
    .addColumn('bank_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('account_holder', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('swift_code', 'text')
    .addColumn('ifsc_code', 'text')
    .addColumn('country_code', 'char(2)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('banks_user_account_key', ['user_id', 'account_number'])
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('banner_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_referrals')
    .addColumn('device_uuid', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('notification_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'notification_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notifications',
    'device_referrals',
    'banners',
    'banks',
    'kyc_submissions',
    'files',
    'rate_events',
    'otps',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('referred_by').execute();
}
