import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

export const UNREAD_KEY = ['notifications', 'unread'] as const;

/** How many notifications are unread: `unread` of the list's first page. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_KEY,
    queryFn: async () => (await api.fetchData('notification.list', { query: { page: '1' } })).unread,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });

/** The unread count for the tab badges; 0 while unknown, and never asked without a verified session. */
export function useUnreadCount(): number {
  const allowed = useVerifiedSession();
  return useQuery({ ...unreadQueryOptions(), enabled: allowed }).data ?? 0;
}
