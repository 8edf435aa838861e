import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshEmail,
  freshMobile,
  GOOD_PASSWORD,
  latestOtp,
  registerUser,
  registerVerifiedUser,
} from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';

describe.each(databasesUnderTest())('sign-up, sign-in and verification on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('register', () => {
    it('creates the account, signs it in, and sends an email and a mobile code', async () => {
      const email = freshEmail();
      const mobile = freshMobile();
      const { status, body } = await t.api('POST', '/api/auth/register', {
        body: {
          name: ' Ada ',
          email_id: email,
          password: GOOD_PASSWORD,
          mobile,
          country_code: 'gb',
          accept_terms: true,
        },
      });
      expect(status).toBe(200);
      expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.data.user).toMatchObject({
        name: 'Ada',
        email_id: email.toLowerCase(),
        mobile,
        is_email_verified: 0,
        is_mobile_verified: 0,
        kyc_status: 'NONE',
      });
      expect(await latestOtp(t, email.toLowerCase())).toMatch(/^[0-9]{6}$/);
      expect(await latestOtp(t, mobile)).toMatch(/^[0-9]{6}$/);
      const account = await t.api('GET', '/api/account', { token: body.data.token });
      expect(account.body.data.account).toMatchObject({ country_code: 'GB', has_txn_password: 0 });
      expect(account.body.data.account.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    });

    it('treats emails case-insensitively: a second account with the same email is a 409', async () => {
      const user = await registerUser(t);
      const { status, body } = await t.api('POST', '/api/auth/register', {
        body: {
          name: 'Bob',
          email_id: user.email.toUpperCase(),
          password: GOOD_PASSWORD,
          mobile: freshMobile(),
          country_code: 'GB',
          accept_terms: true,
        },
      });
      expect(status).toBe(409);
      expect(body.fields).toEqual({ email_id: 'is already registered' });
    });

    it('refuses each bad field with 400 and names it', async () => {
      const base = {
        name: 'Ada',
        email_id: freshEmail(),
        password: GOOD_PASSWORD,
        mobile: freshMobile(),
        country_code: 'GB',
        accept_terms: true,
      };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ email_id: 'not-an-email' }, 'email_id'],
        [{ password: 'short1' }, 'password'],
        [{ password: 'alllowercaseletters' }, 'password'],
        [{ password: '12345678901234' }, 'password'],
        [{ mobile: '07700900123' }, 'mobile'],
        [{ mobile: '+999123456789' }, 'mobile'],
        [{ country_code: 'ZZ' }, 'country_code'],
        [{ country_code: 'GBR' }, 'country_code'],
        [{ accept_terms: false }, 'accept_terms'],
        [{ name: 'A' }, 'name'],
        [{ referral_code: 'NOSUCHCODE' }, 'referral_code'],
        [{ is_admin: true }, 'is_admin'],
      ];
      for (const [change, field] of cases) {
        const { status, body } = await t.api('POST', '/api/auth/register', { body: { ...base, ...change } });
        expect(status, JSON.stringify(change)).toBe(400);
        expect(Object.keys(body.fields ?? {}), JSON.stringify(change)).toContain(field);
      }
      const { status } = await t.api('POST', '/api/auth/register', {
        body: { ...base, accept_terms: undefined },
      });
      expect(status).toBe(400);
    });

    it('records the referrer of a valid referral code', async () => {
      const sponsor = await registerVerifiedUser(t);
      const code = (await t.api('GET', '/api/account', { token: sponsor.token })).body.data.account
        .referral_code;
      const invited = await registerUser(t, { referral_code: code.toLowerCase() });
      const row = await t.ctx.db
        .selectFrom('users')
        .select('referred_by')
        .where('user_id', '=', BigInt(invited.userId))
        .executeTakeFirstOrThrow();
      expect(row.referred_by).toBe(BigInt(sponsor.userId));
    });

    it('stores only an Argon2id hash of the password and a hash of the token', async () => {
      const user = await registerUser(t);
      const row = await t.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('user_id', '=', BigInt(user.userId))
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      const sessions = await t.ctx.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', BigInt(user.userId))
        .execute();
      expect(sessions.map((s) => s.token_hash)).not.toContain(user.token);
    });
  });

  describe('sign-in', () => {
    it('signs in with the email in any case and opens a new session', async () => {
      const user = await registerVerifiedUser(t);
      const { status, body } = await t.api('POST', '/api/auth/signin', {
        body: { email_id: user.email.toUpperCase(), password: user.password },
      });
      expect(status).toBe(200);
      expect(body.data.token).not.toBe(user.token);
      expect(body.data.user).toMatchObject({ user_id: user.userId, is_email_verified: 1 });
    });

    it('answers a wrong password and an unknown email alike with 401', async () => {
      const user = await registerUser(t);
      const wrong = await t.api('POST', '/api/auth/signin', {
        body: { email_id: user.email, password: 'Wrong-password-1' },
      });
      const unknown = await t.api('POST', '/api/auth/signin', {
        body: { email_id: freshEmail(), password: 'Wrong-password-1' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body.message).toBe(unknown.body.message);
    });

    it('stops brute force: after 5 failures in 15 minutes the account answers 429 with retry_after, even to the right password', async () => {
      const user = await registerUser(t);
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await t.api('POST', '/api/auth/signin', {
              body: { email_id: user.email, password: `Wrong-${i}-password` },
            })
          ).status,
        ).toBe(401);
      }
      const blocked = await t.api('POST', '/api/auth/signin', {
        body: { email_id: user.email, password: user.password },
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.data.retry_after).toBeGreaterThan(0);
      expect(blocked.body.data.retry_after).toBeLessThanOrEqual(900);
      t.ctx.clock.advance(901);
      expect(
        (await t.api('POST', '/api/auth/signin', { body: { email_id: user.email, password: user.password } }))
          .status,
      ).toBe(200);
    });

    it('notifies a sign-in from a new device', async () => {
      const user = await registerVerifiedUser(t);
      await t.api('POST', '/api/auth/signin', {
        body: { email_id: user.email, password: user.password },
        headers: { 'user-agent': 'BrandNewPhone/1.0' },
      });
      const rows = await t.ctx.db
        .selectFrom('notifications')
        .select(['type', 'body'])
        .where('user_id', '=', BigInt(user.userId))
        .execute();
      expect(rows.map((r) => r.type)).toContain('NEW_DEVICE_SIGNIN');
    });
  });

  describe('email and mobile verification', () => {
    it('verifies the email with its code, and the user reaches the app calls', async () => {
      const user = await registerUser(t);
      expect((await t.api('GET', '/api/bank', { token: user.token })).status).toBe(403);
      const otp = await latestOtp(t, user.email);
      const { status, body } = await t.api('POST', '/api/auth/email/verify', {
        token: user.token,
        body: { otp },
      });
      expect(status).toBe(200);
      expect(body.data.user.is_email_verified).toBe(1);
      expect((await t.api('GET', '/api/bank', { token: user.token })).status).toBe(200);
    });

    it('verifies the mobile with its code', async () => {
      const user = await registerUser(t);
      const otp = await latestOtp(t, user.mobile);
      const { body } = await t.api('POST', '/api/auth/mobile/verify', { token: user.token, body: { otp } });
      expect(body.data.user).toMatchObject({ is_mobile_verified: 1, is_email_verified: 0 });
    });

    it('refuses a wrong code with 401, a code used twice, and an expired code', async () => {
      const user = await registerUser(t);
      const otp = await latestOtp(t, user.email);
      const wrong = otp === '000000' ? '111111' : '000000';
      const refused = await t.api('POST', '/api/auth/email/verify', {
        token: user.token,
        body: { otp: wrong },
      });
      expect(refused).toMatchObject({ status: 401, body: { message: 'The code is not correct.' } });

      const mobileOtp = await latestOtp(t, user.mobile);
      expect(
        (await t.api('POST', '/api/auth/mobile/verify', { token: user.token, body: { otp: mobileOtp } }))
          .status,
      ).toBe(200);
      const again = await t.api('POST', '/api/auth/mobile/verify', {
        token: user.token,
        body: { otp: mobileOtp },
      });
      expect(again.status).toBe(401);

      t.ctx.clock.advance(601);
      const expired = await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp } });
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/expired/);
    });

    it('kills a code after 5 wrong tries: even the right code is refused then', async () => {
      const user = await registerUser(t);
      const otp = await latestOtp(t, user.email);
      const wrong = (n: number) => String((Number(otp) + n) % 1_000_000).padStart(6, '0');
      for (let i = 1; i <= 5; i++) {
        expect(
          (await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp: wrong(i) } }))
            .status,
        ).toBe(401);
      }
      const right = await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp } });
      expect(right.status).toBe(429);
      t.ctx.clock.advance(901);
      const later = await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp } });
      expect(later.status).toBe(401);
      expect(later.body.message).toMatch(/expired or was already used/);
    });

    it('resends a code at most once a minute, and the new code replaces the old', async () => {
      const user = await registerUser(t);
      const first = await latestOtp(t, user.email);
      const early = await t.api('GET', '/api/auth/email/otp/resend', { token: user.token });
      expect(early.status).toBe(429);
      expect(early.body.data.retry_after).toBeGreaterThan(0);
      t.ctx.clock.advance(61);
      const resent = await t.api('GET', '/api/auth/email/otp/resend', { token: user.token });
      expect(resent).toMatchObject({ status: 200, body: { data: { retry_after: 60 } } });
      const second = await latestOtp(t, user.email);
      if (second !== first) {
        expect(
          (await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp: first } })).status,
        ).toBe(401);
      }
      expect(
        (await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp: second } })).status,
      ).toBe(200);
      const done = await t.api('GET', '/api/auth/email/otp/resend', { token: user.token });
      expect(done.status).toBe(409);
    });

    it('resends the mobile code once a minute too', async () => {
      const user = await registerUser(t);
      expect((await t.api('GET', '/api/auth/mobile/otp/resend', { token: user.token })).status).toBe(429);
      t.ctx.clock.advance(61);
      expect((await t.api('GET', '/api/auth/mobile/otp/resend', { token: user.token })).status).toBe(200);
    });

    it('refuses a malformed code with 400', async () => {
      const user = await registerUser(t);
      for (const otp of ['12345', '1234567', 'abcdef', 123456]) {
        const { status, body } = await t.api('POST', '/api/auth/email/verify', {
          token: user.token,
          body: { otp },
        });
        expect(status).toBe(400);
        expect(Object.keys(body.fields ?? {})).toEqual(['otp']);
      }
    });
  });

  describe('mobile update', () => {
    it('sends a code to the new number; the number changes only once that code is verified', async () => {
      const user = await registerVerifiedUser(t);
      const newMobile = freshMobile();
      t.ctx.clock.advance(61);
      expect(
        (await t.api('POST', '/api/user/mobile/update', { token: user.token, body: { mobile: newMobile } }))
          .status,
      ).toBe(200);
      expect((await t.api('GET', '/api/account', { token: user.token })).body.data.account.mobile).toBe(
        user.mobile,
      );
      const otp = await latestOtp(t, newMobile);
      const { body } = await t.api('POST', '/api/auth/mobile/verify', { token: user.token, body: { otp } });
      expect(body.data.user).toMatchObject({ mobile: newMobile, is_mobile_verified: 1 });
    });

    it('refuses a number that is not a phone number', async () => {
      const user = await registerVerifiedUser(t);
      const { status, body } = await t.api('POST', '/api/user/mobile/update', {
        token: user.token,
        body: { mobile: '+1234' },
      });
      expect(status).toBe(400);
      expect(body.fields).toHaveProperty('mobile');
    });
  });
});
