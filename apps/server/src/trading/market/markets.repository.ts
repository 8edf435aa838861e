import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Channel, notifySql } from '../cluster/lock.ts';

/** Every market with its assets' symbols and decimals, by id. */
export async function listWithAssets(db: Database) {
  return db
    .selectFrom('markets as m')
    .innerJoin('assets as b', 'b.asset_id', 'm.base_asset_id')
    .innerJoin('assets as q', 'q.asset_id', 'm.quote_asset_id')
    .select([
      'm.market_id',
      'm.symbol',
      'm.base_asset_id',
      'm.quote_asset_id',
      'm.price_decimals',
      'm.amount_decimals',
      'm.min_amount',
      'm.min_total',
      'm.maker_fee',
      'm.taker_fee',
      'm.status',
      'b.symbol as base',
      'b.decimals as base_decimals',
      'q.symbol as quote',
      'q.decimals as quote_decimals',
    ])
    .orderBy('m.market_id')
    .execute();
}

/**
 * Sets a market's status and, in the same statement, `pg_notify`s its id on `channel`: the other
 * processes sharing the database hear of it when the change commits.
 */
export async function setStatus(
  db: Database,
  marketId: number,
  status: 'OPEN' | 'HALTED',
  channel: Channel,
): Promise<void> {
  await sql`update markets set status = ${status} where market_id = ${marketId}
    returning ${notifySql(channel, String(marketId))}`.execute(db);
}

/** The ids of the markets on the user's watchlist. */
export async function watchedMarketIds(db: Database, userId: bigint): Promise<number[]> {
  const rows = await db.selectFrom('watchlist').select('market_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.market_id);
}

/** Takes the market off the user's watchlist; answers whether it was on it. */
export async function unwatch(db: Database, userId: bigint, marketId: number): Promise<boolean> {
  const removed = await db
    .deleteFrom('watchlist')
    .where('user_id', '=', userId)
    .where('market_id', '=', marketId)
    .returning('market_id')
    .executeTakeFirst();
  return removed !== undefined;
}

/** Puts the market on the user's watchlist (a row already there is left as it is). */
export async function watch(db: Database, userId: bigint, marketId: number, now: Date): Promise<void> {
  await db
    .insertInto('watchlist')
    .values({ user_id: userId, market_id: marketId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The market's last traded price. */
export async function lastPrice(db: Database, marketId: number): Promise<bigint> {
  const row = await db
    .selectFrom('markets')
    .select('last_price')
    .where('market_id', '=', marketId)
    .executeTakeFirstOrThrow();
  return row.last_price;
}
