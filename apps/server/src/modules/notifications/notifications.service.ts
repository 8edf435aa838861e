import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/schema.ts';

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
