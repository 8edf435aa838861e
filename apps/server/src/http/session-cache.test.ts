import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS, SessionCache } from './session-cache.ts';

const auth = (userId: bigint, sessionId = userId) => ({ sessionId, userId, isEmailVerified: true });

describe('SessionCache', () => {
  it('answers a session for a few seconds, never past the session itself', () => {
    const cache = new SessionCache();
    cache.set('a', auth(1n), 1_000, 10_000_000);
    expect(cache.get('a', 1_000 + SESSION_CACHE_MS - 1)).toEqual(auth(1n));
    expect(cache.get('a', 1_000 + SESSION_CACHE_MS)).toBeNull();
    cache.set('b', auth(2n), 1_000, 2_000);
    expect(cache.get('b', 1_999)).toEqual(auth(2n));
    expect(cache.get('b', 2_000)).toBeNull();
  });

  it('forgets every session of a user at once, and only theirs', () => {
    const cache = new SessionCache();
    cache.set('a1', auth(1n, 11n), 0, 1e12);
    cache.set('a2', auth(1n, 12n), 0, 1e12);
    cache.set('b', auth(2n), 0, 1e12);
    cache.forgetUser(1n);
    expect(cache.get('a1', 1)).toBeNull();
    expect(cache.get('a2', 1)).toBeNull();
    expect(cache.get('b', 1)).toEqual(auth(2n));
  });

  it('hears an end: forgets the user, tells its listeners, and tells a lookup that overlapped it', () => {
    const cache = new SessionCache();
    const heard: Array<bigint | null> = [];
    const stop = cache.onEnded((userId) => heard.push(userId));
    cache.set('a', auth(1n), 0, 1e12);
    cache.set('b', auth(2n), 0, 1e12);
    const mark = cache.mark();
    cache.ended(1n);
    expect(heard).toEqual([1n]);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).toEqual(auth(2n));
    expect(cache.endedSince(1n, mark)).toBe(true);
    expect(cache.endedSince(2n, mark)).toBe(false);
    expect(cache.endedSince(1n, cache.mark())).toBe(false);

    // Ends may have been missed (the listening connection was lost): everything is forgotten.
    const before = cache.mark();
    cache.ended(null);
    expect(heard).toEqual([1n, null]);
    expect(cache.get('b', 1)).toBeNull();
    expect(cache.endedSince(2n, before)).toBe(true);
    stop();
    cache.ended(3n);
    expect(heard).toEqual([1n, null]);
  });
});
