import { type Kysely, sql } from 'kysely';

/**
 * Custody on a real EVM chain (issue 13):
 *   chain_heights      was devnet_chain: the height each network's deposits count confirmations from — a
 *                      devnet's simulated height, or the last block the EVM scanner has read;
 *   chain_blocks       the EVM blocks the scanner has read, by hash: a block whose hash changes at a height
 *                      is a reorganisation, and what came from the old blocks is dropped before it counts;
 *   deposits           a deposit may be the exchange's own (user_id null: funding of the hot wallet, booked
 *                      to the treasury), may leave the chain (ORPHANED), and on an EVM chain keeps its block
 *                      hash, its amount in the chain's units (wei, NUMERIC: a uint256 does not fit BIGINT;
 *                      the ledger keeps the asset's units) and the sweep that moved it to the hot wallet;
 *   withdrawals        PROCESSING (approved, waiting to be signed and sent, or for the hot wallet) and
 *                      FAILED (reverted on chain, funds returned); why one is waiting;
 *   assets             the token contract of an ERC-20 asset and the chain's decimals;
 *   evm_nonces         the next nonce of each address the exchange sends from, taken by one atomic update;
 *   evm_transactions   every transaction the exchange signs (withdrawals, sweeps, gas for sweeps), each
 *                      attempt of a nonce its own row (a replacement is a new row with the same nonce).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table devnet_chain rename to chain_heights`.execute(db);
  await sql`alter table chain_heights rename constraint devnet_chain_pkey to chain_heights_pkey`.execute(db);

  await db.schema
    .createTable('chain_blocks')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('height', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('parent_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_blocks_pk', ['network', 'height'])
    .execute();

  await sql`alter table deposits alter column user_id drop not null`.execute(db);
  await sql`alter table deposits drop constraint deposits_status_check`.execute(db);
  await sql`alter table deposits add constraint deposits_status_check
    check (status in ('PENDING', 'CREDITED', 'ORPHANED'))`.execute(db);
  // A transfer dropped by a reorganisation may come back in another block: only live rows are unique.
  await sql`alter table deposits drop constraint deposits_output_key`.execute(db);
  await sql`create unique index deposits_output_key on deposits (network, txid, vout)
    where status <> 'ORPHANED'`.execute(db);
  await db.schema
    .alterTable('deposits')
    .addColumn('block_hash', 'text')
    .addColumn('raw_amount', sql`numeric(78, 0)`)
    .addColumn('from_address', 'text')
    .addColumn('sweep_tx_id', 'bigint')
    .execute();
  // The scanner looks addresses up as the chain writes them (any case).
  await sql`create index deposit_addresses_lower_idx on deposit_addresses (network, lower(address))`.execute(
    db,
  );
  await sql`create index deposits_pending_idx on deposits (network, block_height) where status = 'PENDING'`.execute(
    db,
  );

  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check check (status in
    ('PENDING', 'PROCESSING', 'BROADCAST', 'COMPLETED', 'REJECTED', 'CANCELLED', 'FAILED'))`.execute(db);
  await db.schema.alterTable('withdrawals').addColumn('waiting_reason', 'text').execute();

  await db.schema
    .alterTable('assets')
    .addColumn('contract_address', 'text')
    .addColumn('chain_decimals', 'integer')
    .execute();

  await db.schema
    .createTable('evm_nonces')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('next_nonce', 'bigint', (c) => c.notNull().check(sql`next_nonce >= 0`))
    .execute();

  await db.schema
    .createTable('evm_transactions')
    .addColumn('tx_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('withdrawal', 'sweep', 'gas')`))
    .addColumn('withdrawal_id', 'bigint', (c) => c.references('withdrawals.withdrawal_id'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    // The key that signs: 'hot', or the user id whose deposit address sends (a sweep).
    .addColumn('key_index', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('contract_address', 'text')
    .addColumn('amount_raw', sql`numeric(78, 0)`, (c) => c.notNull().check(sql`amount_raw >= 0`))
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('gas_limit', 'bigint', (c) => c.notNull())
    .addColumn('max_fee_per_gas', sql`numeric(78, 0)`, (c) => c.notNull())
    .addColumn('max_priority_fee_per_gas', sql`numeric(78, 0)`, (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('PREPARED', 'SENT', 'CONFIRMED', 'REVERTED', 'REPLACED')`),
    )
    .addColumn('replaced_by', 'bigint')
    .addColumn('tx_hash', 'text', (c) => c.unique())
    .addColumn('raw_tx', 'text')
    .addColumn('block_number', 'bigint')
    .addColumn('block_hash', 'text')
    .addColumn('succeeded', 'boolean')
    .addColumn('gas_used', sql`numeric(78, 0)`)
    .addColumn('effective_gas_price', sql`numeric(78, 0)`)
    .addColumn('fee_units', 'bigint')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One attempt of a nonce ends up final: two rows of one (address, nonce) cannot both count.
  await sql`create unique index evm_transactions_final_key on evm_transactions (from_address, nonce)
    where status in ('CONFIRMED', 'REVERTED')`.execute(db);
  await sql`create index evm_transactions_open_idx on evm_transactions (status, tx_id)
    where status in ('PREPARED', 'SENT')`.execute(db);
  await sql`create unique index evm_transactions_withdrawal_open_key on evm_transactions (withdrawal_id)
    where withdrawal_id is not null and status = 'PREPARED'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['evm_transactions', 'evm_nonces', 'chain_blocks']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`alter table chain_heights rename to devnet_chain`.execute(db);
}
