import type { ZOpsAssetBody, ZOpsMarketCreateBody, ZOpsMarketUpdateBody } from '@fit24/contract';
import { toBaseUnits } from '@fit24/contract';
import type { z } from 'zod';
import type { AssetRow } from '../../db/schema-funds.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { assetBySymbol, assetRowToAsset, listAssets } from '../../modules/funds/assets.service.ts';
import { CHANNELS } from '../../trading/cluster/lock.ts';
import type { TradingContext } from '../../trading/context.ts';
import { marketDetail } from '../../trading/market/markets.service.ts';
import * as repo from './console.repository.ts';

/**
 * Runtime settings (issue 14): assets and markets change without a code change or a restart. A market's
 * row is written with a NOTIFY in the same transaction; each process reads it again when it hears (this
 * one at once), so a new market trades at once everywhere and a fee holds from the next order on.
 */

export function opsAsset(ctx: TradingContext, row: AssetRow) {
  return {
    ...assetRowToAsset(row, ctx.chains),
    contract_address: row.contract_address,
    chain_decimals: row.chain_decimals,
  };
}

export async function assets(ctx: TradingContext) {
  return { assets: (await listAssets(ctx.db)).map((row) => opsAsset(ctx, row)) };
}

const units = (amount: string, decimals: number, field: string) => {
  const value = toBaseUnits(amount, decimals);
  if (value === null)
    throw badRequest(`${field} has more than ${decimals} decimals.`, {
      [field]: `must have at most ${decimals} decimals`,
    });
  return value;
};

/** Adds an asset or changes one (found by its symbol); its decimals never change once it exists. */
export async function saveAsset(ctx: TradingContext, input: z.output<typeof ZOpsAssetBody>) {
  const existing = await assetBySymbol(ctx.db, input.symbol).catch(() => null);
  if (existing && existing.decimals !== input.decimals)
    throw new AppError(
      'UNPROCESSABLE',
      `${input.symbol}'s decimals cannot change: balances are kept in them.`,
    );
  const row = await repo.upsertAsset(ctx.db, {
    symbol: input.symbol,
    name: input.name,
    decimals: input.decimals,
    network: input.network,
    withdraw_fee: units(input.withdraw_fee, input.decimals, 'withdraw_fee'),
    min_withdraw: units(input.min_withdraw, input.decimals, 'min_withdraw'),
    min_deposit: units(input.min_deposit, input.decimals, 'min_deposit'),
    confirmations: input.confirmations,
    deposit_enabled: input.deposit_enabled,
    withdraw_enabled: input.withdraw_enabled,
  });
  return { before: existing ? opsAsset(ctx, existing) : null, asset: opsAsset(ctx, row) };
}

export function markets(ctx: TradingContext) {
  const now = ctx.clock.nowSeconds();
  return { markets: ctx.engine.workers().map((w) => marketDetail(w, now, false)) };
}

/** A new market between two listed assets: written, announced, and started here before the answer. */
export async function createMarket(ctx: TradingContext, input: z.output<typeof ZOpsMarketCreateBody>) {
  const [base, quote] = await Promise.all([
    assetBySymbol(ctx.db, input.base),
    assetBySymbol(ctx.db, input.quote),
  ]);
  if (base.asset_id === quote.asset_id) throw badRequest('A market needs two different assets.');
  if (input.price_decimals + input.amount_decimals > quote.decimals || input.amount_decimals > base.decimals)
    throw badRequest(
      `Price and amount decimals must fit ${quote.symbol}'s ${quote.decimals} and ${base.symbol}'s ${base.decimals}.`,
    );
  const symbol = `${base.symbol}/${quote.symbol}`;
  const marketId = await ctx.db.transaction().execute(async (trx) => {
    const { market_id } = await repo.insertMarket(trx, {
      symbol,
      base_asset_id: base.asset_id,
      quote_asset_id: quote.asset_id,
      price_decimals: input.price_decimals,
      amount_decimals: input.amount_decimals,
      min_amount: units(input.min_amount, input.amount_decimals, 'min_amount'),
      min_total: units(input.min_total, quote.decimals, 'min_total'),
      maker_fee: input.maker_fee,
      taker_fee: input.taker_fee,
      last_price: units(input.price, input.price_decimals, 'price'),
    });
    await repo.notifyMarket(trx, CHANNELS.markets, market_id);
    return market_id;
  });
  const worker = await ctx.engine.syncMarket(ctx, marketId);
  ctx.log.warn({ market: symbol }, 'market added');
  return { market: marketDetail(worker, ctx.clock.nowSeconds(), false) };
}

export async function updateMarket(ctx: TradingContext, input: z.output<typeof ZOpsMarketUpdateBody>) {
  const worker = ctx.engine.workers().find((w) => w.market.symbol === input.symbol);
  if (!worker) throw notFound(`There is no market ${input.symbol}.`);
  const m = worker.market;
  const quote = await assetBySymbol(ctx.db, m.quote);
  const before = marketDetail(worker, ctx.clock.nowSeconds(), false);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateMarket(trx, m.marketId, {
      ...(input.min_amount ? { min_amount: units(input.min_amount, m.amountDecimals, 'min_amount') } : {}),
      ...(input.min_total ? { min_total: units(input.min_total, quote.decimals, 'min_total') } : {}),
      ...(input.maker_fee ? { maker_fee: input.maker_fee } : {}),
      ...(input.taker_fee ? { taker_fee: input.taker_fee } : {}),
    });
    await repo.notifyMarket(trx, CHANNELS.markets, m.marketId);
  });
  await ctx.engine.syncMarket(ctx, m.marketId);
  return { before, market: marketDetail(worker, ctx.clock.nowSeconds(), false) };
}
