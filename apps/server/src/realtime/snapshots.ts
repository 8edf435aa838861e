import { fromBaseUnits } from '@fit24/contract';
import { toEpochSeconds } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { Market } from '../engine-host/market.ts';
import type { Candle } from '../engine-host/market-data.ts';
import { type MarketInfo, show } from '../engine-host/units.ts';
import { listAssets } from '../modules/funds/assets.service.ts';
import * as ledger from '../modules/ledger/ledger.service.ts';
import { marketOf } from '../modules/markets/markets.service.ts';
import type { NotificationRow } from '../modules/notifications/notifications.service.ts';
import { orderRowToOrder } from '../modules/orders/orders.mappers.ts';
import * as ordersRepo from '../modules/orders/orders.repository.ts';

/** One market's ticker: last price and 24h statistics (a market of `market/list` without the watchlist flag). */
export function tickerOf(worker: Market, now: number) {
  const { is_watchlisted: _flag, ...ticker } = marketOf(worker, now, false);
  return ticker;
}

export const candleOf = (m: MarketInfo, c: Candle) => ({
  time: c.time,
  open: show.price(m, c.open),
  high: show.price(m, c.high),
  low: show.price(m, c.low),
  close: show.price(m, c.close),
  volume: show.amount(m, c.volume),
});

export const notificationOf = (row: NotificationRow) => ({
  notification_id: Number(row.notification_id),
  type: row.type,
  title: row.title,
  body: row.body,
  is_read: row.is_read ? 1 : 0,
  creation_date: toEpochSeconds(row.created_at),
});

/** The user's open orders, newest first (the first page of `order/list?status=OPEN`). */
export async function openOrders(ctx: AppContext, userId: bigint) {
  const { rows } = await ordersRepo.page(ctx.db, userId, 'OPEN', 1);
  return { orders: rows.map((row) => orderRowToOrder(ctx.engine.worker(row.market_id).market, row)) };
}

/** The user's balances of the given assets (all when absent): available and on hold, as decimal strings. */
export async function balancesOf(ctx: AppContext, userId: bigint, assetIds?: number[]) {
  const [assets, balances] = await Promise.all([listAssets(ctx.db), ledger.balancesOf(ctx.db, userId)]);
  return {
    balances: assets
      .filter((a) => assetIds === undefined || assetIds.includes(a.asset_id))
      .map((a) => {
        const b = balances.get(a.asset_id) ?? ledger.emptyBalances();
        return {
          asset_id: a.asset_id,
          symbol: a.symbol,
          available: fromBaseUnits(b.available, a.decimals),
          on_hold: fromBaseUnits(b.on_hold, a.decimals),
        };
      }),
  };
}

export async function latestNotifications(ctx: AppContext, userId: bigint) {
  const rows = await ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('notification_id', 'desc')
    .limit(20)
    .execute();
  return { notifications: rows.map(notificationOf) };
}
