import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { nextPageOf } from '../../../lib/paging.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

export const NOTIFICATIONS_LIST_KEY = ['notifications', 'list'] as const;

/** GET /api/notification/list?page=: the user's notifications, newest first, 20 a page. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTIFICATIONS_LIST_KEY,
    queryFn: ({ pageParam }) => api.fetchData('notification.list', { query: { page: String(pageParam) } }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export function useNotifications() {
  const allowed = useVerifiedSession();
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled: allowed });
}
