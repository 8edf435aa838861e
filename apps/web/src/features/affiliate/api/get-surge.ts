import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

export type SurgeWeek = 'current' | 'previous';

/**
 * GET /api/affiliate/surge (this week) or …/surge/previous (last week): the week's multiplier and its
 * dates. Keys `['surge', 'current']` and `['surge', 'previous']` (spec §8).
 */
export const surgeQueryOptions = (week: SurgeWeek) =>
  queryOptions({
    queryKey: ['surge', week] as const,
    queryFn: async () =>
      (await api.fetchData(week === 'current' ? 'affiliate.surge' : 'affiliate.surgePrevious')).surge,
    staleTime: 0,
  });

export function useSurge(week: SurgeWeek) {
  return useQuery({ ...surgeQueryOptions(week), enabled: useSignedIn() });
}
