import type { Database } from '../../db/database.ts';
import type { AssetRow } from '../../db/schema-funds.ts';

/** Every asset, in display order. */
export function list(db: Database): Promise<AssetRow[]> {
  return db.selectFrom('assets').selectAll().orderBy('sort_order').orderBy('asset_id').execute();
}

export function findById(db: Database, assetId: number): Promise<AssetRow | undefined> {
  return db.selectFrom('assets').selectAll().where('asset_id', '=', assetId).executeTakeFirst();
}

export function findBySymbol(db: Database, symbol: string): Promise<AssetRow | undefined> {
  return db.selectFrom('assets').selectAll().where('symbol', '=', symbol).executeTakeFirst();
}

/** The USDT markets: each base asset's last price, with the scales to read it. */
export function usdtMarkets(db: Database) {
  return db
    .selectFrom('markets')
    .innerJoin('assets as q', 'q.asset_id', 'markets.quote_asset_id')
    .select([
      'markets.base_asset_id',
      'markets.last_price',
      'markets.price_decimals',
      'q.decimals as quote_decimals',
    ])
    .where('q.symbol', '=', 'USDT')
    .execute();
}
