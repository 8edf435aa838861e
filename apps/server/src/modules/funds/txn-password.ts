import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { assertUnderLimit, type Limit, recordEvent } from '../auth/rate-limit.ts';

const txnPasswordLimit: Limit = { bucket: 'txn-password-fail', max: 5, windowSeconds: 900 };

/**
 * Checks the transaction password before money leaves an account (argon2 runs here, outside any
 * transaction). Wrong guesses count: five in 15 minutes and the account answers 429.
 */
export async function assertTxnPassword(ctx: AppContext, userId: bigint, given: string): Promise<void> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user?.txn_password_hash) {
    throw new AppError('UNPROCESSABLE', 'Set a transaction password first (Account → Security).', {
      txn_password: 'is not set yet',
    });
  }
  const key = String(userId);
  await assertUnderLimit(ctx.db, ctx.clock.now(), txnPasswordLimit, key);
  if (!(await verifyPassword(user.txn_password_hash, given))) {
    await recordEvent(ctx.db, ctx.clock.now(), txnPasswordLimit, key);
    throw new AppError('UNAUTHORIZED', 'The transaction password is not correct.', {
      txn_password: 'is not correct',
    });
  }
}
