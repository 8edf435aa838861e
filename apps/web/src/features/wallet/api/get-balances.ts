import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

/** GET /api/asset/balances: every balance with its USD value, and the total. */
export const balancesQueryOptions = () =>
  queryOptions({
    queryKey: ['asset', 'balances'] as const,
    queryFn: () => api.fetchData('asset.balances'),
  });

export function useBalances() {
  const allowed = useVerifiedSession();
  return useQuery({ ...balancesQueryOptions(), enabled: allowed });
}

/** One asset's balance row out of the balances list (shared with the wallet tab's cache). */
export function useBalance(assetId: number | null) {
  const allowed = useVerifiedSession();
  return useQuery({
    ...balancesQueryOptions(),
    enabled: allowed && assetId !== null,
    select: (data) => data.balances.find((row) => row.asset_id === assetId) ?? null,
  });
}
