import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assets')
    .addColumn('asset_id', 'serial', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('decimals', 'integer', (c) => c.notNull().check(sql`decimals between 0 and 8`))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('deposit_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('withdraw_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('withdraw_fee', 'bigint', (c) => c.notNull().check(sql`withdraw_fee >= 0`))
    .addColumn('min_withdraw', 'bigint', (c) => c.notNull().check(sql`min_withdraw > 0`))
    .addColumn('min_deposit', 'bigint', (c) => c.notNull().check(sql`min_deposit > 0`))
    .addColumn('confirmations', 'integer', (c) => c.notNull().check(sql`confirmations > 0`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Markets are traded in the trading module; the funds module reads their last price for USD values.
  await db.schema
    .createTable('markets')
    .addColumn('market_id', 'serial', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull().unique())
    .addColumn('base_asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('quote_asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('price_decimals', 'integer', (c) => c.notNull())
    .addColumn('amount_decimals', 'integer', (c) => c.notNull())
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('min_total', 'bigint', (c) => c.notNull())
    .addColumn('maker_fee', 'numeric(10, 6)', (c) => c.notNull())
    .addColumn('taker_fee', 'numeric(10, 6)', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('OPEN').check(sql`status in ('OPEN', 'HALTED')`),
    )
    /** Price of one whole base unit, in units of 10^-price_decimals of the quote asset. */
    .addColumn('last_price', 'bigint', (c) => c.notNull())
    .execute();

  // The ledger (DESIGN §4). A user account can never go below zero; system accounts can (an external
  // source of funds, such as the chain's deposits, is a negative balance that mirrors what came in).
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('account_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.references('users.user_id'))
    .addColumn('system_name', 'text')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('ledger_accounts_owner', sql`(user_id is null) <> (system_name is null)`)
    .addCheckConstraint(
      'ledger_accounts_user_kind',
      sql`user_id is null or kind in ('available', 'on_hold', 'locked', 'staked', 'affiliate_wallet')`,
    )
    .addCheckConstraint('ledger_accounts_user_not_negative', sql`user_id is null or balance >= 0`)
    .execute();
  await sql`create unique index ledger_accounts_user_key on ledger_accounts (user_id, asset_id, kind) where user_id is not null`.execute(
    db,
  );
  await sql`create unique index ledger_accounts_system_key on ledger_accounts (system_name, asset_id, kind) where system_name is not null`.execute(
    db,
  );

  await db.schema
    .createTable('journal_entries')
    .addColumn('entry_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', 'bigint')
    .addColumn('memo', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('postings')
    .addColumn('posting_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('journal_entries.entry_id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.account_id'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .execute();
  await db.schema.createIndex('postings_account_idx').on('postings').column('account_id').execute();
  await db.schema.createIndex('postings_entry_idx').on('postings').column('entry_id').execute();

  // Chains: one deposit address per user and network; the devnet chain's height per network.
  await db.schema
    .createTable('deposit_addresses')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('deposit_addresses_pk', ['user_id', 'network'])
    .execute();
  await db.schema
    .createTable('devnet_chain')
    .addColumn('network', 'text', (c) => c.primaryKey())
    .addColumn('height', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('deposit_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('vout', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('block_height', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'CREDITED')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('credited_at', 'timestamptz')
    .addUniqueConstraint('deposits_output_key', ['network', 'txid', 'vout'])
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('withdrawal_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('PENDING', 'BROADCAST', 'COMPLETED', 'REJECTED', 'CANCELLED')`),
    )
    .addColumn('txid', 'text')
    .addColumn('broadcast_height', 'bigint')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('withdrawals_status_idx')
    .on('withdrawals')
    .columns(['status', 'withdrawal_id'])
    .execute();

  await db.schema
    .createTable('transfers')
    .addColumn('transfer_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('from_user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('to_user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('transfers_not_to_self', sql`from_user_id <> to_user_id`)
    .execute();

  // What a user sees in an asset's history: one row per movement of theirs, whatever module made it.
  await db.schema
    .createTable('asset_transactions')
    .addColumn('tx_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('txid', 'text')
    .addColumn('note', 'text')
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('asset_transactions_user_idx')
    .on('asset_transactions')
    .columns(['user_id', 'asset_id', 'tx_id'])
    .execute();
  await db.schema
    .createIndex('asset_transactions_ref_idx')
    .on('asset_transactions')
    .columns(['ref_type', 'ref_id'])
    .execute();

  await db.schema
    .createTable('asset_notices')
    .addColumn('notice_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('deposit', 'withdraw')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Idempotency-Key (DESIGN §2): the first answer of a key, replayed to its repeats.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'route', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'asset_notices',
    'asset_transactions',
    'transfers',
    'withdrawals',
    'deposits',
    'devnet_chain',
    'deposit_addresses',
    'postings',
    'journal_entries',
    'ledger_accounts',
    'markets',
    'assets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
