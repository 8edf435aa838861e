import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, GOOD_PASSWORD, latestOtp, registerVerifiedUser } from '../../testing/identity.ts';
import { enableTotp } from '../../testing/security.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { codeAt } from '../security/totp.ts';

describe.each(databasesUnderTest())('changing the email ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  const outbox = async (to: string) =>
    (await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(to)}`)).body.data.messages as Array<{
      subject: string;
      text: string;
    }>;

  it('asks the password, sends a code to the new address and a warning to the old one, then pauses withdrawals', async () => {
    const user = await registerVerifiedUser(t);
    const other = await registerVerifiedUser(t);
    const next = freshEmail('moved').toLowerCase();
    const change = (body: Record<string, unknown>) =>
      t.api('POST', '/api/account/email/change', { token: user.token, body });
    expect((await change({ email_id: next, password: 'Not-my-password-1' })).status).toBe(401);
    expect((await change({ email_id: user.email, password: GOOD_PASSWORD })).status).toBe(400);
    expect((await change({ email_id: other.email, password: GOOD_PASSWORD })).status).toBe(409);
    const asked = await change({ email_id: next, password: GOOD_PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual({ retry_after: 60, email_id: next });
    expect((await outbox(user.email))[0]?.text).toContain(next);
    expect((await change({ email_id: next, password: GOOD_PASSWORD })).status).toBe(429);

    const code = await latestOtp(t, next);
    const before = t.ctx.clock.nowSeconds();
    const wrong = await t.api('POST', '/api/account/email/confirm', {
      token: user.token,
      body: { otp: String((Number(code) + 1) % 1_000_000).padStart(6, '0') },
    });
    expect(wrong.status).toBe(401);
    const confirmed = await t.api('POST', '/api/account/email/confirm', {
      token: user.token,
      body: { otp: code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.user.email_id).toBe(next);
    expect((await outbox(user.email))[0]?.subject).toBe('Your FIT24 Exchange email was changed');

    const signin = await t.api('POST', '/api/auth/signin', {
      body: { email_id: next, password: GOOD_PASSWORD },
    });
    expect(signin.status).toBe(200);
    const security = await t.api('GET', '/api/security', { token: user.token });
    expect(security.body.data.security.cooldown_reason).toBe('email changed');
    // Set while the code was used: between the moment before and now (a second may have turned).
    const until = security.body.data.security.cooldown_until as number;
    expect(until).toBeGreaterThanOrEqual(before + 86_400);
    expect(until).toBeLessThanOrEqual(t.ctx.clock.nowSeconds() + 86_400);
    const again = await t.api('POST', '/api/account/email/confirm', {
      token: user.token,
      body: { otp: code },
    });
    expect(again.status).toBe(401);
  });

  it('asks the second factor when it is on', async () => {
    const user = await registerVerifiedUser(t);
    const { secret } = await enableTotp(t, user);
    const next = freshEmail('moved');
    const without = await t.api('POST', '/api/account/email/change', {
      token: user.token,
      body: { email_id: next, password: GOOD_PASSWORD },
    });
    expect(without.status).toBe(401);
    expect(without.body.fields?.two_factor_code).toBe('is required');
    const withCode = await t.api('POST', '/api/account/email/change', {
      token: user.token,
      body: {
        email_id: next,
        password: GOOD_PASSWORD,
        two_factor_code: codeAt(secret, t.ctx.clock.nowSeconds()),
      },
    });
    expect(withCode.status).toBe(200);
  });
});
