import type { TNotification } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { NotificationRow } from './notifications.service.ts';

/** A notification row as the API shows it: `notification/list` and the socket's `notifications` channel. */
export function toNotification(row: NotificationRow): TNotification {
  return {
    notification_id: Number(row.notification_id),
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    is_read: row.is_read ? 1 : 0,
    creation_date: toEpochSeconds(row.created_at),
  };
}
