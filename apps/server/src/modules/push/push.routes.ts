import { defineHandlers } from '../../http/contract-routes.ts';
import * as push from './push.service.ts';

export const pushHandlers = defineHandlers({
  'push.key': (ctx) => ({ public_key: ctx.config.vapid.publicKey }),
  'push.subscribe': (ctx, { body }) => push.subscribe(ctx, ctx.auth.userId, body),
  'push.unsubscribe': async (ctx, { body }) => {
    await push.unsubscribe(ctx, ctx.auth.userId, body);
    return {};
  },
});
