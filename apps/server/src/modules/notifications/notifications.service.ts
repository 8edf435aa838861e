import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import { insertRows } from '../../db/unnest.ts';

export type NotificationRow = Selectable<NotificationsTable>;

export type NotificationType =
  | 'KYC_APPROVED'
  | 'KYC_REJECTED'
  | 'NEW_DEVICE_SIGNIN'
  | 'PASSWORD_CHANGED'
  | 'TXN_PASSWORD_SET'
  | 'DEPOSIT_CREDITED'
  | 'WITHDRAWAL_STATUS'
  | 'TRANSFER_SENT'
  | 'TRANSFER_RECEIVED'
  | 'LOCKED_GRANTED'
  | 'STAKE_CREATED'
  | 'STAKE_BOOSTED'
  | 'REWARD_CREDITED'
  | 'RANK_REACHED'
  | 'ORDER_FILLED'
  | 'PRICE_ALERT';

/** Records a notification for a user; call it inside the transaction of what it reports. */
export async function notify(
  db: Database,
  userId: bigint,
  notification: { type: NotificationType; title: string; body: string; now: Date },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      type: notification.type,
      title: notification.title,
      body: notification.body,
      created_at: notification.now,
    })
    .execute();
}

/** Records many notifications with one statement (the market worker's batches); answers the rows. */
export async function notifyMany(
  db: Database,
  notifications: Array<{ userId: bigint; type: NotificationType; title: string; body: string; now: Date }>,
): Promise<NotificationRow[]> {
  if (notifications.length === 0) return [];
  const { rows } = await sql<NotificationRow>`${insertRows('notifications', notifications, {
    user_id: ['bigint', (n) => n.userId],
    type: ['text', (n) => n.type],
    title: ['text', (n) => n.title],
    body: ['text', (n) => n.body],
    created_at: ['timestamptz', (n) => n.now],
  })} returning *`.execute(db);
  return rows;
}
