import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/reserves: the published snapshots, newest first (public; the same for everyone). */
export const reservesQueryOptions = () =>
  queryOptions({
    queryKey: ['reserves', 'snapshots'] as const,
    queryFn: () => api.fetchData('reserves.list'),
    staleTime: 60_000,
  });

export function useReserves() {
  return useQuery(reservesQueryOptions());
}
