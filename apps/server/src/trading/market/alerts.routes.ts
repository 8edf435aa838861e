import { defineTradingHandlers } from '../context.ts';
import * as alerts from './alerts.service.ts';

export const alertHandlers = defineTradingHandlers({
  'alert.list': async (ctx) => ({ alerts: await alerts.listAlerts(ctx, ctx.auth.userId) }),
  'alert.create': async (ctx, { body }) => ({ alert: await alerts.createAlert(ctx, ctx.auth.userId, body) }),
  'alert.delete': async (ctx, { body }) => ({
    alert: await alerts.deleteAlert(ctx, ctx.auth.userId, body.alert_id),
  }),
});
