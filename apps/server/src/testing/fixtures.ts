import { randomBytes } from 'node:crypto';
import type { TUser } from '@fit24/contract';
import type { AppContext } from '../context.ts';
import { userRowToUser } from '../modules/account/account.mappers.ts';
import * as usersRepo from '../modules/account/users.repository.ts';
import { createSession } from '../modules/auth/sessions.service.ts';

/**
 * A user with a live session, written straight to the database. Tests of the foundation use it;
 * sign-up and sign-in go through the API once the identity module exists.
 */
export async function createUserWithSession(
  ctx: AppContext,
  options: { emailVerified?: boolean; name?: string } = {},
): Promise<{ user: TUser; token: string; sessionId: bigint }> {
  const suffix = randomBytes(4).toString('hex');
  const row = await usersRepo.insert(ctx.db, {
    name: options.name ?? `Test User ${suffix}`,
    email: `user-${suffix}@example.com`,
    password_hash: 'not-a-real-hash',
    mobile: `+4477009${Number.parseInt(suffix, 16) % 100_000}`.slice(0, 13),
    country_code: 'GB',
    is_email_verified: options.emailVerified ?? true,
    referral_code: `R${suffix.toUpperCase()}`,
    created_at: ctx.clock.now(),
  });
  const { token, sessionId } = await createSession(ctx.db, ctx.clock.now(), row.user_id, {
    device: 'test',
    ip: '127.0.0.1',
  });
  return { user: userRowToUser(row), token, sessionId };
}
