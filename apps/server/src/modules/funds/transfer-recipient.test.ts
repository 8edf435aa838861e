import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredUser, registerUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { attemptLimits } from '../security/attempts.ts';

const lookup = (t: TestApp, token: string, email: string) =>
  t.api('GET', `/api/asset/transfer/recipient?email_id=${encodeURIComponent(email)}`, { token });

describe.each(databasesUnderTest())('transfer recipient lookup on $name', (database) => {
  let t: TestApp;
  let alan: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(database);
    alan = await registerVerifiedUser(t, { name: 'Alan Turing' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the recipient's masked name, never the full one", async () => {
    const sender = await registerVerifiedUser(t);
    const { status, body } = await lookup(t, sender.token, alan.email.toUpperCase());
    expect(status).toBe(200);
    expect(body.data).toEqual({ masked_name: 'A**n T****g' });
    expect(JSON.stringify(body)).not.toMatch(/Alan|Turing/);
  });

  it('refuses yourself, an unknown email and an unverified user as the transfer would', async () => {
    const sender = await registerVerifiedUser(t);
    const unverified = await registerUser(t, { name: 'Grace Hopper' });

    const self = await lookup(t, sender.token, sender.email);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot transfer to yourself.');

    const unknown = await lookup(t, sender.token, 'nobody-here@example.com');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no user with this email on FIT24 Exchange.');

    const pending = await lookup(t, sender.token, unverified.email);
    expect(pending.status).toBe(422);
    expect(JSON.stringify(pending.body)).not.toMatch(/Grace|Hopper/);

    const malformed = await lookup(t, sender.token, 'not-an-email');
    expect(malformed.status).toBe(400);
  });

  it('refuses a frozen sender with the refusal of the transfer', async () => {
    const sender = await registerVerifiedUser(t);
    await t.ctx.db
      .updateTable('users')
      .set({ frozen_at: t.ctx.clock.now(), frozen_reason: 'test' })
      .where('user_id', '=', BigInt(sender.userId))
      .execute();
    const { status, body } = await lookup(t, sender.token, alan.email);
    expect(status).toBe(403);
    expect(body.message).toMatch(/^Your account is frozen/);
    expect(body.data).toBeUndefined();
  });

  it('holds the per-user limit under a parallel burst: exactly the limit answers, the rest get 429', async () => {
    const sender = await registerVerifiedUser(t);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        // Found and not found both count: a lookup is what the limit is about.
        lookup(t, sender.token, i % 2 === 0 ? alan.email : `nobody-${i}@example.com`),
      ),
    );
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.length - limited.length).toBe(attemptLimits.transferRecipient.max);
    expect(limited).toHaveLength(60 - attemptLimits.transferRecipient.max);
    for (const a of limited) {
      expect(a.body.data.retry_after).toBeGreaterThan(0);
      expect(a.body.data.retry_after).toBeLessThanOrEqual(attemptLimits.transferRecipient.windowSeconds);
    }
    // Another sender has a limit of their own.
    const other = await registerVerifiedUser(t);
    expect((await lookup(t, other.token, alan.email)).status).toBe(200);
  });
});
