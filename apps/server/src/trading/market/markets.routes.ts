import { defineTradingHandlers } from '../context.ts';
import * as markets from './markets.service.ts';

export const marketHandlers = defineTradingHandlers({
  'market.list': async (ctx) => ({ markets: await markets.listMarkets(ctx, ctx.auth.userId) }),
  'market.byAsset': async (ctx, { query }) => ({
    markets: await markets.listMarkets(ctx, ctx.auth.userId, query.asset_id),
  }),
  'market.get': async (ctx, { query }) => ({
    market: await markets.getMarket(ctx, ctx.auth.userId, query.market_id),
  }),
  'market.userBalance': (ctx, { query }) => markets.userBalance(ctx, ctx.auth.userId, query.market_id),
  'market.watchlist': (ctx, { body }) => markets.toggleWatchlist(ctx, ctx.auth.userId, body.market_id),
  'market.history': (ctx, { query }) => markets.recentTrades(ctx, query.market_id),
  'market.orderbook': (ctx, { query }) => markets.orderBook(ctx, query.market_id),
  'market.chart': (ctx, { query }) => markets.candles(ctx, query.market_id, query.interval_min),
  'ops.marketStatus': async (ctx, { body }) => ({ market: await markets.setMarketStatus(ctx, body) }),
});
