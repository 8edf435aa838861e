import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import * as notificationsRepo from './notifications.repository.ts';

export type NotificationRow = Selectable<NotificationsTable>;

export type NotificationType =
  | 'KYC_APPROVED'
  | 'KYC_REJECTED'
  | 'NEW_DEVICE_SIGNIN'
  | 'SECURITY_CHANGED'
  | 'ACCOUNT_FROZEN'
  | 'PASSWORD_CHANGED'
  | 'TXN_PASSWORD_SET'
  | 'DEPOSIT_CREDITED'
  | 'DEPOSIT_DROPPED'
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
  await notificationsRepo.insert(db, {
    user_id: userId,
    type: notification.type,
    title: notification.title,
    body: notification.body,
    created_at: notification.now,
  });
}

/** Many notifications in one statement of five parameters (one array per column), however many rows. */
export async function notifyAll(
  db: Database,
  notifications: ReadonlyArray<{
    userId: bigint;
    type: NotificationType;
    title: string;
    body: string;
    now: Date;
  }>,
): Promise<void> {
  if (notifications.length === 0) return;
  await notificationsRepo.insertMany(db, notifications);
}
