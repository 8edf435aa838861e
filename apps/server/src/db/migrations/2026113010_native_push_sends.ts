import { type Kysely, sql } from 'kysely';

/**
 * Native apps' pushes (issue 15): the outbox trigger queues a push for every device of the user —
 * browsers, and now Android (FCM) and iOS (APNs) apps, which the sender delivers through their vendors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await queueFor(db, sql`true`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await queueFor(db, sql`s.kind = 'web'`);
}

/** The trigger's function of 2026112630_settings_push, with `devices` choosing the subscriptions. */
async function queueFor(db: Kysely<unknown>, devices: ReturnType<typeof sql>): Promise<void> {
  await sql`create or replace function queue_notification_sends() returns trigger language plpgsql as $$
    begin
      insert into notification_sends
        (notification_id, user_id, channel, subscription_id, next_attempt_at, created_at)
      select n.notification_id, n.user_id, 'push', s.subscription_id, n.created_at, n.created_at
        from added n
        join push_subscriptions s on s.user_id = n.user_id and ${devices}
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
}
