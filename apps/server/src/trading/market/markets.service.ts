import type { TMarket, TMarketStatusBody } from '@fit24/contract';
import { notFound } from '../../http/app-error.ts';
import { assetById } from '../../modules/funds/assets.service.ts';
import * as funds from '../../modules/funds/balances.service.ts';
import { CHANNELS } from '../cluster/lock.ts';
import type { TradingContext } from '../context.ts';
import type { Market } from '../pipeline/market.ts';
import { toBookLevel, toCandle, toTicker, toTrade } from './market.mappers.ts';
import * as marketsRepo from './markets.repository.ts';
import { show } from './units.ts';

/** A market with its 24h statistics, read from the worker's memory (DESIGN §9), not from the trades. */
export function marketOf(worker: Market, now: number, watchlisted: boolean): TMarket {
  return { ...toTicker(worker, now), is_watchlisted: watchlisted ? 1 : 0 };
}

export function marketDetail(worker: Market, now: number, watchlisted: boolean) {
  const m = worker.market;
  return {
    ...marketOf(worker, now, watchlisted),
    maker_fee: show.fee(m.makerFeePpm),
    taker_fee: show.fee(m.takerFeePpm),
  };
}

async function watchlistOf(ctx: TradingContext, userId: bigint): Promise<Set<number>> {
  return new Set(await marketsRepo.watchedMarketIds(ctx.db, userId));
}

/** Every market, or those that trade `assetId` (404 for an unknown asset). */
export async function listMarkets(ctx: TradingContext, userId: bigint, assetId?: number): Promise<TMarket[]> {
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

export async function getMarket(ctx: TradingContext, userId: bigint, marketId: number) {
  const worker = ctx.engine.worker(marketId);
  const watched = await watchlistOf(ctx, userId);
  return marketDetail(worker, ctx.clock.nowSeconds(), watched.has(marketId));
}

/**
 * Operator: halts or resumes a market. The row is written first, then the running worker's copy, which is
 * what order admission reads, so the change holds from the next order on without a restart. Orders
 * already admitted (queued in the worker) still run; resting orders stay on the book and can be cancelled.
 */
export async function setMarketStatus(ctx: TradingContext, input: TMarketStatusBody) {
  const worker =
    input.market_id !== undefined
      ? ctx.engine.worker(input.market_id)
      : ctx.engine.workers().find((w) => w.market.symbol === input.symbol);
  if (!worker) throw notFound(`There is no market ${input.symbol}.`);
  const m = worker.market;
  // The other processes sharing the database hear of it at commit (DESIGN §1).
  await marketsRepo.setStatus(ctx.db, m.marketId, input.status, CHANNELS.markets);
  if (m.status !== input.status)
    ctx.log.warn({ market: m.symbol, status: input.status }, 'market status changed');
  m.status = input.status;
  ctx.engine.marketChanged(m.marketId);
  return marketDetail(worker, ctx.clock.nowSeconds(), false);
}

/**
 * The caller's base and quote balances in a market, out of its `asset/balances` entries: what is free and
 * what open orders hold.
 */
export async function userBalance(ctx: TradingContext, userId: bigint, marketId: number) {
  const m = ctx.engine.worker(marketId).market;
  const { balances } = await funds.balancesOf(ctx.db, userId);
  const of = (assetId: number) => {
    const { available, on_hold } = balances.find((b) => b.asset_id === assetId)!;
    return { available, on_hold };
  };
  return { base: of(m.baseAssetId), quote: of(m.quoteAssetId) };
}

/** Adds the market to the caller's watchlist, or removes it when it is there already. */
export async function toggleWatchlist(ctx: TradingContext, userId: bigint, marketId: number) {
  ctx.engine.worker(marketId);
  return ctx.db.transaction().execute(async (trx) => {
    if (await marketsRepo.unwatch(trx, userId, marketId)) return { is_watchlisted: 0 as const };
    await marketsRepo.watch(trx, userId, marketId, ctx.clock.now());
    return { is_watchlisted: 1 as const };
  });
}

export function orderBook(ctx: TradingContext, marketId: number) {
  const worker = ctx.engine.worker(marketId);
  const m = worker.market;
  const depth = worker.engine.depth(50);
  const level = ([price, amount]: [number, number]) => toBookLevel(m, price, amount);
  return { bids: depth.bids.map(level), asks: depth.asks.map(level), sequence: worker.engine.sequence };
}

export function recentTrades(ctx: TradingContext, marketId: number) {
  const worker = ctx.engine.worker(marketId);
  const m = worker.market;
  return { trades: worker.data.history().map((t) => toTrade(m, t)) };
}

export function candles(ctx: TradingContext, marketId: number, interval: number) {
  const worker = ctx.engine.worker(marketId);
  const m = worker.market;
  return { candles: worker.data.candles(interval).map((c) => toCandle(m, c)) };
}
