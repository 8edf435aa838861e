import type { ColumnType, Generated, Selectable } from 'kysely';

/** The account's settings and web push (migration 2026112630_settings_push). */
type Id = Generated<bigint>;
type CreatedAt = ColumnType<Date, Date, never>;

export interface UserSettingsTable {
  user_id: bigint;
  theme: string;
  language: string;
  updated_at: Date;
}

export interface NotificationPreferencesTable {
  user_id: bigint;
  event: string;
  email: boolean;
  push: boolean;
  updated_at: Date;
}

export interface PushSubscriptionsTable {
  subscription_id: Id;
  user_id: bigint;
  kind: 'web' | 'fcm' | 'apns';
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  created_at: CreatedAt;
  updated_at: Date;
}

export interface NotificationSendsTable {
  send_id: Id;
  notification_id: bigint;
  user_id: bigint;
  channel: 'email' | 'push';
  subscription_id: bigint | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: CreatedAt;
}

export interface SettingsTables {
  user_settings: UserSettingsTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_sends: NotificationSendsTable;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
