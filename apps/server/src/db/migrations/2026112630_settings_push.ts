import { type Kysely, sql } from 'kysely';

/**
 * The account's settings and web push (issue 15):
 *   user_settings             theme and language; no row → the defaults (dark, English);
 *   notification_preferences  per user and event, email and push on or off; no row → push on, email off
 *                             (the new sign-in email, sent by the sign-in itself, defaults on in code);
 *   push_subscriptions        a browser's PushSubscription (endpoint and keys) or a native app's token,
 *                             one row per endpoint whoever subscribed it last;
 *   notification_sends        the outbox: each push or email a notification owes, written by a trigger
 *                             in the notification's own transaction, sent after commit by a worker.
 *
 * The trigger covers every way a notification is written (one service's `notify`, a batch's data-modifying
 * CTE), so no writer has to know about push; it is one statement per inserting statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('theme', 'text', (c) => c.notNull().check(sql`theme in ('dark', 'light', 'system')`))
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'es')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('email', 'boolean', (c) => c.notNull())
    .addColumn('push', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'event'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('subscription_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('web', 'fcm', 'apns')`))
    /** A browser's push service URL, or a native app's registration token. */
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text')
    .addColumn('auth', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('push_subscriptions_endpoint_key', ['kind', 'endpoint'])
    .execute();
  await sql`create index push_subscriptions_user_idx on push_subscriptions (user_id)`.execute(db);

  await db.schema
    .createTable('notification_sends')
    .addColumn('send_id', 'bigserial', (c) => c.primaryKey())
    .addColumn('notification_id', 'bigint', (c) =>
      c.notNull().references('notifications.notification_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'push')`))
    .addColumn('subscription_id', 'bigint', (c) =>
      c.references('push_subscriptions.subscription_id').onDelete('cascade'),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index notification_sends_due_idx on notification_sends (next_attempt_at)`.execute(db);

  await queueTrigger(db);
}

/** Which choice of Settings a notification type answers to (null: none, it is never pushed or emailed). */
async function queueTrigger(db: Kysely<unknown>): Promise<void> {
  await sql`create function notification_event(type text) returns text language sql immutable as $$
    select case type
      when 'ORDER_FILLED' then 'order_filled'
      when 'PRICE_ALERT' then 'price_alert'
      when 'DEPOSIT_CREDITED' then 'deposit_credited'
      when 'WITHDRAWAL_STATUS' then 'withdrawal_sent'
      when 'NEW_DEVICE_SIGNIN' then 'new_device_signin'
      when 'REWARD_CREDITED' then 'reward'
      when 'RANK_REACHED' then 'reward'
    end $$`.execute(db);
  // Push to each of the user's browsers unless turned off; email only when turned on (its default is
  // off), except the new sign-in email, which the sign-in sends itself with its freeze link.
  await sql`create function queue_notification_sends() returns trigger language plpgsql as $$
    begin
      insert into notification_sends
        (notification_id, user_id, channel, subscription_id, next_attempt_at, created_at)
      select n.notification_id, n.user_id, 'push', s.subscription_id, n.created_at, n.created_at
        from added n
        join push_subscriptions s on s.user_id = n.user_id and s.kind = 'web'
        left join notification_preferences p
          on p.user_id = n.user_id and p.event = notification_event(n.type)
       where notification_event(n.type) is not null and coalesce(p.push, true)
      union all
      select n.notification_id, n.user_id, 'email', null, n.created_at, n.created_at
        from added n
        join notification_preferences p
          on p.user_id = n.user_id and p.event = notification_event(n.type)
       where p.email and n.type <> 'NEW_DEVICE_SIGNIN';
      return null;
    end $$`.execute(db);
  await sql`create trigger notifications_queue_sends after insert on notifications
    referencing new table as added for each statement execute function queue_notification_sends()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger notifications_queue_sends on notifications`.execute(db);
  await sql`drop function queue_notification_sends()`.execute(db);
  await sql`drop function notification_event(text)`.execute(db);
  for (const table of [
    'notification_sends',
    'push_subscriptions',
    'notification_preferences',
    'user_settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
