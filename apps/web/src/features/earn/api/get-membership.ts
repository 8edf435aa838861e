import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/**
 * GET /api/affiliate, read here to know whether the user has joined (404: not yet). Same key as the
 * affiliate feature's profile query (`['affiliate']`), so both share one cached answer.
 */
export const membershipQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliate'] as const,
    queryFn: () => api.fetchData('affiliate.get'),
    staleTime: 0,
  });

export function useMembership() {
  return useQuery({ ...membershipQueryOptions(), enabled: useSignedIn(), refetchOnMount: 'always' });
}
