import type { AuthInfo } from '../../context.ts';

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  auth: AuthInfo;
  /** Epoch ms: the entry's end (its freshness, or the session's expiry if sooner). */
  until: number;
}

/**
 * Who a bearer token belongs to, remembered for a few seconds, so that a busy client (a trading screen,
 * a bot placing orders) costs one session lookup every few seconds rather than one per request. Whatever
 * ends or changes a session in this process forgets its user at once (sign-out, sign-out everywhere,
 * password reset, email verified); another process sharing the database sees such a change within
 * `SESSION_CACHE_MS`. Keyed by the token's hash, bounded in size (oldest entries go first).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  get(tokenHash: string, nowMs: number): AuthInfo | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (nowMs < entry.until) return entry.auth;
    this.entries.delete(tokenHash);
    return null;
  }

  set(tokenHash: string, auth: AuthInfo, nowMs: number, expiresAtMs: number): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { auth, until: Math.min(nowMs + SESSION_CACHE_MS, expiresAtMs) });
  }

  forgetUser(userId: bigint): void {
    for (const [key, entry] of this.entries) if (entry.auth.userId === userId) this.entries.delete(key);
  }
}
