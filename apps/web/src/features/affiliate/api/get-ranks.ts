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

export function useRanks() {
  return useQuery({ ...ranksQueryOptions(), enabled: useSignedIn() });
}
