import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/** GET /api/stakings/list: the user's stakes, newest first. Key `['stakings']` (spec §8). */
export const stakesQueryOptions = () =>
  queryOptions({
    queryKey: ['stakings'] as const,
    queryFn: async () => (await api.fetchData('stakings.list')).stakes,
    staleTime: 0,
  });

export function useStakes() {
  return useQuery({ ...stakesQueryOptions(), enabled: useSignedIn() });
}
