import type { HandlerMap } from '../../http/contract-routes.ts';
import * as sessions from './sessions.service.ts';

export const authHandlers: HandlerMap = {
  'auth.signout': async (ctx) => {
    if (ctx.auth) await sessions.revokeSession(ctx.db, ctx.auth.sessionId, ctx.clock.now());
    return {};
  },
};
