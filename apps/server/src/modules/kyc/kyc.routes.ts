import { defineHandlers } from '../../http/contract-routes.ts';
import { upload } from './files.service.ts';
import * as kyc from './kyc.service.ts';

export const kycHandlers = defineHandlers({
  'file.upload': async (ctx, _input) => ({ file: await upload(ctx, ctx.auth.userId, ctx.request) }),
  'account.create': async (ctx, { body }) => ({ kyc: await kyc.submit(ctx, ctx.auth.userId, body) }),
  'ops.kycApprove': async (ctx, { body }) => ({
    kyc: await kyc.decide(ctx, body.email_id, { status: 'APPROVED' }),
  }),
  'ops.kycReject': async (ctx, { body }) => ({
    kyc: await kyc.decide(ctx, body.email_id, {
      status: 'REJECTED',
      ...(body.reason ? { reason: body.reason } : {}),
    }),
  }),
});
