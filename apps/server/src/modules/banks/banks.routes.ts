import { defineHandlers } from '../../http/contract-routes.ts';
import * as banks from './banks.service.ts';

export const bankHandlers = defineHandlers({
  'bank.list': async (ctx) => ({ banks: await banks.list(ctx, ctx.auth.userId) }),
  'bank.create': async (ctx, { body }) => ({ bank: await banks.create(ctx, ctx.auth.userId, body) }),
});
