import type { RouteData, TNotification, TServerMessage } from '@fit24/contract';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useVerifiedSession } from '../../../lib/signed-in.ts';
import { useLiveChannel, useLiveReconnect } from '../../../lib/ws-client-react.ts';
import { NOTIFICATIONS_LIST_KEY } from './get-notifications.ts';
import { UNREAD_KEY, type Unread } from './get-unread.ts';

type ListPage = RouteData<'notification.list'>;
type NotificationsMessage = Extract<TServerMessage, { channel: 'notifications' }>;

/** Messages already applied: every listener of a channel gets the same message object. */
const handled = new WeakSet<NotificationsMessage>();

/**
 * The `notifications` channel feeding the badge and the list (DESIGN §3): each pushed notification is
 * written into the REST caches at once. Dedupe is by id — a notification no newer than the newest the
 * cache holds is already counted — so a REST answer and a push of the same notification, or several
 * screens listening at once, never count it twice. Mounted by the tab layout and the notifications page.
 */
export function useLiveNotifications(): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  useLiveChannel('notifications', { enabled }, (message) => {
    if (message.channel !== 'notifications' || handled.has(message)) return;
    handled.add(message);
    applyNotificationsMessage(client, message);
  });
  // Notifications made while the socket was down reached no cache.
  useLiveReconnect(enabled, () => void client.invalidateQueries({ queryKey: ['notifications'] }));
}

/**
 * An update is written into loaded caches; a cache still loading its REST answer (which may predate the
 * notification) is fetched again. A snapshot (the latest notifications, sent on subscribe) only adds what
 * a loaded cache lacks: the REST answer on its way is at least as fresh.
 */
export function applyNotificationsMessage(client: QueryClient, message: NotificationsMessage): void {
  const incoming = message.data.notifications;
  const isUpdate = message.type === 'update';
  for (const queryKey of [UNREAD_KEY, NOTIFICATIONS_LIST_KEY]) {
    const state = client.getQueryState(queryKey);
    if (isUpdate && state?.fetchStatus === 'fetching') void client.invalidateQueries({ queryKey });
  }
  client.setQueryData<Unread>(UNREAD_KEY, (old) => (old ? countNew(old, incoming) : old));
  client.setQueryData<InfiniteData<ListPage>>(NOTIFICATIONS_LIST_KEY, (old) =>
    old ? prependNew(old, incoming) : old,
  );
}

/** The badge's count with the unread ones among `incoming` that are newer than the newest counted. */
export function countNew(old: Unread, incoming: readonly TNotification[]): Unread {
  const fresh = incoming.filter((n) => n.notification_id > old.newestId);
  if (fresh.length === 0) return old;
  return {
    unread: old.unread + fresh.filter((n) => n.is_read === 0).length,
    newestId: Math.max(old.newestId, ...fresh.map((n) => n.notification_id)),
  };
}

/**
 * The list with `incoming` notifications newer than its newest put in front of its first page (newest
 * first); `total` and `unread` follow. Later pages are fetched by number, so one may repeat a row the
 * first page pushed down: readers list the pages through `listedNotifications`.
 */
export function prependNew(
  old: InfiniteData<ListPage>,
  incoming: readonly TNotification[],
): InfiniteData<ListPage> {
  const [first, ...rest] = old.pages;
  if (!first) return old;
  const newest = first.notifications[0]?.notification_id ?? 0;
  const fresh = incoming
    .filter((n) => n.notification_id > newest)
    .sort((a, b) => b.notification_id - a.notification_id);
  if (fresh.length === 0) return old;
  const added = fresh.length;
  const addedUnread = fresh.filter((n) => n.is_read === 0).length;
  const grown = (page: ListPage): ListPage => ({
    ...page,
    total: page.total + added,
    unread: page.unread + addedUnread,
  });
  return {
    ...old,
    pages: [{ ...grown(first), notifications: [...fresh, ...first.notifications] }, ...rest.map(grown)],
  };
}

/** Every loaded notification once, newest first. */
export function listedNotifications(data: InfiniteData<ListPage> | undefined): TNotification[] {
  const seen = new Set<number>();
  const listed: TNotification[] = [];
  for (const page of data?.pages ?? []) {
    for (const n of page.notifications) {
      if (seen.has(n.notification_id)) continue;
      seen.add(n.notification_id);
      listed.push(n);
    }
  }
  return listed;
}
