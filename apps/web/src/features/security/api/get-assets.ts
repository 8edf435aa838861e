import { useQuery } from '@tanstack/react-query';
import { balancesQueryOptions } from '../../../lib/balances.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

/** The assets of GET /api/asset/balances (the address book's asset picker), from the wallet's cache entry. */
export function useAssetList() {
  return useQuery({
    ...balancesQueryOptions(),
    enabled: useVerifiedSession(),
    select: (data) => data.balances.map(({ asset_id, symbol, name }) => ({ asset_id, symbol, name })),
  });
}
