import { AppError } from '../../http/app-error.ts';
import { defineHandlers } from '../../http/contract-routes.ts';
import * as kycRepo from '../kyc/kyc.repository.ts';
import { userRowToAccount } from './account.mappers.ts';
import * as emailChange from './email-change.service.ts';
import * as usersRepo from './users.repository.ts';

export const accountHandlers = defineHandlers({
  'account.get': async (ctx) => {
    const row = await usersRepo.findById(ctx.db, ctx.auth.userId);
    if (!row) throw new AppError('SESSION_INVALID');
    const kyc = row.kyc_status === 'REJECTED' ? await kycRepo.latestReason(ctx.db, row.user_id) : undefined;
    return { account: userRowToAccount(row, kyc?.reason ?? null) };
  },
  'account.emailChange': (ctx, { body }) =>
    emailChange.requestEmailChange(ctx, ctx.auth.userId, body, ctx.request.ip),
  'account.emailConfirm': async (ctx, { body }) => ({
    user: await emailChange.confirmEmailChange(ctx, ctx.auth.userId, body.otp, ctx.request.ip),
  }),
});
