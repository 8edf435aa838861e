import { type Kysely, sql } from 'kysely';

/**
 * Several server processes on one PostgreSQL (DESIGN §1). Each market's engine runs in the one process
 * holding its advisory lock; the others follow it:
 *   market_batches     every committed batch's commands, in engine sequence — a follower applies them to
 *                      its copy of the book (the engine is deterministic: same commands, same book) and
 *                      reads its trades, levels and candles from the result;
 *   orders.cancel_requested  a cancel asked of a process that does not run the market, for the one that does.
 * Orders placed in a follower reach the owner as pending orders, as after a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_batches')
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
    /** The engine sequence before and after the batch. */
    .addColumn('from_sequence', 'bigint', (c) => c.notNull())
    .addColumn('sequence', 'bigint', (c) => c.notNull())
    /** The commands in the order the engine ran them, and the ids the batch gave its trades. */
    .addColumn('commands', 'jsonb', (c) => c.notNull())
    /** As decimal strings: JSON has no 64-bit integers. */
    .addColumn('trade_ids', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_batches_pk', ['market_id', 'sequence'])
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('cancel_requested', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index orders_cancel_requested_idx on orders (market_id)
    where cancel_requested and status in ('NEW', 'PARTIAL')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('cancel_requested').execute();
  await db.schema.dropTable('market_batches').execute();
}
