import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/** GET /api/affiliate/directs: the direct partners (names masked). Key `['affiliate', 'directs']`. */
export const directsQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliate', 'directs'] as const,
    queryFn: async () => (await api.fetchData('affiliate.directs')).directs,
    staleTime: 0,
  });

/** GET /api/affiliate/level/business: members and business per downline level. */
export const levelsQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliate', 'levels'] as const,
    queryFn: async () => (await api.fetchData('affiliate.levelBusiness')).levels,
    staleTime: 0,
  });

export function useDirects() {
  return useQuery({ ...directsQueryOptions(), enabled: useSignedIn() });
}

export function useLevels() {
  return useQuery({ ...levelsQueryOptions(), enabled: useSignedIn() });
}
