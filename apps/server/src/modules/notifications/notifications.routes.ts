import { PAGE_SIZE } from '@fit24/contract';
import { toEpochSeconds } from '../../clock.ts';
import type { HandlerMap } from '../../http/contract-routes.ts';

export const notificationHandlers: HandlerMap = {
  'notification.list': async (ctx, { query }) => {
    const page = query.page ?? 1;
    const userId = ctx.auth!.userId;
    const base = ctx.db.selectFrom('notifications').where('user_id', '=', userId);
    const [rows, counts] = await Promise.all([
      base
        .selectAll()
        .orderBy('notification_id', 'desc')
        .limit(PAGE_SIZE)
        .offset((page - 1) * PAGE_SIZE)
        .execute(),
      base
        .select((eb) => [
          eb.fn.countAll<string>().as('total'),
          eb.fn.count<string>('notification_id').filterWhere('is_read', '=', false).as('unread'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      notifications: rows.map((row) => ({
        notification_id: Number(row.notification_id),
        type: row.type,
        title: row.title,
        body: row.body,
        is_read: row.is_read ? (1 as const) : (0 as const),
        creation_date: toEpochSeconds(row.created_at),
      })),
      page,
      page_size: PAGE_SIZE,
      total: Number(counts.total),
      unread: Number(counts.unread),
    };
  },
  'notification.read': async (ctx, { body }) => {
    const userId = ctx.auth!.userId;
    let update = ctx.db.updateTable('notifications').set({ is_read: true }).where('user_id', '=', userId);
    if (body.notification_ids)
      update = update.where('notification_id', 'in', body.notification_ids.map(BigInt));
    await update.execute();
    const row = await ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('unread'))
      .where('user_id', '=', userId)
      .where('is_read', '=', false)
      .executeTakeFirstOrThrow();
    return { unread: Number(row.unread) };
  },
};
