import { type Kysely, sql } from 'kysely';

/**
 * Trading (DESIGN §3 "Markets and orders", §5). Units, per market:
 *   price   TICKS  = 10^-price_decimals quote per one whole base unit
 *   amount  LOTS   = 10^-amount_decimals base
 *   money   base units of the asset (quote for totals and buy holds, base for sell holds)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The engine's last event sequence, so a restart continues the numbering of the book's updates.
  await db.schema
    .alterTable('markets')
    .addColumn('engine_sequence', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('order_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('BUY', 'SELL')`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('LIMIT', 'MARKET')`))
    .addColumn('price', 'bigint', (c) => c.check(sql`price > 0`))
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount > 0`))
    .addColumn('total', 'bigint', (c) => c.check(sql`total > 0`))
    .addColumn('time_in_force', 'text', (c) => c.notNull().check(sql`time_in_force in ('GTC', 'IOC', 'FOK')`))
    .addColumn('post_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('NEW', 'PARTIAL', 'FILLED', 'CANCELLED', 'REJECTED')`),
    )
    // Held, not yet seen by the market's engine: a restart replays these after rebuilding the book.
    .addColumn('pending', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('filled', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`filled >= 0`))
    .addColumn('filled_quote', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`filled_quote >= 0`))
    .addColumn('hold_asset_id', 'integer', (c) => c.notNull().references('assets.asset_id'))
    .addColumn('hold_remaining', 'bigint', (c) => c.notNull().check(sql`hold_remaining >= 0`))
    .addColumn('cancel_reason', 'text')
    // Engine sequence of the RESTED event: the FIFO key that rebuilds each price level in time priority.
    .addColumn('rest_seq', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'orders_shape',
      sql`(type = 'LIMIT' and price is not null and amount is not null and total is null)
        or (type = 'MARKET' and price is null and side = 'BUY' and total is not null and amount is null)
        or (type = 'MARKET' and price is null and side = 'SELL' and amount is not null and total is null)`,
    )
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'order_id']).execute();
  await sql`create index orders_open_idx on orders (market_id, rest_seq) where status in ('NEW', 'PARTIAL')`.execute(
    db,
  );

  await db.schema
    .createTable('trades')
    .addColumn('trade_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    /** price × amount in base units of the quote asset. */
    .addColumn('quote', 'bigint', (c) => c.notNull().check(sql`quote > 0`))
    .addColumn('taker_side', 'text', (c) => c.notNull().check(sql`taker_side in ('BUY', 'SELL')`))
    .addColumn('maker_order_id', 'bigint', (c) => c.notNull().references('orders.order_id'))
    .addColumn('taker_order_id', 'bigint', (c) => c.notNull().references('orders.order_id'))
    .addColumn('maker_user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('taker_user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    /** Each fee is in the asset its payer receives: base for the buyer, quote for the seller. */
    .addColumn('maker_fee', 'bigint', (c) => c.notNull().check(sql`maker_fee >= 0`))
    .addColumn('taker_fee', 'bigint', (c) => c.notNull().check(sql`taker_fee >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('trades_pair_key', ['taker_order_id', 'maker_order_id'])
    .execute();
  await db.schema.createIndex('trades_market_idx').on('trades').columns(['market_id', 'trade_id']).execute();
  await db.schema.createIndex('trades_time_idx').on('trades').columns(['market_id', 'created_at']).execute();
  await db.schema.createIndex('trades_maker_idx').on('trades').column('maker_order_id').execute();

  await db.schema
    .createTable('watchlist')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('watchlist_pk', ['user_id', 'market_id'])
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('alert_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id'))
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.market_id'))
    .addColumn('condition', 'text', (c) => c.notNull().check(sql`condition in ('ABOVE', 'BELOW')`))
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ACTIVE', 'TRIGGERED')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('triggered_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('alerts_user_idx').on('alerts').columns(['user_id', 'alert_id']).execute();
  await sql`create index alerts_active_idx on alerts (market_id, price) where status = 'ACTIVE'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['alerts', 'watchlist', 'trades', 'orders']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('markets').dropColumn('engine_sequence').execute();
}
