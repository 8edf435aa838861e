import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/** GET /api/affiliate/wallet: the affiliate wallet (balance, total claimed, minimum claim). Key `['wallet']`. */
export const walletQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet'] as const,
    queryFn: async () => (await api.fetchData('affiliate.wallet')).wallet,
    staleTime: 0,
  });

export function useAffiliateWallet() {
  return useQuery({ ...walletQueryOptions(), enabled: useSignedIn() });
}
