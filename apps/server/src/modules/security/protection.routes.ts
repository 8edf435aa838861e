import { defineHandlers } from '../../http/contract-routes.ts';
import { setAntiPhishingPhrase } from './anti-phishing.ts';
import * as freeze from './freeze.service.ts';
import { overview } from './security.service.ts';

/** Account protection: the anti-phishing phrase, and freezing (link, security screen, operator). */
export const protectionHandlers = defineHandlers({
  'security.antiPhishing': async (ctx, { body }) => {
    await setAntiPhishingPhrase(ctx, ctx.auth.userId, body, ctx.request.ip);
    return { security: await overview(ctx, ctx.auth.userId) };
  },
  'auth.freeze': async (ctx, { body }) => {
    await freeze.freezeByLink(ctx, body.token);
    return {};
  },
  'security.freeze': async (ctx) => {
    await freeze.freezeOwnAccount(ctx, ctx.auth.userId);
    return {};
  },
  'ops.userFreeze': async (ctx, { body }) => {
    const user = await freeze.freezeByOperator(ctx, body.email_id);
    return { user_id: Number(user.user_id), frozen: 1 };
  },
  'ops.userUnfreeze': async (ctx, { body }) => {
    const user = await freeze.unfreezeByOperator(ctx, body.email_id);
    return { user_id: Number(user.user_id), frozen: 0 };
  },
});
