import type { RouteData, TNotification } from '@fit24/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_LIST_KEY } from './get-notifications.ts';
import { UNREAD_KEY, type Unread } from './get-unread.ts';
import { applyNotificationsMessage, countNew, listedNotifications, prependNew } from './live.ts';

type Page = RouteData<'notification.list'>;

const item = (id: number, isRead: 0 | 1 = 0): TNotification => ({
  notification_id: id,
  type: 'ORDER_FILLED',
  title: `n${id}`,
  body: '',
  link: null,
  is_read: isRead,
  creation_date: 1_700_000_000,
});

const list = (): InfiniteData<Page> => ({
  pages: [
    { notifications: [item(5), item(4, 1)], page: 1, page_size: 2, total: 3, unread: 2 },
    { notifications: [item(3)], page: 2, page_size: 2, total: 3, unread: 2 },
  ],
  pageParams: [1, 2],
});

const ids = (data: InfiniteData<Page> | undefined) =>
  data?.pages.map((p) => p.notifications.map((n) => n.notification_id));

describe('countNew', () => {
  it('counts unread notifications newer than the newest counted, and moves the newest id', () => {
    expect(countNew({ unread: 2, newestId: 5 }, [item(7), item(6, 1)])).toEqual({ unread: 3, newestId: 7 });
  });

  it('ignores notifications the count already includes (a push after the REST answer)', () => {
    const old = { unread: 2, newestId: 5 };
    expect(countNew(old, [item(5), item(3)])).toBe(old);
  });

  it('counts the first notification of an empty inbox', () => {
    expect(countNew({ unread: 0, newestId: 0 }, [item(1)])).toEqual({ unread: 1, newestId: 1 });
  });
});

describe('prependNew', () => {
  it('puts newer notifications in front of the first page, newest first, and grows total and unread', () => {
    const next = prependNew(list(), [item(6), item(7, 1), item(5)]);
    expect(ids(next)).toEqual([[7, 6, 5, 4], [3]]);
    expect(next.pages.map((p) => [p.total, p.unread])).toEqual([
      [5, 3],
      [5, 3],
    ]);
  });

  it('leaves the list as it is when nothing is newer', () => {
    const old = list();
    expect(prependNew(old, [item(4), item(2)])).toBe(old);
  });
});

describe('listedNotifications', () => {
  it('lists a row the first page pushed onto the next page once', () => {
    const data = list();
    data.pages[1]!.notifications.unshift(item(4, 1));
    expect(listedNotifications(data).map((n) => n.notification_id)).toEqual([5, 4, 3]);
  });
});

describe('applyNotificationsMessage', () => {
  const seeded = () => {
    const client = new QueryClient();
    client.setQueryData<Unread>(UNREAD_KEY, { unread: 1, newestId: 5 });
    client.setQueryData(NOTIFICATIONS_LIST_KEY, list());
    return client;
  };

  it('raises the badge and shows the notification in the list at once, once however often it comes', () => {
    const client = seeded();
    const message: Parameters<typeof applyNotificationsMessage>[1] = {
      channel: 'notifications',
      type: 'update',
      data: { notifications: [item(6)] },
    };
    applyNotificationsMessage(client, message);
    applyNotificationsMessage(client, { ...message });
    expect(client.getQueryData(UNREAD_KEY)).toEqual({ unread: 2, newestId: 6 });
    expect(ids(client.getQueryData(NOTIFICATIONS_LIST_KEY))).toEqual([[6, 5, 4], [3]]);
  });

  it('writes nothing into caches that hold no answer yet', () => {
    const client = new QueryClient();
    applyNotificationsMessage(client, {
      channel: 'notifications',
      type: 'update',
      data: { notifications: [item(1)] },
    });
    expect(client.getQueryData(UNREAD_KEY)).toBeUndefined();
    expect(client.getQueryData(NOTIFICATIONS_LIST_KEY)).toBeUndefined();
  });
});
