import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

/**
 * GET /api/asset/balances, read here for its list of assets (the address book's asset picker). Same key
 * as the wallet's, so the two screens share one cached answer.
 */
export const assetListQueryOptions = () =>
  queryOptions({
    queryKey: ['asset', 'balances'] as const,
    queryFn: () => api.fetchData('asset.balances'),
  });

export function useAssetList() {
  return useQuery({
    ...assetListQueryOptions(),
    enabled: useVerifiedSession(),
    select: (data) => data.balances.map(({ asset_id, symbol, name }) => ({ asset_id, symbol, name })),
  });
}
