import type { TCandle, TPublicTrade, TTicker } from '@fit24/contract';
import type { Market } from '../pipeline/market.ts';
import { type Candle, formatChange, type PublicTrade } from './market-data.ts';
import { type MarketInfo, show } from './units.ts';

/**
 * The market's public entities as the API shows them, for REST (`market/list`, `market/get`,
 * `market/history`, `market/chart`) and the socket (`ticker`, `trades`, `candles`) alike.
 */

/** A market with its last price and 24h statistics, from the worker's memory (DESIGN §9). */
export function toTicker(worker: Market, now: number): TTicker {
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
    status: m.status,
  };
}

/** A book level `[price, amount]` (REST `market/orderbook` and the socket's `orderbook` alike). */
export function toBookLevel(m: MarketInfo, price: number, amount: number): [string, string] {
  return [show.price(m, price), show.amount(m, amount)];
}

export function toTrade(m: MarketInfo, t: PublicTrade): TPublicTrade {
  return {
    trade_id: t.tradeId,
    price: show.price(m, t.price),
    amount: show.amount(m, t.amount),
    side: t.takerSide,
    creation_date: t.time,
  };
}

export function toCandle(m: MarketInfo, c: Candle): TCandle {
  return {
    time: c.time,
    open: show.price(m, c.open),
    high: show.price(m, c.high),
    low: show.price(m, c.low),
    close: show.price(m, c.close),
    volume: show.amount(m, c.volume),
  };
}
