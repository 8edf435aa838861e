import type { RouteBody, TOrderCreateBody } from '@fit24/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/** GET /api/market/list every 5 s: the "live" markets list, shared by the markets and home tabs. */
export function useMarkets() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['markets', 'list'] as const,
    queryFn: () => api.fetchData('market.list'),
    enabled: signedIn,
    refetchInterval: 5_000,
    staleTime: 0,
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

export function useMarket(marketId: number | null) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['markets', 'get', marketId] as const,
    queryFn: () => api.fetchData('market.get', { query: { market_id: String(marketId ?? 0) } }),
    enabled: signedIn && marketId !== null,
    refetchInterval: 5_000,
  });
}

export function useOrderBook(marketId: number | null) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['markets', 'orderbook', marketId] as const,
    queryFn: () => api.fetchData('market.orderbook', { query: { market_id: String(marketId ?? 0) } }),
    enabled: signedIn && marketId !== null,
    refetchInterval: 2_000,
    staleTime: 0,
  });
}

export function useMarketHistory(marketId: number | null) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['markets', 'history', marketId] as const,
    queryFn: () => api.fetchData('market.history', { query: { market_id: String(marketId ?? 0) } }),
    enabled: signedIn && marketId !== null,
    refetchInterval: 3_000,
    staleTime: 0,
  });
}

export function useMarketBalance(marketId: number | null) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['markets', 'balance', marketId] as const,
    queryFn: () => api.fetchData('market.userBalance', { query: { market_id: String(marketId ?? 0) } }),
    enabled: signedIn && marketId !== null,
    refetchInterval: 5_000,
  });
}

export function useOrders(status: 'OPEN' | 'ALL') {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: ['orders', status] as const,
    queryFn: () => api.fetchData('order.list', { query: { status, page: '1' } }),
    enabled: signedIn,
    refetchInterval: 3_000,
    staleTime: 0,
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
