import { revokeAllSessions } from '../../modules/auth/sessions.service.ts';
import { lastDone } from '../../modules/operators/trail.ts';
import { defineTradingHandlers } from '../../trading/context.ts';
import * as console from './console.service.ts';
import * as settings from './settings.ts';

/** The operators' console (issue 14): reads over every module, and the runtime settings. */
export const consoleHandlers = defineTradingHandlers({
  'ops.dashboard': async (ctx) => {
    const audit = await lastDone(ctx, 'ops.audit');
    const ok = (audit?.after as { ok?: boolean } | undefined)?.ok;
    return console.dashboard(ctx, audit && ok !== undefined ? { ok, at: audit.at } : null);
  },
  'ops.users': (ctx, { query }) => console.users(ctx, query),
  'ops.user': async (ctx, { query }) => {
    ctx.note.target = `user_id:${query.user_id}`;
    return console.user(ctx, query.user_id);
  },
  'ops.userSessionsRevoke': async (ctx, { body }) => {
    const revoked = await revokeAllSessions(ctx, ctx.db, BigInt(body.user_id), ctx.clock.now());
    ctx.note.after = { revoked };
    return { revoked };
  },
  'ops.kycQueue': (ctx, { query }) => console.kycQueue(ctx, query),
  'ops.deposits': (ctx, { query }) => console.deposits(ctx, query),
  'ops.assets': (ctx) => settings.assets(ctx),
  'ops.assetSave': async (ctx, { body }) => {
    const { before, asset } = await settings.saveAsset(ctx, body);
    Object.assign(ctx.note, { before, after: asset });
    return { asset };
  },
  'ops.markets': (ctx) => settings.markets(ctx),
  'ops.marketCreate': async (ctx, { body }) => {
    const created = await settings.createMarket(ctx, body);
    Object.assign(ctx.note, {
      target: `symbol:${created.market.symbol.toLowerCase()}`,
      after: created.market,
    });
    return created;
  },
  'ops.marketUpdate': async (ctx, { body }) => {
    const { before, market } = await settings.updateMarket(ctx, body);
    Object.assign(ctx.note, { before, after: market });
    return { market };
  },
});
