import type { RouteBody, RouteData, TBalance, TOrderCreateBody } from '@fit24/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type Balances, balancesQueryOptions, useLiveBalances } from '../../../lib/balances.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';
import { marketKeys, useLiveOrderBook, useLiveOrders, useLiveTicker, useLiveTrades } from './live.ts';

/**
 * Market data comes live over the socket (./live.ts writes it into these queries); REST answers the first
 * load, and this slow refetch is only a safety net for a socket that silently stopped delivering.
 */
export const SAFETY_REFETCH_MS = 60_000;

/** GET /api/market/list, kept live by the ticker channel: shared by the markets and home tabs. */
export function useMarkets() {
  const signedIn = useSignedIn();
  useLiveTicker();
  return useQuery({
    queryKey: marketKeys.list,
    queryFn: () => api.fetchData('market.list'),
    enabled: signedIn,
    refetchInterval: SAFETY_REFETCH_MS,
  });
}

/** POST /api/market/watchlist toggles; the list is refreshed afterwards. */
export function useToggleWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (marketId: number) => api.fetchData('market.watchlist', { body: { market_id: marketId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['markets'] }),
  });
}

/** GET /api/market?market_id=, its price and 24h statistics kept live by the ticker channel. */
export function useMarket(marketId: number | null) {
  const signedIn = useSignedIn();
  useLiveTicker();
  return useQuery({
    queryKey: marketKeys.detail(marketId),
    queryFn: () => api.fetchData('market.get', { query: { market_id: String(marketId ?? 0) } }),
    enabled: signedIn && marketId !== null,
    refetchInterval: SAFETY_REFETCH_MS,
  });
}

/**
 * The order book: REST first, then the socket's book (snapshot plus sequenced updates). A REST answer older
 * than the book already cached (a lower sequence) never replaces it. With `select` the caller gets only
 * what it picks, and re-renders only when that changes (a book update deeper in the book redraws nothing
 * that reads only its best prices).
 */
export function useOrderBook<T = OrderBookData>(
  marketId: number | null,
  select?: (book: OrderBookData) => T,
) {
  const signedIn = useSignedIn();
  const client = useQueryClient();
  useLiveOrderBook(marketId);
  const queryKey = marketKeys.book(marketId);
  return useQuery({
    queryKey,
    queryFn: async () => {
      const fresh = await api.fetchData('market.orderbook', { query: { market_id: String(marketId ?? 0) } });
      const cached = client.getQueryData<typeof fresh>(queryKey);
      return cached && cached.sequence > fresh.sequence ? cached : fresh;
    },
    enabled: signedIn && marketId !== null,
    refetchInterval: SAFETY_REFETCH_MS,
    select,
  });
}

type OrderBookData = RouteData<'market.orderbook'>;

/** The best ask and bid of a book (null on an empty side): what a market order would start at. */
export function bestPrices(book: OrderBookData): { ask: string | null; bid: string | null } {
  return { ask: book.asks[0]?.[0] ?? null, bid: book.bids[0]?.[0] ?? null };
}

/** The market's latest trades, newest first; new trades arrive on the trades channel. */
export function useMarketHistory(marketId: number | null) {
  const signedIn = useSignedIn();
  useLiveTrades(marketId);
  return useQuery({
    queryKey: marketKeys.history(marketId),
    queryFn: () => api.fetchData('market.history', { query: { market_id: String(marketId ?? 0) } }),
    enabled: signedIn && marketId !== null,
    refetchInterval: SAFETY_REFETCH_MS,
  });
}

/**
 * The user's balances of a market's two assets: their entries of the shared `asset/balances` cache, which
 * the balances channel keeps live with the answer itself (no per-screen copy to drift from the wallet's).
 */
export function useMarketBalance(
  market: { market_id: number; base_asset_id: number; quote_asset_id: number } | null,
) {
  const enabled = useVerifiedSession() && market !== null;
  useLiveBalances();
  return useQuery({
    ...balancesQueryOptions(),
    enabled,
    refetchInterval: SAFETY_REFETCH_MS,
    select: (data) => (market ? marketBalanceOf(data, market) : null),
  });
}

type MarketSideBalance = Pick<TBalance, 'available' | 'on_hold'>;

/** A market's base and quote entries of the balances answer (a zero balance for an asset it lacks). */
export function marketBalanceOf(
  data: Balances,
  market: { base_asset_id: number; quote_asset_id: number },
): { base: MarketSideBalance; quote: MarketSideBalance } {
  const zero = { available: '0', on_hold: '0' };
  const of = (assetId: number) => data.balances.find((b) => b.asset_id === assetId) ?? zero;
  return { base: of(market.base_asset_id), quote: of(market.quote_asset_id) };
}

/** The first page of the user's orders, updated by the private orders channel. */
export function useOrders(status: 'OPEN' | 'ALL') {
  const signedIn = useSignedIn();
  useLiveOrders();
  return useQuery({
    queryKey: marketKeys.orders(status),
    queryFn: () => api.fetchData('order.list', { query: { status, page: '1' } }),
    enabled: signedIn,
    refetchInterval: SAFETY_REFETCH_MS,
  });
}

export function useOrderTrades(orderId: number | null) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['orders', 'trades', orderId] as const,
    queryFn: () => api.fetchData('order.trades', { query: { order_id: String(orderId ?? 0) } }),
    enabled: signedIn && orderId !== null,
  });
}

/** POST /api/order/create with its own Idempotency-Key; resolves with the envelope (errors included). */
export function createOrder(body: TOrderCreateBody, idempotencyKey: string) {
  return api.call('order.create', { body, idempotencyKey });
}

export function cancelOrder(orderId: number) {
  return api.call('order.cancel', { body: { order_id: orderId } });
}

export function useAlerts() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['alerts'] as const,
    queryFn: () => api.fetchData('alert.list'),
    enabled: signedIn,
  });
}

export function createAlert(body: RouteBody<'alert.create'>) {
  return api.call('alert.create', { body });
}

export function deleteAlert(alertId: number) {
  return api.call('alert.delete', { body: { alert_id: alertId } });
}
