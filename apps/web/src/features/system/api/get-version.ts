import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/version (public). Query key `['version']`: dropped when a session ends (spec §8). */
export const versionQueryOptions = () =>
  queryOptions({
    queryKey: ['version'] as const,
    queryFn: () => api.fetchData('system.version'),
  });
