import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';

export const UNREAD_KEY = ['notifications', 'unread'] as const;

/**
 * The badge's cache: how many notifications are unread, and the newest notification id that count
 * includes (0 when there is none), so a notification the socket brings is counted once, never twice.
 */
export interface Unread {
  unread: number;
  newestId: number;
}

/**
 * The socket keeps the badge current (live.ts); this slow refetch is only a safety net for a socket that
 * is down or a notification the server did not push.
 */
export const UNREAD_SAFETY_REFETCH_MS = 120_000;

/** How many notifications are unread: `unread` of the list's first page, with that page's newest id. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_KEY,
    queryFn: async (): Promise<Unread> => {
      const first = await api.fetchData('notification.list', { query: { page: '1' } });
      return { unread: first.unread, newestId: first.notifications[0]?.notification_id ?? 0 };
    },
    refetchInterval: UNREAD_SAFETY_REFETCH_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });

/** The unread count for the tab badges; 0 while unknown, and never asked without a verified session. */
export function useUnreadCount(): number {
  const allowed = useVerifiedSession();
  return useQuery({ ...unreadQueryOptions(), enabled: allowed }).data?.unread ?? 0;
}
