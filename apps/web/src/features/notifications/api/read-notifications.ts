import type { RouteData } from '@fit24/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { NOTIFICATIONS_LIST_KEY } from './get-notifications.ts';
import { UNREAD_KEY, type Unread } from './get-unread.ts';

type ListPage = RouteData<'notification.list'>;

/** POST /api/notification/read: some notifications, or all of them. */
export function markRead(which: { ids: number[] } | 'all') {
  return api.call('notification.read', {
    body: which === 'all' ? { all: true } : { notification_ids: which.ids },
  });
}

/** Shows notifications as read in the cached list and the badge at once, before the server answers. */
export function applyRead(queryClient: QueryClient, which: { ids: number[] } | 'all'): void {
  const isTarget = (id: number) => which === 'all' || which.ids.includes(id);
  let newlyRead = 0;
  queryClient.setQueryData<InfiniteData<ListPage>>(NOTIFICATIONS_LIST_KEY, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        notifications: page.notifications.map((n) => {
          if (n.is_read === 1 || !isTarget(n.notification_id)) return n;
          newlyRead += 1;
          return { ...n, is_read: 1 as const };
        }),
      })),
    };
  });
  queryClient.setQueryData<Unread>(UNREAD_KEY, (old) =>
    old === undefined ? old : { ...old, unread: which === 'all' ? 0 : Math.max(0, old.unread - newlyRead) },
  );
}

/** The server's own unread count after a read, for the badge. */
export function setUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData<Unread>(UNREAD_KEY, (old) => (old ? { ...old, unread } : old));
}
