import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

/** GET /api/asset?asset_id=: the network of the asset chosen for a new address (its format's rule). */
export function useAssetNetwork(assetId: number | null) {
  const allowed = useVerifiedSession();
  return useQuery({
    queryKey: ['asset', 'detail', assetId ?? 0] as const,
    queryFn: () => api.fetchData('asset.get', { query: { asset_id: String(assetId) } }),
    staleTime: 5 * 60_000,
    enabled: allowed && assetId !== null,
    select: (data) => data.asset.network,
  });
}
