import { AppError } from '../../http/app-error.ts';
import type { HandlerMap } from '../../http/contract-routes.ts';
import { userRowToAccount } from './account.mappers.ts';
import * as usersRepo from './users.repository.ts';

export const accountHandlers: HandlerMap = {
  'account.get': async (ctx) => {
    const row = await usersRepo.findById(ctx.db, ctx.auth!.userId);
    if (!row) throw new AppError('SESSION_INVALID');
    return { account: userRowToAccount(row) };
  },
};
