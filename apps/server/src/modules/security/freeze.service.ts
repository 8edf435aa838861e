import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import * as usersRepo from '../account/users.repository.ts';
import { deliver } from '../auth/auth.service.ts';
import * as sessions from '../auth/sessions.service.ts';
import { links, notify } from '../notifications/notifications.service.ts';
import * as tokens from './auth-tokens.repository.ts';
import { securityMessages } from './security-messages.ts';

/**
 * Freezing an account: every session ends (in every process, at commit) and money stops leaving it
 * (`assertMayMoveFunds` refuses a frozen user) until an operator unfreezes it. Signing in still works,
 * so the owner can read the account. Freezing a frozen account is fine: its sessions end again (a
 * sign-in since then may be the intruder's), the first reason stays, nothing is sent twice.
 */

export type FreezeSource = 'LINK' | 'USER' | 'OPERATOR';

const REASONS: Record<FreezeSource, string> = {
  LINK: "frozen from the “this wasn't me” link of a new sign-in email",
  USER: 'frozen by you from the security screen',
  OPERATOR: 'frozen by our support team',
};

export const freezeLinkInvalid = () =>
  new AppError(
    'NOT_FOUND',
    'This freeze link does not work: it was already used, it has expired (a link lasts 7 days), or it was not copied whole. To freeze your account, sign in and use the security screen, or contact support.',
  );

/** Freezes from the link of a new-sign-in email; the link is used up in the same transaction. */
export async function freezeByLink(ctx: AppContext, token: string): Promise<void> {
  await freeze(ctx, 'LINK', async (trx, now) => {
    const row = await tokens.consume(trx, 'FREEZE', token, now);
    if (!row?.user_id) throw freezeLinkInvalid();
    return row.user_id;
  });
}

/** The signed-in user freezes their own account (this session ends too). */
export async function freezeOwnAccount(ctx: AppContext, userId: bigint): Promise<void> {
  await freeze(ctx, 'USER', async () => userId);
}

/** An operator freezes the account of an email address; 404 when there is none. */
export async function freezeByOperator(ctx: AppContext, email: string): Promise<UserRow> {
  const user = await userByEmail(ctx, email);
  await freeze(ctx, 'OPERATOR', async () => user.user_id);
  return user;
}

/** Only an operator unfreezes; unfreezing an account that is not frozen changes nothing. */
export async function unfreezeByOperator(ctx: AppContext, email: string): Promise<UserRow> {
  const found = await userByEmail(ctx, email);
  const now = ctx.clock.now();
  const unfrozen = await ctx.db.transaction().execute(async (trx) => {
    const user = await usersRepo.lockById(trx, found.user_id);
    if (user.frozen_at === null) return false;
    await usersRepo.update(trx, user.user_id, { frozen_at: null, frozen_reason: null });
    await notify(trx, user.user_id, {
      type: 'SECURITY_CHANGED',
      params: { change: 'UNFROZEN' },
      link: links.security,
      now,
    });
    return true;
  });
  if (unfrozen) await deliver(ctx, [['email', securityMessages.unfrozen(found.email, now)]]);
  return found;
}

/** One freeze: finds the user (inside the transaction), locks, marks, ends the sessions; emails after commit. */
async function freeze(
  ctx: AppContext,
  source: FreezeSource,
  whom: (trx: Database, now: Date) => Promise<bigint>,
): Promise<void> {
  const now = ctx.clock.now();
  const reason = REASONS[source];
  const { user, frozenNow } = await ctx.db.transaction().execute(async (trx) => {
    const userId = await whom(trx, now);
    const user = await usersRepo.lockById(trx, userId);
    const frozenNow = user.frozen_at === null;
    if (frozenNow) {
      await usersRepo.update(trx, userId, { frozen_at: now, frozen_reason: reason });
      await notify(trx, userId, {
        type: 'ACCOUNT_FROZEN',
        params: { source },
        link: links.security,
        now,
      });
    }
    await sessions.revokeAllSessions(ctx, trx, userId, now);
    return { user, frozenNow };
  });
  if (frozenNow) await deliver(ctx, [['email', securityMessages.frozen(user.email, { when: now, reason })]]);
}

async function userByEmail(ctx: AppContext, email: string): Promise<UserRow> {
  const user = await usersRepo.findByEmail(ctx.db, email);
  if (!user) throw new AppError('NOT_FOUND', `There is no user with the email ${email.toLowerCase()}.`);
  return user;
}
