import type { RouteData } from '@fit24/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_LIST_KEY } from './get-notifications.ts';
import { UNREAD_KEY, type Unread } from './get-unread.ts';
import { applyRead } from './read-notifications.ts';

type Page = RouteData<'notification.list'>;

const item = (id: number, isRead: 0 | 1) => ({
  notification_id: id,
  type: 'DEPOSIT_CREDITED',
  title: `n${id}`,
  body: '',
  link: null,
  is_read: isRead,
  creation_date: 1_700_000_000,
});

function seeded() {
  const client = new QueryClient();
  const pages: Page[] = [
    { notifications: [item(3, 0), item(2, 1)], page: 1, page_size: 2, total: 3, unread: 2 },
    { notifications: [item(1, 0)], page: 2, page_size: 2, total: 3, unread: 2 },
  ];
  client.setQueryData<InfiniteData<Page>>(NOTIFICATIONS_LIST_KEY, { pages, pageParams: [1, 2] });
  client.setQueryData<Unread>(UNREAD_KEY, { unread: 2, newestId: 3 });
  return client;
}

const readFlags = (client: QueryClient) =>
  client
    .getQueryData<InfiniteData<Page>>(NOTIFICATIONS_LIST_KEY)
    ?.pages.flatMap((p) => p.notifications.map((n) => [n.notification_id, n.is_read]));

describe('applyRead', () => {
  it('marks one notification read in whichever page holds it and lowers the badge by one', () => {
    const client = seeded();
    applyRead(client, { ids: [1] });
    expect(readFlags(client)).toEqual([
      [3, 0],
      [2, 1],
      [1, 1],
    ]);
    expect(client.getQueryData(UNREAD_KEY)).toEqual({ unread: 1, newestId: 3 });
  });

  it('does not count a notification that was already read', () => {
    const client = seeded();
    applyRead(client, { ids: [2] });
    expect(client.getQueryData(UNREAD_KEY)).toEqual({ unread: 2, newestId: 3 });
  });

  it('marks everything read and zeroes the badge', () => {
    const client = seeded();
    applyRead(client, 'all');
    expect(readFlags(client)?.every(([, isRead]) => isRead === 1)).toBe(true);
    expect(client.getQueryData(UNREAD_KEY)).toEqual({ unread: 0, newestId: 3 });
  });
});
