import { defineHandlers } from '../../http/contract-routes.ts';
import * as apiKeys from './api-keys.service.ts';

/** Personal API keys: made, listed and revoked from a signed-in session (never with a key). */
export const apiKeyHandlers = defineHandlers({
  'apiKey.create': (ctx, { body }) => apiKeys.create(ctx, ctx.auth.userId, body, ctx.request.ip),
  'apiKey.list': async (ctx) => ({ api_keys: await apiKeys.list(ctx, ctx.auth.userId) }),
  'apiKey.revoke': async (ctx, { body }) => ({
    api_key: await apiKeys.revoke(ctx, ctx.auth.userId, body.key_id),
  }),
});
