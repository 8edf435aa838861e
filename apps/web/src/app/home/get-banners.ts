import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useVerifiedSession } from '../../lib/signed-in.ts';

/** GET /api/banner/list: the home screen's promotional banners (operator content). */
export const bannersQueryOptions = () =>
  queryOptions({
    queryKey: ['banners'] as const,
    queryFn: () => api.fetchData('banner.list'),
    staleTime: 5 * 60_000,
  });

export function useBanners() {
  const allowed = useVerifiedSession();
  return useQuery({ ...bannersQueryOptions(), enabled: allowed });
}
