import { useQuery } from '@tanstack/react-query';
import { balancesQueryOptions } from '../../../lib/balances.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

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
