import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/auth/sessions: the user's signed-in devices. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['sessions'] as const,
    queryFn: () => api.fetchData('auth.sessions'),
  });
