import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { fundedUser } from '../../testing/trading.ts';
import * as repo from './api-keys.repository.ts';
import { admitCall } from './call-admissions.ts';

/**
 * Calls made with personal keys admitted in batches (issue 17 §3): one statement admits many calls, each
 * refused or admitted as it would be alone, no more per key than its windows have room for, also when
 * statements run at once on PostgreSQL.
 */

async function newKey(t: TestApp, user: RegisteredUser, scopes: string[]): Promise<string> {
  const { status, body } = await t.api('POST', '/api/api-keys/create', {
    token: user.token,
    body: { label: 'Bot', scopes },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.api_key.key_id;
}

async function rates(t: TestApp, publicId: string) {
  const key = await repo.findByPublicId(t.ctx.db, publicId);
  return key && repo.findRates(t.ctx.db, key.api_key_id);
}

describe.each(databasesUnderTest())('call admissions on $name', (database) => {
  let t: TestApp;
  let user: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(database);
    user = await fundedUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('admits or refuses each call of one statement as it would alone, the first calls of a key up to its limit', async () => {
    const reader = await newKey(t, user, ['read']);
    const trader = await newKey(t, user, ['read', 'trade']);
    const revoked = await newKey(t, user, ['read']);
    const unverified = await newKey(t, await fundedUser(t), ['read']);
    await t.api('POST', '/api/api-keys/revoke', { token: user.token, body: { key_id: revoked } });
    await t.ctx.db
      .updateTable('users')
      .set({ is_email_verified: false })
      .where('user_id', '=', (await repo.findByPublicId(t.ctx.db, unverified))!.user_id)
      .execute();
    const read = { scope: 'read', verifiedEmail: true };
    const trade = { scope: 'trade', verifiedEmail: true };
    const calls: repo.KeyCall[] = [
      { publicId: reader, ...read },
      { publicId: reader, ...trade }, // the key lacks the scope
      ...Array.from({ length: 7 }, () => ({ publicId: trader, ...trade })),
      { publicId: revoked, ...read },
      { publicId: 'fk_000000000000000000000000', ...read },
      { publicId: unverified, ...read }, // its user's email is not verified
      { publicId: unverified, scope: null, verifiedEmail: false }, // a socket's opening asks neither
    ];
    const admitted = await repo.admitCalls(t.ctx.db, calls, t.ctx.clock.now(), {
      perSecond: 5,
      perMinute: 100,
    });
    expect(admitted.map((key) => key?.public_id ?? null)).toEqual([
      reader,
      null,
      ...[trader, trader, trader, trader, trader],
      null,
      null,
      null,
      null,
      null,
      unverified,
    ]);
    expect(admitted[0]).toMatchObject({
      user_id: BigInt(user.userId),
      scopes: ['read'],
      is_email_verified: true,
    });
    // Counted: what was admitted, nothing for the refused calls.
    expect(await rates(t, reader)).toMatchObject({ second_count: 1, minute_count: 1 });
    expect(await rates(t, trader)).toMatchObject({ second_count: 5, minute_count: 5 });
    expect(await rates(t, revoked)).toBeUndefined();
    expect(await rates(t, unverified)).toMatchObject({ second_count: 1, minute_count: 1 });
    // The second's window is full: the next statement admits none of the key's calls, and counts none.
    const again = await repo.admitCalls(t.ctx.db, [{ publicId: trader, ...trade }], t.ctx.clock.now(), {
      perSecond: 5,
      perMinute: 100,
    });
    expect(again).toEqual([undefined]);
    expect(await rates(t, trader)).toMatchObject({ second_count: 5, minute_count: 5 });
    // A second later, the second's window starts again; the minute's goes on counting.
    t.ctx.clock.advance(1);
    const later = await repo.admitCalls(
      t.ctx.db,
      Array.from({ length: 3 }, () => ({ publicId: trader, ...trade })),
      t.ctx.clock.now(),
      { perSecond: 5, perMinute: 100 },
    );
    expect(later.filter(Boolean)).toHaveLength(3);
    expect(await rates(t, trader)).toMatchObject({ second_count: 3, minute_count: 8 });
  });

  it('passes exactly the minute limit of a key when 60 statements and 100 batched calls run at once', async () => {
    const key = await newKey(t, user, ['read']);
    const rate = { perSecond: 1000, perMinute: 50 };
    const call = { publicId: key, scope: 'read', verifiedEmail: true };
    const now = t.ctx.clock.now();
    // Statements of two calls each, in parallel on the database's connections.
    const statements = await Promise.all(
      Array.from({ length: 60 }, () => repo.admitCalls(t.ctx.db, [call, call], now, rate)),
    );
    expect(statements.flat().filter(Boolean)).toHaveLength(50);
    expect(await rates(t, key)).toMatchObject({ minute_count: 50 });
    // Through the batcher: 100 calls at once, on a fresh key.
    const other = await newKey(t, user, ['read']);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => admitCall(t.ctx.db, rate, { ...call, publicId: other }, now)),
    );
    expect(answers.filter(Boolean)).toHaveLength(50);
    expect(await rates(t, other)).toMatchObject({ minute_count: 50 });
  });
});
