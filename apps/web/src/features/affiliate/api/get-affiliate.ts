import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/**
 * GET /api/affiliate: the user's affiliate profile (404 when there is none). Query key `['affiliate']`,
 * dropped when a session ends (spec §8). Always refetched on entering the dashboard (spec §2).
 */
export const affiliateQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliate'] as const,
    queryFn: () => api.fetchData('affiliate.get'),
    staleTime: 0,
  });

export function useAffiliate() {
  return useQuery({ ...affiliateQueryOptions(), enabled: useSignedIn() });
}
