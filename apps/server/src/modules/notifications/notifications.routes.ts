import { PAGE_SIZE } from '@fit24/contract';
import { defineHandlers } from '../../http/contract-routes.ts';
import { toNotification } from './notifications.mappers.ts';
import * as notificationsRepo from './notifications.repository.ts';

export const notificationHandlers = defineHandlers({
  'notification.list': async (ctx, { query }) => {
    const page = query.page ?? 1;
    const { rows, total, unread } = await notificationsRepo.page(ctx.db, ctx.auth.userId, page);
    return { notifications: rows.map(toNotification), page, page_size: PAGE_SIZE, total, unread };
  },
  'notification.read': async (ctx, { body }) => {
    const userId = ctx.auth.userId;
    await notificationsRepo.markRead(ctx.db, userId, body.notification_ids?.map(BigInt) ?? null);
    return { unread: await notificationsRepo.countUnread(ctx.db, userId) };
  },
});
