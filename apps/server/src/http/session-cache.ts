import type { AuthInfo } from './auth-info.ts';

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  auth: AuthInfo;
  /** Epoch ms: the entry's end (its freshness, or the session's expiry if sooner). */
  until: number;
}

/** Told that sessions of a user ended (null: of anyone, when ends may have been missed). */
export type SessionEndListener = (userId: bigint | null) => void;

/**
 * Who a bearer token belongs to, remembered for a few seconds, so that a busy client (a trading screen,
 * a bot placing orders) costs one session lookup every few seconds rather than one per request. Keyed by
 * the token's hash, bounded in size (oldest entries go first).
 *
 * A revocation committed by any process reaches every process at once (`session-ends.ts` listens for
 * it): `ended` forgets the user's entries and tells the listeners (the socket hub closes the sockets of
 * the ended sessions). A lookup that was reading the database while an end was heard may have read the
 * session before it ended: `mark` / `endedSince` let it notice that, so that it doesn't cache it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<SessionEndListener>();
  /** Counts the ends heard; `lastEnd` holds the count at each user's latest end (most recent users). */
  private ends = 0;
  private readonly lastEnd = new Map<bigint, number>();
  /** Ends at or below this count are no longer told apart by user (everyone's, or pruned from `lastEnd`). */
  private floor = 0;

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

  /**
   * Sessions of `userId` ended (revoked, in this process or another): forgets the user's entries and tells
   * the listeners. `null`: ends may have been missed (the listening connection was lost), so everything
   * is forgotten and every session is to be checked again.
   */
  ended(userId: bigint | null): void {
    this.ends += 1;
    if (userId === null) {
      this.entries.clear();
      this.lastEnd.clear();
      this.floor = this.ends;
    } else {
      this.forgetUser(userId);
      this.lastEnd.delete(userId);
      this.lastEnd.set(userId, this.ends);
      if (this.lastEnd.size > MAX_ENTRIES) {
        // Kept in the order heard: the first is the oldest, and every end before it is older still.
        const [user, end] = this.lastEnd.entries().next().value!;
        this.lastEnd.delete(user);
        this.floor = end;
      }
    }
    for (const listener of this.listeners) listener(userId);
  }

  /** Answers the function that stops listening. */
  onEnded(listener: SessionEndListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A point in the ends heard: take it before reading a session, compare after with `endedSince`. */
  mark(): number {
    return this.ends;
  }

  /** Whether an end of a session of `userId` (or of anyone) was heard after `mark`. */
  endedSince(userId: bigint, mark: number): boolean {
    return this.floor > mark || (this.lastEnd.get(userId) ?? 0) > mark;
  }
}
