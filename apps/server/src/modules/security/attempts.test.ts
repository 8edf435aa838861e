import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { type AttemptLimit, guarded, prune, release, reserve } from './attempts.ts';

const limit: AttemptLimit = { bucket: 'test', max: 3, windowSeconds: 60 };

describe.each(databasesUnderTest())('attempt limits ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes at most the limit in parallel, and says when to come back', async () => {
    const now = t.ctx.clock.now();
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => reserve(t.ctx.db, now, limit, 'k1')),
    );
    const taken = results.filter((r) => r.status === 'fulfilled');
    expect(taken).toHaveLength(3);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 429, retryAfter: 60 });
  });

  it('gives an attempt back when the secret was right, and starts a new window after the old one', async () => {
    const now = t.ctx.clock.now();
    const ok = await guarded(t.ctx.db, now, [[limit, 'k2']], async () => 'right');
    expect(ok).toBe('right');
    for (let i = 0; i < 3; i += 1) {
      await expect(
        guarded(t.ctx.db, now, [[limit, 'k2']], async () => Promise.reject(new Error('wrong'))),
      ).rejects.toThrow('wrong');
    }
    await expect(reserve(t.ctx.db, now, limit, 'k2')).rejects.toMatchObject({ status: 429 });
    const later = new Date(now.getTime() + 61_000);
    const fresh = await reserve(t.ctx.db, later, limit, 'k2');
    expect(fresh.windowStart).toEqual(later);
    // A give-back of the old window never lowers the new one's count.
    await release(t.ctx.db, [{ bucket: 'test', key: 'k2', windowStart: now }]);
    const row = await t.ctx.db
      .selectFrom('attempt_limits')
      .select('attempts')
      .where('bucket', '=', 'test')
      .where('key', '=', 'k2')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
  });

  it('forgets windows long past', async () => {
    const now = t.ctx.clock.now();
    await reserve(t.ctx.db, new Date(now.getTime() - 3 * 3600_000), limit, 'old');
    await reserve(t.ctx.db, now, limit, 'recent');
    expect(await prune(t.ctx.db, now)).toBeGreaterThanOrEqual(1);
    const keys = await t.ctx.db
      .selectFrom('attempt_limits')
      .select('key')
      .where('bucket', '=', 'test')
      .execute();
    expect(keys.map((k) => k.key)).toContain('recent');
    expect(keys.map((k) => k.key)).not.toContain('old');
  });
});
