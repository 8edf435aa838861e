import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { useSignedIn } from './session.ts';

/**
 * GET /api/affiliate/programme: the numbers the server runs the programme on (yields, boost window and
 * target multipliers, minimums, level income). The affiliate screens and the Earn page show these, never a
 * copy of their own; they change only when the operator reconfigures the server, so an hour's cache is plenty.
 */
export const programmeQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliate', 'programme'] as const,
    queryFn: async () => (await api.fetchData('affiliate.programme')).programme,
    staleTime: 3_600_000,
  });

export function useProgramme() {
  return useQuery({ ...programmeQueryOptions(), enabled: useSignedIn() });
}
