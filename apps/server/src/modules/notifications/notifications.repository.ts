import { PAGE_SIZE } from '@fit24/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import { insertRows } from '../../db/unnest.ts';

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

export async function insert(db: Database, row: Insertable<NotificationsTable>): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/** Many rows in one statement of five parameters (one array per column), however many rows. */
export async function insertMany(
  db: Database,
  rows: ReadonlyArray<{ userId: bigint; type: string; title: string; body: string; now: Date }>,
): Promise<void> {
  await insertRows('notifications', rows, {
    user_id: ['bigint', (n) => n.userId],
    type: ['text', (n) => n.type],
    title: ['text', (n) => n.title],
    body: ['text', (n) => n.body],
    created_at: ['timestamptz', (n) => n.now],
  }).execute(db);
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
