import type { RouteData, TOrder, TTicker } from '@fit24/contract';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useVerifiedSession } from '../../../lib/signed-in.ts';
import { useLiveBookChannel, useLiveChannel, useLiveReconnect } from '../../../lib/ws-client-react.ts';

/**
 * The socket feeding the REST caches (DESIGN §3): REST answers the first load (and again after a
 * reconnect), the socket's messages are written into the same query keys with `setQueryData`, so every
 * screen reading a key is live. Keys: see markets.ts.
 */

type MarketList = RouteData<'market.list'>;
type MarketDetail = RouteData<'market.get'>;
type OrderBook = RouteData<'market.orderbook'>;
type History = RouteData<'market.history'>;
type Chart = RouteData<'market.chart'>;
type OrderList = RouteData<'order.list'>;
type Candle = Chart['candles'][number];

export const marketKeys = {
  list: ['markets', 'list'] as const,
  detail: (marketId: number | null) => ['markets', 'get', marketId] as const,
  book: (marketId: number | null) => ['markets', 'orderbook', marketId] as const,
  history: (marketId: number | null) => ['markets', 'history', marketId] as const,
  chart: (marketId: number | null, interval: string) => ['markets', 'chart', marketId, interval] as const,
  orders: (status: 'OPEN' | 'ALL') => ['orders', status] as const,
};

/** Trades kept in the recent-trades cache (the REST answer's length). */
const RECENT_TRADES = 50;

/** Refetches a REST query after the socket came back: changes made while it was down reach no cache. */
function useRefetchOnReconnect(enabled: boolean, ...keys: QueryKey[]): void {
  const client = useQueryClient();
  useLiveReconnect(enabled, () => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  });
}

/** All markets' prices and 24h statistics into the markets list and each market's detail. */
export function useLiveTicker(): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  useLiveChannel('ticker', { enabled }, (message) => {
    if (message.channel === 'ticker') mergeTickers(client, message.data.markets);
  });
  useRefetchOnReconnect(enabled, marketKeys.list);
}

export function mergeTickers(client: QueryClient, tickers: readonly TTicker[]): void {
  const byId = new Map(tickers.map((t) => [t.market_id, t]));
  client.setQueryData<MarketList>(marketKeys.list, (old) =>
    old ? { ...old, markets: old.markets.map((m) => ({ ...m, ...byId.get(m.market_id) })) } : old,
  );
  for (const ticker of tickers) {
    client.setQueryData<MarketDetail>(marketKeys.detail(ticker.market_id), (old) =>
      old ? { market: { ...old.market, ...ticker } } : old,
    );
  }
}

/** The market's book, kept by the socket client from a snapshot and sequenced updates. */
export function useLiveOrderBook(marketId: number | null): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  useLiveBookChannel(marketId, enabled, (book) => {
    client.setQueryData<OrderBook>(marketKeys.book(marketId), {
      bids: book.bids.map(([price, amount]) => [price, amount]),
      asks: book.asks.map(([price, amount]) => [price, amount]),
      sequence: book.sequence,
    });
  });
}

export function useLiveTrades(marketId: number | null): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  useLiveChannel('trades', { marketId, enabled }, (message) => {
    if (message.channel !== 'trades') return;
    client.setQueryData<History>(marketKeys.history(marketId), (old) =>
      message.type === 'snapshot' || !old
        ? message.data
        : { trades: newestTrades(old.trades, message.data.trades) },
    );
  });
}

/** New trades (newest first) in front of the known ones, each once, at most RECENT_TRADES. */
export function newestTrades<T extends { trade_id: number }>(
  known: readonly T[],
  incoming: readonly T[],
): T[] {
  const seen = new Set(incoming.map((t) => t.trade_id));
  return [...incoming, ...known.filter((t) => !seen.has(t.trade_id))].slice(0, RECENT_TRADES);
}

/** The chart's candles of one interval: a changed candle replaces its namesake, a new one is appended. */
export function useLiveCandles(marketId: number | null, interval: string): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  useLiveChannel('candles', { marketId, intervalMin: Number(interval), enabled }, (message) => {
    if (message.channel !== 'candles') return;
    client.setQueryData<Chart>(marketKeys.chart(marketId, interval), (old) =>
      message.type === 'snapshot' || !old
        ? { candles: message.data.candles }
        : { candles: mergeCandles(old.candles, message.data.candles) },
    );
  });
}

export function mergeCandles(known: readonly Candle[], changed: readonly Candle[]): Candle[] {
  const byTime = new Map(known.map((c) => [c.time, c]));
  for (const c of changed) byTime.set(c.time, c);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** The user's orders: each changed order replaces its copy; open ones lead the open list, ended ones leave it. */
export function useLiveOrders(): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  const [since] = useState(() => Date.now());
  useLiveChannel('orders', { enabled }, (message) => {
    if (message.channel !== 'orders') return;
    if (message.type === 'snapshot') {
      // The first page of open orders: REST pages it properly; refetch only if the cache predates it.
      refetchIfOlder(client, ['orders'], since);
      return;
    }
    // Orders that were open here and now are filled: said once, as the first listener updates the cache.
    const open = client.getQueryData<OrderList>(marketKeys.orders('OPEN'))?.orders ?? [];
    const filled = message.data.orders.filter(
      (o) => o.status === 'FILLED' && open.some((known) => known.order_id === o.order_id),
    );
    for (const status of ['OPEN', 'ALL'] as const) {
      client.setQueryData<OrderList>(marketKeys.orders(status), (old) =>
        old ? applyOrders(old, message.data.orders, status) : old,
      );
    }
    for (const order of filled) for (const listener of fillListeners) listener(order);
  });
  useRefetchOnReconnect(enabled, ['orders']);
}

const fillListeners = new Set<(order: TOrder) => void>();

/** Calls `onFilled` when one of the user's open orders is filled (learnt from the socket). */
export function useOrderFilled(onFilled: (order: TOrder) => void): void {
  const handle = useEffectEvent(onFilled);
  useEffect(() => {
    const listener = (order: TOrder) => handle(order);
    fillListeners.add(listener);
    return () => {
      fillListeners.delete(listener);
    };
  }, []);
}

/** Open as the OPEN list counts it: resting in the book or a stop waiting for its trigger. */
const isOpen = (o: TOrder) => o.status === 'NEW' || o.status === 'PARTIAL' || o.status === 'UNTRIGGERED';

/** One page of orders (newest first) with changed orders applied; `total` follows what joins or leaves. */
export function applyOrders(page: OrderList, changed: readonly TOrder[], status: 'OPEN' | 'ALL'): OrderList {
  let orders = [...page.orders];
  let total = page.total;
  for (const order of changed) {
    const at = orders.findIndex((o) => o.order_id === order.order_id);
    const belongs = status === 'ALL' || isOpen(order);
    if (at >= 0 && belongs) orders[at] = order;
    else if (at >= 0) {
      orders = orders.filter((o) => o.order_id !== order.order_id);
      total -= 1;
    } else if (belongs) {
      orders = [order, ...orders].sort((a, b) => b.order_id - a.order_id);
      total += 1;
    }
  }
  return { ...page, orders: orders.slice(0, Math.max(page.page_size, page.orders.length)), total };
}

function refetchIfOlder(client: QueryClient, queryKey: QueryKey, since: number): void {
  const stale = client
    .getQueryCache()
    .findAll({ queryKey })
    .some((q) => q.state.dataUpdatedAt < since);
  if (stale) void client.invalidateQueries({ queryKey });
}
