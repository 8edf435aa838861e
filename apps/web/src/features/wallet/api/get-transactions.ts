import type { RouteData } from '@fit24/contract';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { nextPageOf } from '../../../lib/paging.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

/** An asset's history as the infinite query caches it: the pages loaded so far. */
export type HistoryData = InfiniteData<RouteData<'asset.transactions'>>;

/** GET /api/asset/transactions?asset_id=&page=: an asset's history, newest first, 20 a page. */
export const transactionsQueryOptions = (assetId: number) =>
  infiniteQueryOptions({
    queryKey: ['asset', 'transactions', assetId] as const,
    queryFn: ({ pageParam }) =>
      api.fetchData('asset.transactions', {
        query: { asset_id: String(assetId), page: String(pageParam) },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export function useTransactions(assetId: number | null) {
  const allowed = useVerifiedSession();
  return useInfiniteQuery({
    ...transactionsQueryOptions(assetId ?? 0),
    enabled: allowed && assetId !== null,
  });
}
