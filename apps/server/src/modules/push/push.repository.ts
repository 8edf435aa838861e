import type { TLanguage } from '@fit24/contract';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PushSubscriptionRow } from '../../db/schema-settings.ts';
import { DEFAULT_LANGUAGE } from '../settings/settings.service.ts';

export interface SubscriptionInput {
  kind: 'web' | 'fcm' | 'apns';
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
}

/**
 * One row per endpoint, in one atomic upsert: parallel subscribes of the same endpoint leave one row, and
 * an endpoint subscribed again (another account signed in on that browser) now belongs to the caller —
 * the device is where the pushes go. Then the caller keeps only their newest `keep` devices, so no
 * account makes the server post to an unbounded list of URLs.
 */
export async function upsert(
  db: Database,
  userId: bigint,
  input: SubscriptionInput,
  keep: number,
  now: Date,
): Promise<PushSubscriptionRow> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, ...input, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['kind', 'endpoint']).doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await sql`delete from push_subscriptions where subscription_id in (
      select subscription_id from push_subscriptions where user_id = ${userId}::bigint
      order by updated_at desc, subscription_id desc offset ${keep}::int)`.execute(db);
  return row;
}

/** Removes the caller's subscription of that endpoint; false when the caller has none there. */
export async function removeOfUser(
  db: Database,
  userId: bigint,
  kind: SubscriptionInput['kind'],
  endpoint: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A push service said the subscription is gone (404/410, an unregistered app): it and its waiting sends go. */
export async function removeById(db: Database, subscriptionId: bigint): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('subscription_id', '=', subscriptionId).execute();
}

/** A send due now, with what it needs: the notification, and the browser's keys or the user's email. */
export interface DueSend {
  send_id: bigint;
  notification_id: bigint;
  user_id: bigint;
  channel: 'email' | 'push';
  attempts: number;
  subscription_id: bigint | null;
  type: string;
  title: string;
  body: string;
  /** The page the notification is about; null on rows written before links. */
  link: string | null;
  /** The user's language, the notification's own (it was written in it). */
  language: TLanguage;
  /** The subscription's kind (null for an email); a native app's `endpoint` is its token. */
  kind: SubscriptionInput['kind'] | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  email: string;
}

/**
 * Claims up to `limit` sends that are due, in one statement: each is leased (its next attempt moved to
 * `leaseUntil`, its attempts counted) so another process, or this one's next poll, leaves it alone while
 * it is sent; a process that dies mid-send leaves it to be retried when the lease ends. `skip locked`
 * lets several processes claim side by side.
 */
export async function claimDue(db: Database, now: Date, leaseUntil: Date, limit: number): Promise<DueSend[]> {
  const { rows } = await sql<DueSend>`with claimed as (
      update notification_sends s set next_attempt_at = ${leaseUntil}::timestamptz, attempts = s.attempts + 1
      where s.send_id in (
        select send_id from notification_sends where next_attempt_at <= ${now}::timestamptz
        order by next_attempt_at, send_id limit ${limit}::int for update skip locked)
      returning s.*)
    select c.send_id, c.notification_id, c.user_id, c.channel, c.attempts, c.subscription_id,
      n.type, n.title, n.body, n.link, coalesce(us.language, ${DEFAULT_LANGUAGE}::text) as language,
      p.kind, p.endpoint, p.p256dh, p.auth, u.email
    from claimed c
    join notifications n on n.notification_id = c.notification_id
    join users u on u.user_id = c.user_id
    left join user_settings us on us.user_id = c.user_id
    left join push_subscriptions p on p.subscription_id = c.subscription_id
    order by c.send_id`.execute(db);
  return rows;
}

export async function removeSends(db: Database, sendIds: readonly bigint[]): Promise<void> {
  if (sendIds.length === 0) return;
  await db.deleteFrom('notification_sends').where('send_id', 'in', sendIds).execute();
}

export async function retryLater(db: Database, sendId: bigint, at: Date, error: string): Promise<void> {
  await db
    .updateTable('notification_sends')
    .set({ next_attempt_at: at, last_error: error.slice(0, 500) })
    .where('send_id', '=', sendId)
    .execute();
}

/** Market ids by symbol ("BTC/USDT"), to link a fill's or an alert's push to its market. */
export async function marketIdsBySymbol(db: Database): Promise<Map<string, number>> {
  const rows = await db.selectFrom('markets').select(['market_id', 'symbol']).execute();
  return new Map(rows.map((r) => [r.symbol, Number(r.market_id)]));
}
