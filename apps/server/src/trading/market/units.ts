import { fromBaseUnits, toBaseUnits } from '@fit24/contract';
import type { Database } from '../../db/database.ts';
import * as marketsRepo from './markets.repository.ts';

/**
 * One market and its units, the one place where ticks, lots and engine quote units meet base units:
 *   tick        10^-price_decimals quote per one whole base unit (the engine's price)
 *   lot         10^-amount_decimals base (the engine's amount); one lot = `baseFactor` base units
 *   quote unit  tick × lot = 10^-(price_decimals + amount_decimals) quote (the engine's totals); one quote
 *               unit = `quoteFactor` base units of the quote asset, exact because the seed keeps
 *               price_decimals + amount_decimals ≤ the quote asset's decimals.
 */
export interface MarketInfo {
  marketId: number;
  symbol: string;
  base: string;
  quote: string;
  baseAssetId: number;
  quoteAssetId: number;
  baseDecimals: number;
  quoteDecimals: number;
  priceDecimals: number;
  amountDecimals: number;
  /** Lots. */
  minAmount: bigint;
  /** Base units of the quote asset. */
  minTotal: bigint;
  /** Fee fractions in millionths (NUMERIC(10, 6) read exactly): "0.001" → 1000n. */
  makerFeePpm: bigint;
  takerFeePpm: bigint;
  status: 'OPEN' | 'HALTED';
  baseFactor: bigint;
  quoteFactor: bigint;
}

export const FEE_SCALE = 1_000_000n;

export async function loadMarkets(db: Database): Promise<MarketInfo[]> {
  const rows = await marketsRepo.listWithAssets(db);
  return rows.map((r) => {
    const quoteExp = r.quote_decimals - r.price_decimals - r.amount_decimals;
    const baseExp = r.base_decimals - r.amount_decimals;
    if (quoteExp < 0 || baseExp < 0) {
      throw new Error(`market ${r.symbol}: price and amount decimals exceed its assets' decimals`);
    }
    return {
      marketId: r.market_id,
      symbol: r.symbol,
      base: r.base,
      quote: r.quote,
      baseAssetId: r.base_asset_id,
      quoteAssetId: r.quote_asset_id,
      baseDecimals: r.base_decimals,
      quoteDecimals: r.quote_decimals,
      priceDecimals: r.price_decimals,
      amountDecimals: r.amount_decimals,
      minAmount: r.min_amount,
      minTotal: r.min_total,
      makerFeePpm: feePpm(r.maker_fee),
      takerFeePpm: feePpm(r.taker_fee),
      status: r.status,
      baseFactor: 10n ** BigInt(baseExp),
      quoteFactor: 10n ** BigInt(quoteExp),
    };
  });
}

function feePpm(numeric: string): bigint {
  const ppm = toBaseUnits(numeric, 6);
  if (ppm === null) throw new Error(`fee ${numeric} has more than 6 decimals`);
  return ppm;
}

/** Money and prices as the API shows them. */
export const show = {
  price: (m: MarketInfo, ticks: bigint | number) => fromBaseUnits(BigInt(ticks), m.priceDecimals),
  amount: (m: MarketInfo, lots: bigint | number) => fromBaseUnits(BigInt(lots), m.amountDecimals),
  quote: (m: MarketInfo, units: bigint) => fromBaseUnits(units, m.quoteDecimals),
  base: (m: MarketInfo, units: bigint) => fromBaseUnits(units, m.baseDecimals),
  fee: (ppm: bigint) => fromBaseUnits(ppm, 6),
};

/** Base units of the quote asset that `lots` at `ticks` cost. */
export const quoteOf = (m: MarketInfo, ticks: bigint | number, lots: bigint | number) =>
  BigInt(ticks) * BigInt(lots) * m.quoteFactor;

/** Base units of the base asset in `lots`. */
export const baseOf = (m: MarketInfo, lots: bigint | number) => BigInt(lots) * m.baseFactor;

/** The fee on `received` base units at `ppm` millionths, rounded down to the asset's base unit. */
export const feeOn = (received: bigint, ppm: bigint) => (received * ppm) / FEE_SCALE;

/**
 * What an order holds while it is open, in base units of `holdAssetId`: a SELL its lots of base; a limit
 * BUY price × amount of quote (fees come out of what it receives, so nothing more); a market BUY its total.
 */
export function holdFor(
  m: MarketInfo,
  order: { side: 'BUY' | 'SELL'; price: bigint | null; amount: bigint | null; total: bigint | null },
): { assetId: number; amount: bigint } {
  if (order.side === 'SELL') return { assetId: m.baseAssetId, amount: baseOf(m, order.amount!) };
  if (order.total !== null) return { assetId: m.quoteAssetId, amount: order.total };
  return { assetId: m.quoteAssetId, amount: quoteOf(m, order.price!, order.amount!) };
}

/**
 * What the two legs of an OCO hold, in base units of the side's hold asset: the limit leg as a limit order,
 * the stop leg what its own limit needs beyond that — nothing for a SELL (both legs sell the same lots), for
 * a BUY (stop limit price − price) × amount when positive. The legs never both trade: when the stop leg
 * fires and cancels the limit leg, the limit leg's hold passes to it and the two make its whole hold.
 */
export function ocoHolds(
  m: MarketInfo,
  side: 'BUY' | 'SELL',
  price: bigint,
  stopLimitPrice: bigint,
  amount: bigint,
): { assetId: number; limit: bigint; stop: bigint } {
  if (side === 'SELL') return { assetId: m.baseAssetId, limit: baseOf(m, amount), stop: 0n };
  const limit = quoteOf(m, price, amount);
  const whole = quoteOf(m, stopLimitPrice, amount);
  return { assetId: m.quoteAssetId, limit, stop: whole > limit ? whole - limit : 0n };
}

/** What one lot of a resting order holds: base for a SELL, price in quote for a limit BUY. */
export const holdPerLot = (m: MarketInfo, side: 'BUY' | 'SELL', ticks: number) =>
  side === 'SELL' ? m.baseFactor : BigInt(ticks) * m.quoteFactor;
