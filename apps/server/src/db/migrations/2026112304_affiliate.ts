import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('affiliates')
    .addColumn('affiliate_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.user_id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('sponsor_id', 'bigint', (c) => c.references('affiliates.affiliate_id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('affiliates_sponsor_idx').on('affiliates').column('sponsor_id').execute();

  await db.schema
    .createTable('stakes')
    .addColumn('stake_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('affiliate_id', 'bigint', (c) => c.notNull().references('affiliates.affiliate_id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('AVAILABLE', 'LOCKED', 'WALLET')`))
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('boost_progress', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`boost_progress >= 0`))
    .addColumn('is_boosted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('boosted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stakes_affiliate_idx')
    .on('stakes')
    .columns(['affiliate_id', 'stake_id'])
    .execute();

  // What the dashboard lists: rewards in, stakes and claims out (spec §3: REWARD, STAKE, WITHDRAWAL).
  await db.schema
    .createTable('affiliate_transactions')
    .addColumn('tx_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('affiliate_id', 'bigint', (c) => c.notNull().references('affiliates.affiliate_id'))
    .addColumn('tx_type', 'text', (c) => c.notNull().check(sql`tx_type in ('REWARD', 'STAKE', 'WITHDRAWAL')`))
    .addColumn('source', 'text', (c) =>
      c.notNull().check(sql`source in ('STAKING', 'LEVEL', 'RANK', 'OFFER', 'STAKE', 'CLAIM')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('reward_day', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('affiliate_transactions_idx')
    .on('affiliate_transactions')
    .columns(['affiliate_id', 'tx_id'])
    .execute();

  await db.schema
    .createTable('reward_runs')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PAID', 'SKIPPED_POOL_SHORT')`))
    .addColumn('stakes', 'integer', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('surges')
    .addColumn('week_start', 'date', (c) => c.primaryKey())
    .addColumn('surge', 'numeric(4, 1)', (c) => c.notNull().check(sql`surge >= 0`))
    .execute();

  await db.schema
    .createTable('ranks')
    .addColumn('rank_id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('required_business', 'bigint', (c) => c.notNull())
    .addColumn('required_directs', 'integer', (c) => c.notNull())
    .addColumn('reward', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('affiliate_ranks')
    .addColumn('affiliate_id', 'bigint', (c) => c.notNull().references('affiliates.affiliate_id'))
    .addColumn('rank_id', 'integer', (c) => c.notNull().references('ranks.rank_id'))
    .addColumn('achieved_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('affiliate_ranks_pk', ['affiliate_id', 'rank_id'])
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('offer_id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('min_stake', 'bigint', (c) => c.notNull())
    .addColumn('bonus_percent', 'numeric(6, 2)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('offer_bonuses')
    .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.offer_id'))
    .addColumn('stake_id', 'bigint', (c) => c.notNull().references('stakes.stake_id'))
    .addColumn('affiliate_id', 'bigint', (c) => c.notNull().references('affiliates.affiliate_id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('offer_bonuses_pk', ['offer_id', 'stake_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'offer_bonuses',
    'offers',
    'affiliate_ranks',
    'ranks',
    'surges',
    'reward_runs',
    'affiliate_transactions',
    'stakes',
    'affiliates',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
