import { type Kysely, sql } from 'kysely';

/**
 * Account security (issue 11):
 *   attempt_limits        one row per (bucket, key): the attempts of a guessable secret in the current
 *                         window, reserved by one atomic upsert before the secret is checked;
 *   users.totp_*          the authenticator app: the secret (encrypted), and the last time step used, so a
 *                         code is accepted once;
 *   recovery_codes        ten single-use codes, only their hashes;
 *   passkeys              WebAuthn credentials;
 *   auth_tokens           short-lived single-use secrets: sign-in challenges, WebAuthn challenges, passkey
 *                         step-up tokens, freeze links (only their hashes);
 *   withdrawal_addresses  the address book: confirmed by an emailed code, usable after a delay;
 *   users.*               whitelist-only, the cool-down after a security change, the freeze, the
 *                         anti-phishing phrase;
 *   withdrawals.usd_cents the US-dollar value of a withdrawal when it was asked, for the 24-hour limit;
 *   otps                  two new purposes: confirming a saved address, and a new email address;
 *   rate_events           gone: every limit is an attempt_limits row now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempt_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().check(sql`attempts >= 0`))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('attempt_limits_pk', ['bucket', 'key'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('whitelist_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('whitelist_off_at', 'timestamptz')
    .addColumn('cooldown_until', 'timestamptz')
    .addColumn('cooldown_reason', 'text')
    .addColumn('frozen_at', 'timestamptz')
    .addColumn('frozen_reason', 'text')
    .addColumn('anti_phishing_phrase', 'text')
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addUniqueConstraint('recovery_codes_user_hash_key', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('passkey_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    /** base64url, as WebAuthn names the credential. */
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    /** base64url of the COSE public key. */
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`purpose in ('SIGNIN_2FA', 'PASSKEY_REGISTER', 'PASSKEY_SIGNIN', 'PASSKEY_STEP_UP', 'STEP_UP', 'FREEZE')`,
        ),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.references('users.user_id'))
    /** The WebAuthn challenge the browser must sign (base64url), for the PASSKEY_* purposes. */
    .addColumn('webauthn_challenge', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    /** Where the flow began (device, ip), for the session it opens. */
    .addColumn('origin', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('withdrawal_addresses')
    .addColumn('address_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('usable_at', 'timestamptz')
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await sql`create unique index withdrawal_addresses_live_key on withdrawal_addresses
    (user_id, asset_id, address, coalesce(memo, '')) where removed_at is null`.execute(db);

  await sql`alter table otps drop constraint otps_purpose_check`.execute(db);
  await sql`alter table otps add constraint otps_purpose_check check (purpose in
    ('EMAIL_VERIFY', 'MOBILE_VERIFY', 'PASSWORD_RESET', 'TXN_PASSWORD', 'ADDRESS_CONFIRM', 'EMAIL_CHANGE'))`.execute(
    db,
  );

  await db.schema.dropTable('rate_events').execute();

  await db.schema
    .alterTable('withdrawals')
    .addColumn('usd_cents', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`usd_cents >= 0`))
    .execute();
  await db.schema
    .createIndex('withdrawals_user_created_idx')
    .on('withdrawals')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
  await db.schema.dropIndex('withdrawals_user_created_idx').execute();
  await db.schema.alterTable('withdrawals').dropColumn('usd_cents').execute();
  await sql`alter table otps drop constraint otps_purpose_check`.execute(db);
  await sql`alter table otps add constraint otps_purpose_check check (purpose in
    ('EMAIL_VERIFY', 'MOBILE_VERIFY', 'PASSWORD_RESET', 'TXN_PASSWORD'))`.execute(db);
  for (const table of [
    'withdrawal_addresses',
    'auth_tokens',
    'passkeys',
    'recovery_codes',
    'attempt_limits',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema
    .alterTable('users')
    .dropColumn('totp_secret')
    .dropColumn('totp_pending_secret')
    .dropColumn('totp_enabled_at')
    .dropColumn('totp_last_step')
    .dropColumn('whitelist_only')
    .dropColumn('whitelist_off_at')
    .dropColumn('cooldown_until')
    .dropColumn('cooldown_reason')
    .dropColumn('frozen_at')
    .dropColumn('frozen_reason')
    .dropColumn('anti_phishing_phrase')
    .execute();
}
