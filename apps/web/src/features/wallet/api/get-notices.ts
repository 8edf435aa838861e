import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

/** GET /api/asset/notices?asset_id=&type=: the operator's deposit or withdrawal notices for an asset. */
export const noticesQueryOptions = (assetId: number, type: 'deposit' | 'withdraw') =>
  queryOptions({
    queryKey: ['asset', 'notices', assetId, type] as const,
    queryFn: () => api.fetchData('asset.notices', { query: { asset_id: String(assetId), type } }),
  });

export function useNotices(assetId: number | null, type: 'deposit' | 'withdraw') {
  const allowed = useVerifiedSession();
  return useQuery({ ...noticesQueryOptions(assetId ?? 0, type), enabled: allowed && assetId !== null });
}
