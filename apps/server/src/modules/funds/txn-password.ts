import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { verifyPassword } from '../auth/passwords.ts';
import * as attempts from '../security/attempts.ts';
import { attemptLimits } from '../security/attempts.ts';

/**
 * Checks the transaction password before money leaves an account (argon2 runs here, outside any
 * transaction). The attempt is taken before the password is checked: five wrong guesses in 15 minutes,
 * however many arrive at once, and the account answers 429 — the right password too — until the window ends.
 */
export async function assertTxnPassword(ctx: AppContext, userId: bigint, given: string): Promise<void> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user?.txn_password_hash) {
    throw new AppError('UNPROCESSABLE', 'Set a transaction password first (Account → Security).', {
      txn_password: 'is not set yet',
    });
  }
  const hash = user.txn_password_hash;
  await attempts.guarded(ctx.db, ctx.clock.now(), [[attemptLimits.txnPassword, String(userId)]], async () => {
    if (!(await verifyPassword(hash, given))) {
      throw new AppError('UNAUTHORIZED', 'The transaction password is not correct.', {
        txn_password: 'is not correct',
      });
    }
  });
}
