import type { AppContext } from '../../context.ts';
import { hashSecret, newToken } from '../../crypto.ts';
import type { Database } from '../../db/database.ts';
import type { AuthInfo } from '../../http/auth-info.ts';
import * as sessionsRepo from './sessions.repository.ts';

/** Sessions slide: each use pushes the expiry 30 days past now. */
export const SESSION_TTL_SECONDS = 30 * 86_400;
/** A session's expiry is rewritten at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Opens a session: a 256-bit random token, returned once and never stored; only its hash is (a stolen
 * database yields no usable session).
 */
export async function createSession(
  db: Database,
  now: Date,
  userId: bigint,
  origin: { device: string | null; ip: string | null },
): Promise<{ token: string; sessionId: bigint }> {
  const token = newToken();
  const sessionId = await sessionsRepo.insert(db, {
    userId,
    tokenHash: hashSecret(token),
    device: origin.device,
    ip: origin.ip,
    now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
  });
  return { token, sessionId };
}

/** The caller behind a token, or null when it is unknown, expired or revoked. */
export async function authenticate(ctx: AppContext, token: string): Promise<AuthInfo | null> {
  if (token.length > 200) return null;
  const now = ctx.clock.now();
  const tokenHash = hashSecret(token);
  const cached = ctx.sessions.get(tokenHash, now.getTime());
  if (cached) return cached;
  const mark = ctx.sessions.mark();
  const row = await sessionsRepo.findLive(ctx.db, tokenHash, now);
  if (!row) return null;
  let expiresAt = row.expires_at;
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    await sessionsRepo.touch(ctx.db, row.session_id, now, expiresAt);
  }
  const auth = { sessionId: row.session_id, userId: row.user_id, isEmailVerified: row.is_email_verified };
  // A revocation heard while reading may postdate the read: such an answer isn't remembered.
  if (!ctx.sessions.endedSince(auth.userId, mark)) {
    ctx.sessions.set(tokenHash, auth, now.getTime(), expiresAt.getTime());
  }
  return auth;
}

/**
 * Ends one session. Every process, this one included, hears of it when it commits (`session-ends.ts`):
 * its sockets close with a 502 and its cached lookups are forgotten.
 */
export async function revokeSession(ctx: AppContext, auth: AuthInfo): Promise<void> {
  await sessionsRepo.revoke(ctx.db, auth.sessionId, ctx.clock.now());
  ctx.sessions.forgetUser(auth.userId);
}

/**
 * Ends every session of the user; `db` may be the caller's transaction (password reset, freeze): the
 * sockets close, in every process, when it commits — not before, and not if it rolls back.
 */
export async function revokeAllSessions(
  ctx: AppContext,
  db: Database,
  userId: bigint,
  now: Date,
): Promise<number> {
  const revoked = await sessionsRepo.revokeAllOfUser(db, userId, now);
  ctx.sessions.forgetUser(userId);
  return revoked;
}

export async function listSessions(db: Database, userId: bigint, now: Date) {
  return sessionsRepo.listLive(db, userId, now);
}
