import { defineHandlers } from '../../http/contract-routes.ts';
import { evmChainOf, setToken } from './custody.ts';
import { reconcile } from './reconcile.ts';

export const custodyHandlers = defineHandlers({
  'ops.custody': async (ctx) => ({ custody: await reconcile(ctx, evmChainOf(ctx)) }),
  'ops.custodyToken': async (ctx, { body }) => ({
    token: await setToken(ctx, evmChainOf(ctx), body.symbol, body.contract),
  }),
});
