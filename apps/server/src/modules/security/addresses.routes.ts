import { defineHandlers } from '../../http/contract-routes.ts';
import * as addresses from './addresses.service.ts';
import { limitsOf } from './limits.service.ts';

/** Money-movement controls: the withdrawal address book, whitelist-only, and the KYC withdrawal limits. */
export const moneyControlHandlers = defineHandlers({
  'security.addresses': async (ctx, { query }) => ({
    addresses: await addresses.list(ctx, ctx.auth.userId, query.asset_id),
  }),
  'security.addressAdd': async (ctx, { body }) => ({
    address: await addresses.add(ctx, ctx.auth.userId, body, ctx.request.ip),
  }),
  'security.addressConfirm': async (ctx, { body }) => ({
    address: await addresses.confirm(ctx, ctx.auth.userId, body, ctx.request.ip),
  }),
  'security.addressRemove': async (ctx, { body }) => {
    await addresses.remove(ctx, ctx.auth.userId, body, ctx.request.ip);
    return {};
  },
  'security.whitelist': async (ctx, { body }) => ({
    security: await addresses.setWhitelist(ctx, ctx.auth.userId, body, ctx.request.ip),
  }),
  'account.limits': async (ctx) => ({ limits: await limitsOf(ctx, ctx.auth.userId) }),
});
