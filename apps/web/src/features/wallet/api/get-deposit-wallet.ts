import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

/**
 * GET /api/asset/wallet?asset_id=: the user's deposit address (made on the first call, stable after).
 * Keyed under 'asset', not 'wallet': that key is the affiliate wallet's (spec §8).
 */
export const depositWalletQueryOptions = (assetId: number) =>
  queryOptions({
    queryKey: ['asset', 'deposit-wallet', assetId] as const,
    queryFn: () => api.fetchData('asset.wallet', { query: { asset_id: String(assetId) } }),
    staleTime: 10 * 60_000,
  });

/** `enabled` false while it is not known yet that the asset's network works (no address is asked for). */
export function useDepositWallet(assetId: number | null, enabled = true) {
  const allowed = useVerifiedSession();
  return useQuery({
    ...depositWalletQueryOptions(assetId ?? 0),
    enabled: allowed && enabled && assetId !== null,
  });
}
