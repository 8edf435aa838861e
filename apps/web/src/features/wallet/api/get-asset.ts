import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

/** GET /api/asset?asset_id=: network, fee, minimums and confirmations of one asset. */
export const assetQueryOptions = (assetId: number) =>
  queryOptions({
    queryKey: ['asset', 'detail', assetId] as const,
    queryFn: () => api.fetchData('asset.get', { query: { asset_id: String(assetId) } }),
    staleTime: 5 * 60_000,
  });

export function useAsset(assetId: number | null) {
  const allowed = useVerifiedSession();
  return useQuery({ ...assetQueryOptions(assetId ?? 0), enabled: allowed && assetId !== null });
}
