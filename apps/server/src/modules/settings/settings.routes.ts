import { defineHandlers } from '../../http/contract-routes.ts';
import { getSettings, updateSettings } from './settings.service.ts';

export const settingsHandlers = defineHandlers({
  'settings.get': async (ctx) => ({ settings: await getSettings(ctx.db, ctx.auth.userId) }),
  'settings.update': async (ctx, { body }) => ({
    settings: await updateSettings(ctx, ctx.auth.userId, body),
  }),
});
