import { LANGUAGES, PAGE_SIZE, type TLanguage } from '@fit24/contract';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import { unnestRows } from '../../db/unnest.ts';
import { DEFAULT_LANGUAGE } from '../settings/settings.service.ts';
import { type NotificationLink, TRANSACTION_PATH } from './links.ts';
import type { NotificationText } from './messages.ts';

type NotificationRow = Selectable<NotificationsTable>;

/** A page of a user's notifications, newest first, with their total and unread counts. */
export async function page(
  db: Database,
  userId: bigint,
  pageNumber: number,
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const base = db.selectFrom('notifications').where('user_id', '=', userId);
  const [rows, counts] = await Promise.all([
    base
      .selectAll()
      .orderBy('notification_id', 'desc')
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.count<string>('notification_id').filterWhere('is_read', '=', false).as('unread'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counts.total), unread: Number(counts.unread) };
}

/** Marks the user's notifications read: these ids (other users' are untouched), or all (null). */
export async function markRead(db: Database, userId: bigint, ids: readonly bigint[] | null): Promise<void> {
  let update = db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId);
  if (ids) update = update.where('notification_id', 'in', ids);
  await update.execute();
}

export async function countUnread(db: Database, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('unread'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** A notification to write: its text in every language, the user's own chosen at the insert. */
export interface NotificationInsert {
  userId: bigint;
  type: string;
  texts: Record<TLanguage, NotificationText>;
  link: NotificationLink;
  now: Date;
}

/**
 * Notifications as rows of a statement, one array per column (see `insertLocalized` for the columns):
 * a constant number of parameters however many rows.
 */
export function localizedRows(rows: readonly NotificationInsert[]): RawBuilder<unknown> {
  const history = (n: NotificationInsert) => (typeof n.link === 'object' ? n.link?.historyOf : undefined);
  const texts = LANGUAGES.flatMap((language) => [
    [`title_${language}`, ['text', (n: NotificationInsert) => n.texts[language].title]] as const,
    [`body_${language}`, ['text', (n: NotificationInsert) => n.texts[language].body]] as const,
  ]);
  const v = unnestRows('v', rows, {
    user_id: ['bigint', (n) => n.userId],
    type: ['text', (n) => n.type],
    ...Object.fromEntries(texts),
    link: ['text', (n) => (typeof n.link === 'string' ? n.link : null)],
    ref_type: ['text', (n) => history(n)?.refType ?? null],
    ref_id: ['bigint', (n) => history(n)?.refId ?? null],
    created_at: ['timestamptz', (n) => n.now],
  });
  return sql`select * from ${v}`;
}

/**
 * Inserts `source`'s rows — columns user_id, type, title_<language> and body_<language> for each
 * language, link, ref_type, ref_id, created_at — each in its user's language (user_settings, read by
 * this statement in the writer's transaction; no row → the default). A row with a `ref_type` and no link
 * links the user's own history line of that deposit, withdrawal or transfer. Returns the rows written.
 */
export function insertLocalized(source: RawBuilder<unknown>): RawBuilder<NotificationRow> {
  const inLanguage = (text: 'title' | 'body') =>
    sql`case coalesce(s.language, ${DEFAULT_LANGUAGE}::text) ${sql.join(
      LANGUAGES.map((language) => sql`when ${language}::text then ${sql.ref(`n.${text}_${language}`)}`),
      sql` `,
    )} end`;
  return sql<NotificationRow>`insert into notifications (user_id, type, title, body, link, is_read, created_at)
    select n.user_id, n.type, ${inLanguage('title')}, ${inLanguage('body')},
      coalesce(n.link, (select ${TRANSACTION_PATH}::text || t.tx_id from asset_transactions t
        where t.user_id = n.user_id and t.ref_type = n.ref_type and t.ref_id = n.ref_id
        order by t.tx_id limit 1)),
      false, n.created_at
    from (${source}) as n
    left join user_settings s on s.user_id = n.user_id
    returning *`;
}

/** Writes notifications in one statement of few parameters, however many rows. */
export async function insertMany(db: Database, rows: readonly NotificationInsert[]): Promise<void> {
  if (rows.length > 0) await insertLocalized(localizedRows(rows)).execute(db);
}

/** The id of the newest notification, or undefined when there is none. */
export async function newestId(db: Database): Promise<bigint | undefined> {
  const newest = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('notification_id').as('id'))
    .executeTakeFirst();
  return newest?.id ?? undefined;
}

/** Every user's notifications after `afterId`, oldest first, at most `limit` of them. */
export async function after(db: Database, afterId: bigint, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('notification_id', '>', afterId)
    .orderBy('notification_id')
    .limit(limit)
    .execute();
}
