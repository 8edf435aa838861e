import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/** GET /api/affiliate/ranks: the ladder, the current rank and the caller's business and directs. */
export const ranksQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliate', 'ranks'] as const,
    queryFn: () => api.fetchData('affiliate.ranks'),
    staleTime: 0,
  });

/** GET /api/affiliate/offers: the operator's campaigns, newest first. */
export const offersQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliate', 'offers'] as const,
    queryFn: async () => (await api.fetchData('affiliate.offers')).offers,
    staleTime: 0,
  });

export function useRanks() {
  return useQuery({ ...ranksQueryOptions(), enabled: useSignedIn() });
}

export function useOffers() {
  return useQuery({ ...offersQueryOptions(), enabled: useSignedIn() });
}
