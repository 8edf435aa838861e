import { LANGUAGES, type TLanguage } from '@fit24/contract';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/schema.ts';
import type { NotificationLink } from './links.ts';
import { type NotificationParams, type NotificationText, type NotificationType, render } from './messages.ts';
import * as notificationsRepo from './notifications.repository.ts';

export type NotificationRow = Selectable<NotificationsTable>;
export { links } from './links.ts';
export type { NotificationType } from './messages.ts';

/** What a notification is: its type, what its text is made of, and the app page it is about. */
export type Notice = {
  [T in NotificationType]: { type: T; params: NotificationParams[T]; link: NotificationLink };
}[NotificationType];

/** A notice in every language; the insert keeps the one its user chose. */
export function toInsert(userId: bigint, notice: Notice, now: Date): notificationsRepo.NotificationInsert {
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [language, render(language, notice.type, notice.params as never)]),
  ) as Record<TLanguage, NotificationText>;
  return { userId, type: notice.type, texts, link: notice.link, now };
}

/**
 * Records a notification for a user, in the user's language; call it inside the transaction of what it
 * reports (a history-line link finds the line written earlier in that transaction).
 */
export async function notify(db: Database, userId: bigint, notice: Notice & { now: Date }): Promise<void> {
  await notificationsRepo.insertMany(db, [toInsert(userId, notice, notice.now)]);
}

/** Many notifications, each in its user's language, in one statement of a few parameters, however many rows. */
export async function notifyAll(
  db: Database,
  notices: ReadonlyArray<Notice & { userId: bigint; now: Date }>,
): Promise<void> {
  await notificationsRepo.insertMany(
    db,
    notices.map((n) => toInsert(n.userId, n, n.now)),
  );
}
