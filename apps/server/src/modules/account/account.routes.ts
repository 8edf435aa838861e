import { AppError } from '../../http/app-error.ts';
import type { HandlerMap } from '../../http/contract-routes.ts';
import { userRowToAccount } from './account.mappers.ts';
import * as emailChange from './email-change.service.ts';
import * as usersRepo from './users.repository.ts';

export const accountHandlers: HandlerMap = {
  'account.get': async (ctx) => {
    const row = await usersRepo.findById(ctx.db, ctx.auth!.userId);
    if (!row) throw new AppError('SESSION_INVALID');
    const kyc =
      row.kyc_status === 'REJECTED'
        ? await ctx.db
            .selectFrom('kyc_submissions')
            .select('reason')
            .where('user_id', '=', row.user_id)
            .orderBy('kyc_id', 'desc')
            .limit(1)
            .executeTakeFirst()
        : undefined;
    return { account: userRowToAccount(row, kyc?.reason ?? null) };
  },
  'account.emailChange': (ctx, { body }) =>
    emailChange.requestEmailChange(ctx, ctx.auth!.userId, body, ctx.request.ip),
  'account.emailConfirm': async (ctx, { body }) => ({
    user: await emailChange.confirmEmailChange(ctx, ctx.auth!.userId, body.otp, ctx.request.ip),
  }),
};
