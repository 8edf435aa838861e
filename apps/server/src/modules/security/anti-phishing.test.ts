import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshEmail,
  GOOD_PASSWORD,
  latestOtp,
  type RegisteredUser,
  registerVerifiedUser,
} from '../../testing/identity.ts';
import { enableTotp } from '../../testing/security.ts';
import { createTestApp, databasesUnderTest, TEST_API_KEY, type TestApp } from '../../testing/test-app.ts';
import { codeAt } from './totp.ts';

/** The anti-phishing phrase: set with the second factor when on, shown atop every email, never in SMS. */

interface OutboxMessage {
  channel: 'email' | 'sms';
  subject: string;
  text: string;
}

describe.each(databasesUnderTest())('anti-phishing phrase ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  async function newest(to: string, channel: 'email' | 'sms'): Promise<OutboxMessage> {
    const { body } = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(to)}`);
    const found = (body.data.messages as OutboxMessage[]).find((m) => m.channel === channel);
    if (!found) throw new Error(`no ${channel} for ${to}`);
    return found;
  }

  const setPhrase = (user: RegisteredUser, body: Record<string, unknown>) =>
    t.api('POST', '/api/security/anti-phishing', { token: user.token, body });

  /** An email from another module (the password reset code), sent after the phrase was set. */
  async function resetEmail(user: RegisteredUser): Promise<OutboxMessage> {
    t.ctx.clock.advance(61);
    expect((await t.api('POST', '/api/auth/password/otp', { body: { email_id: user.email } })).status).toBe(
      200,
    );
    const mail = await newest(user.email, 'email');
    expect(mail.subject).toBe('Reset your FIT24 Exchange password');
    return mail;
  }

  it('opens every email with the phrase once set, never an SMS, and stops when cleared', async () => {
    const user = await registerVerifiedUser(t);
    expect((await resetEmail(user)).text).toMatch(/^Your FIT24 Exchange password reset code is \d{6}/);

    const set = await setPhrase(user, { phrase: '  Blue Falcon 42 ' });
    expect(set.status).toBe(200);
    expect(set.body.data.security.anti_phishing_phrase).toBe('Blue Falcon 42');

    const confirmation = await newest(user.email, 'email');
    expect(confirmation.subject).toBe('Your anti-phishing code is set');
    expect(confirmation.text.split('\n')[0]).toBe('Your anti-phishing code: «Blue Falcon 42»');
    const reset = await resetEmail(user);
    expect(reset.text).toMatch(
      /^Your anti-phishing code: «Blue Falcon 42»\n\nYour FIT24 Exchange password reset code is \d{6}/,
    );

    t.ctx.clock.advance(61);
    expect((await t.api('GET', '/api/auth/mobile/otp/resend', { token: user.token })).status).toBe(200);
    const sms = await newest(user.mobile, 'sms');
    expect(sms.text).toMatch(/^FIT24 Exchange: your mobile verification code is \d{6}/);
    expect(sms.text).not.toContain('Blue Falcon');

    const cleared = await setPhrase(user, { phrase: null });
    expect(cleared.body.data.security.anti_phishing_phrase).toBeNull();
    expect((await newest(user.email, 'email')).subject).toBe('Your anti-phishing code was removed');
    expect((await resetEmail(user)).text).toMatch(/^Your FIT24 Exchange password reset code is/);
  });

  it('opens every kind of email to the user with the phrase: codes, alerts, the email change on both addresses', async () => {
    const user = await registerVerifiedUser(t);
    const other = freshEmail('moved').toLowerCase();
    const emailRows = () =>
      t.ctx.db
        .selectFrom('outbox')
        .select(['message_id', 'recipient', 'subject', 'body'])
        .where('channel', '=', 'email')
        .where('recipient', 'in', [user.email, other])
        .orderBy('message_id')
        .execute();
    expect((await setPhrase(user, { phrase: 'Blue Falcon 42' })).status).toBe(200);
    const from = (await emailRows()).at(-1)!.message_id;

    // Codes of each purpose that goes by email.
    await resetEmail(user);
    t.ctx.clock.advance(61);
    expect((await t.api('GET', '/api/user/txn/password/otpcode', { token: user.token })).status).toBe(200);
    const usdt = await t.ctx.db
      .selectFrom('assets')
      .select('asset_id')
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const added = await t.api('POST', '/api/security/addresses/add', {
      token: user.token,
      body: { asset_id: usdt.asset_id, label: 'Cold', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    });
    expect(added.status).toBe(200);
    // The new sign-in alert.
    const alerted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'x-api-key': TEST_API_KEY, 'user-agent': 'Other Browser/2' },
      payload: { email_id: user.email, password: GOOD_PASSWORD },
    });
    expect(alerted.statusCode).toBe(200);
    // The email change: the warning to the old address, the code to the new one, the notice after.
    const asked = await t.api('POST', '/api/account/email/change', {
      token: user.token,
      body: { email_id: other, password: GOOD_PASSWORD },
    });
    expect(asked.status).toBe(200);
    const moved = await t.api('POST', '/api/account/email/confirm', {
      token: user.token,
      body: { otp: await latestOtp(t, other) },
    });
    expect(moved.status).toBe(200);
    // Frozen, and unfrozen by an operator.
    expect((await t.api('POST', '/api/security/freeze', { token: user.token })).status).toBe(200);
    expect((await t.ops('POST', '/ops/users/unfreeze', { email_id: other })).status).toBe(200);

    const sent = (await emailRows()).filter((m) => m.message_id > from);
    expect(sent.map((m) => m.subject)).toEqual([
      'Reset your FIT24 Exchange password',
      expect.stringMatching(/transaction password/i),
      expect.stringMatching(/address/i),
      'New sign-in to your FIT24 Exchange account',
      expect.any(String),
      expect.any(String),
      'Your FIT24 Exchange email was changed',
      'Your FIT24 Exchange account is frozen',
      'Your FIT24 Exchange account is unfrozen',
    ]);
    const without = sent
      .filter((m) => !m.body.startsWith('Your anti-phishing code: «Blue Falcon 42»\n\n'))
      .map((m) => `${m.subject} → ${m.recipient}`);
    expect(without).toEqual([]);
  });

  it('refuses a phrase outside the rules', async () => {
    const user = await registerVerifiedUser(t);
    for (const phrase of ['abc', '<script>x</script>', 'x'.repeat(21)]) {
      const answer = await setPhrase(user, { phrase });
      expect(answer.status).toBe(400);
      expect(answer.body.fields?.phrase).toBeDefined();
    }
    expect((await setPhrase(user, {})).status).toBe(400);
  });

  it('asks for the second factor when it is on, before changing anything', async () => {
    const user = await registerVerifiedUser(t);
    const { secret } = await enableTotp(t, user);

    const bare = await setPhrase(user, { phrase: 'Quiet River' });
    expect(bare.status).toBe(401);
    expect(bare.body.fields).toEqual({ two_factor_code: 'is required' });
    const current = codeAt(secret, t.ctx.clock.nowSeconds());
    const wrong = await setPhrase(user, {
      phrase: 'Quiet River',
      two_factor_code: current === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(401);
    const security = await t.api('GET', '/api/security', { token: user.token });
    expect(security.body.data.security.anti_phishing_phrase).toBeNull();

    const right = await setPhrase(user, {
      phrase: 'Quiet River',
      two_factor_code: codeAt(secret, t.ctx.clock.nowSeconds()),
    });
    expect(right.status).toBe(200);
    expect(right.body.data.security.anti_phishing_phrase).toBe('Quiet River');
  });
});
