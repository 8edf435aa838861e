import type { TMarket, TMarketStatusBody } from '@fit24/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { CHANNELS } from '../../engine-host/cluster.ts';
import type { Market } from '../../engine-host/market.ts';
import { formatChange } from '../../engine-host/market-data.ts';
import { show } from '../../engine-host/units.ts';
import { notFound } from '../../http/app-error.ts';
import { assetById } from '../funds/assets.service.ts';
import * as ledger from '../ledger/ledger.service.ts';

/** A market with its 24h statistics, read from the worker's memory (DESIGN §9), not from the trades. */
export function marketOf(worker: Market, now: number, watchlisted: boolean): TMarket {
  const m = worker.market;
  const stats = worker.data.stats(now);
  return {
    market_id: m.marketId,
    symbol: m.symbol,
    base: m.base,
    quote: m.quote,
    base_asset_id: m.baseAssetId,
    quote_asset_id: m.quoteAssetId,
    price_decimals: m.priceDecimals,
    amount_decimals: m.amountDecimals,
    min_amount: show.amount(m, m.minAmount),
    min_total: show.quote(m, m.minTotal),
    last_price: show.price(m, stats.last),
    change_24h: formatChange(stats.changeBp),
    high_24h: show.price(m, stats.high),
    low_24h: show.price(m, stats.low),
    volume_24h: show.amount(m, stats.volume),
    is_watchlisted: watchlisted ? 1 : 0,
    status: m.status,
  };
}

export function marketDetail(worker: Market, now: number, watchlisted: boolean) {
  const m = worker.market;
  return {
    ...marketOf(worker, now, watchlisted),
    maker_fee: show.fee(m.makerFeePpm),
    taker_fee: show.fee(m.takerFeePpm),
  };
}

async function watchlistOf(ctx: AppContext, userId: bigint): Promise<Set<number>> {
  const rows = await ctx.db
    .selectFrom('watchlist')
    .select('market_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.market_id));
}

/** Every market, or those that trade `assetId` (404 for an unknown asset). */
export async function listMarkets(ctx: AppContext, userId: bigint, assetId?: number): Promise<TMarket[]> {
  if (assetId !== undefined) await assetById(ctx.db, assetId);
  const watched = await watchlistOf(ctx, userId);
  const now = ctx.clock.nowSeconds();
  return ctx.engine
    .workers()
    .filter(
      (w) => assetId === undefined || w.market.baseAssetId === assetId || w.market.quoteAssetId === assetId,
    )
    .map((w) => marketOf(w, now, watched.has(w.market.marketId)));
}

export async function getMarket(ctx: AppContext, userId: bigint, marketId: number) {
  const worker = ctx.engine.worker(marketId);
  const watched = await watchlistOf(ctx, userId);
  return marketDetail(worker, ctx.clock.nowSeconds(), watched.has(marketId));
}

/**
 * Operator: halts or resumes a market. The row is written first, then the running worker's copy, which is
 * what order admission reads, so the change holds from the next order on without a restart. Orders
 * already admitted (queued in the worker) still run; resting orders stay on the book and can be cancelled.
 */
export async function setMarketStatus(ctx: AppContext, input: TMarketStatusBody) {
  const worker =
    input.market_id !== undefined
      ? ctx.engine.worker(input.market_id)
      : ctx.engine.workers().find((w) => w.market.symbol === input.symbol);
  if (!worker) throw notFound(`There is no market ${input.symbol}.`);
  const m = worker.market;
  // The other processes sharing the database hear of it at commit (DESIGN §1).
  await sql`update markets set status = ${input.status} where market_id = ${m.marketId}
    returning pg_notify(${CHANNELS.markets}, ${String(m.marketId)})`.execute(ctx.db);
  if (m.status !== input.status)
    ctx.log.warn({ market: m.symbol, status: input.status }, 'market status changed');
  m.status = input.status;
  ctx.engine.marketChanged(m.marketId);
  return marketDetail(worker, ctx.clock.nowSeconds(), false);
}

/** The caller's base and quote balances in a market: what is free and what open orders hold. */
export async function userBalance(ctx: AppContext, userId: bigint, marketId: number) {
  const m = ctx.engine.worker(marketId).market;
  const balances = await ledger.balancesOf(ctx.db, userId);
  const base = balances.get(m.baseAssetId) ?? ledger.emptyBalances();
  const quote = balances.get(m.quoteAssetId) ?? ledger.emptyBalances();
  return {
    base: { available: show.base(m, base.available), on_hold: show.base(m, base.on_hold) },
    quote: { available: show.quote(m, quote.available), on_hold: show.quote(m, quote.on_hold) },
  };
}

/** Adds the market to the caller's watchlist, or removes it when it is there already. */
export async function toggleWatchlist(ctx: AppContext, userId: bigint, marketId: number) {
  ctx.engine.worker(marketId);
  return ctx.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('watchlist')
      .where('user_id', '=', userId)
      .where('market_id', '=', marketId)
      .returning('market_id')
      .executeTakeFirst();
    if (removed) return { is_watchlisted: 0 as const };
    await trx
      .insertInto('watchlist')
      .values({ user_id: userId, market_id: marketId, created_at: ctx.clock.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return { is_watchlisted: 1 as const };
  });
}

export function orderBook(ctx: AppContext, marketId: number) {
  const worker = ctx.engine.worker(marketId);
  const m = worker.market;
  const depth = worker.engine.depth(50);
  const level = ([price, amount]: [number, number]): [string, string] => [
    show.price(m, price),
    show.amount(m, amount),
  ];
  return { bids: depth.bids.map(level), asks: depth.asks.map(level), sequence: worker.engine.sequence };
}

export function recentTrades(ctx: AppContext, marketId: number) {
  const worker = ctx.engine.worker(marketId);
  const m = worker.market;
  return {
    trades: worker.data.history().map((t) => ({
      trade_id: t.tradeId,
      price: show.price(m, t.price),
      amount: show.amount(m, t.amount),
      side: t.takerSide,
      creation_date: t.time,
    })),
  };
}

export function candles(ctx: AppContext, marketId: number, interval: number) {
  const worker = ctx.engine.worker(marketId);
  const m = worker.market;
  return {
    candles: worker.data.candles(interval).map((c) => ({
      time: c.time,
      open: show.price(m, c.open),
      high: show.price(m, c.high),
      low: show.price(m, c.low),
      close: show.price(m, c.close),
      volume: show.amount(m, c.volume),
    })),
  };
}
