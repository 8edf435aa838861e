import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as outbox from '../modules/messaging/outbox.repository.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';

describe.each(databasesUnderTest())('operator API on $name', (database) => {
  let t: TestApp;
  let production: TestApp;
  let noTestClock: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
    production = await createTestApp(database, { nodeEnv: 'production', testClock: false });
    noTestClock = await createTestApp(database, { testClock: false });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), production?.close(), noTestClock?.close()]);
  });

  it('refuses a call with no operator signed in — the operator key, an API key, a user token — with 401', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/ops/audit' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: true });
    for (const headers of [
      { 'x-ops-key': t.ctx.config.opsKey },
      { 'x-ops-key': 'test-api-key-0123456789' },
      { authorization: 'Bearer ops_t_forged' },
      { authorization: `Bearer ${t.admin.token}x` },
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: '/ops/audit', headers });
      expect(refused.statusCode).toBe(401);
    }
    expect((await t.ops('GET', '/ops/audit')).status).toBe(200);
  });

  it('lists the outbox newest first, narrowed by recipient', async () => {
    const now = t.ctx.clock.now();
    await outbox.insert(t.ctx.db, {
      channel: 'email',
      to: 'a@example.com',
      subject: 'Code',
      text: 'Your code is 123456',
      otp: '123456',
      now,
    });
    await outbox.insert(t.ctx.db, {
      channel: 'sms',
      to: '+447700900001',
      subject: 'Code',
      text: 'Code 654321',
      otp: '654321',
      now,
    });
    await outbox.insert(t.ctx.db, {
      channel: 'email',
      to: 'a@example.com',
      subject: 'Welcome',
      text: 'Hello',
      otp: null,
      now,
    });

    const all = await t.ops('GET', '/ops/outbox');
    expect(all.status).toBe(200);
    expect(all.body.data.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Welcome',
      'Code',
      'Code',
    ]);

    const mine = await t.ops('GET', '/ops/outbox?to=A@example.com');
    expect(mine.body.data.messages).toHaveLength(2);
    expect(mine.body.data.messages[1]).toMatchObject({
      channel: 'email',
      to: 'a@example.com',
      otp: '123456',
    });
    expect(mine.body.data.messages[1].creation_date).toBe(Math.floor(now.getTime() / 1000));
  });

  it('moves the clock forward when TEST_CLOCK is on, and the server time with it', async () => {
    const before = t.ctx.clock.nowSeconds();
    const { status, body } = await t.ops('POST', '/ops/clock', { advance_seconds: 86_400 });
    expect(status).toBe(200);
    expect(body.data.offset_seconds).toBe(86_400);
    expect(body.data.now).toBeGreaterThanOrEqual(before + 86_400);
    expect(t.ctx.clock.nowSeconds()).toBeGreaterThanOrEqual(before + 86_400);
  });

  it('answers 404 for the clock without TEST_CLOCK, and leaves the time alone', async () => {
    const { status, body } = await noTestClock.ops('POST', '/ops/clock', { advance_seconds: 60 });
    expect(status).toBe(404);
    expect(body.message).toMatch(/TEST_CLOCK/);
    expect(noTestClock.ctx.clock.offsetSeconds()).toBe(0);
  });

  it('refuses the outbox and the clock in production', async () => {
    expect((await production.ops('GET', '/ops/outbox')).status).toBe(404);
    expect((await production.ops('POST', '/ops/clock', { advance_seconds: 60 })).status).toBe(404);
    expect(production.ctx.clock.offsetSeconds()).toBe(0);
  });

  it('runs the audit and reports each check', async () => {
    const { status, body } = await t.ops('GET', '/ops/audit');
    expect(status).toBe(200);
    expect(body.data.ok).toBe(true);
    expect(body.data.checks.map((c: { name: string }) => c.name)).toContain('migrations');
    for (const check of body.data.checks)
      expect(check).toMatchObject({ ok: true, detail: expect.any(String) });
  });
});
