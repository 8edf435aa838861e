import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/** GET /api/affiliate/offers: the operator's campaigns, newest first. */
export const offersQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliate', 'offers'] as const,
    queryFn: async () => (await api.fetchData('affiliate.offers')).offers,
    staleTime: 0,
  });

export function useOffers() {
  return useQuery({ ...offersQueryOptions(), enabled: useSignedIn() });
}
