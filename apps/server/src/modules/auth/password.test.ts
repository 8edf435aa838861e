import { routeList } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, latestOtp, registerUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';

describe.each(databasesUnderTest())('passwords, transaction password and sessions on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('password reset', () => {
    it('answers the same whether or not the email exists, and sends a code only to a real account', async () => {
      const user = await registerUser(t);
      const known = await t.api('POST', '/api/auth/password/otp', { body: { email_id: user.email } });
      const unknownEmail = freshEmail();
      const unknown = await t.api('POST', '/api/auth/password/otp', { body: { email_id: unknownEmail } });
      expect(known).toEqual({ status: 200, body: { error: false, data: {} } });
      expect(unknown).toEqual(known);
      const outbox = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(unknownEmail.toLowerCase())}`);
      expect(outbox.body.data.messages).toEqual([]);
      const mine = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(user.email)}`);
      expect(mine.body.data.messages[0].subject).toMatch(/Reset your/);
    });

    it('resets the password with the code and revokes every session (their calls answer 502)', async () => {
      const user = await registerVerifiedUser(t);
      const second = await t.api('POST', '/api/auth/signin', {
        body: { email_id: user.email, password: user.password },
      });
      await t.api('POST', '/api/auth/password/otp', { body: { email_id: user.email } });
      const otp = await latestOtp(t, user.email);
      const reset = await t.api('POST', '/api/auth/password', {
        body: { email_id: user.email, otp, password: 'Brand-new-secret-9' },
      });
      expect(reset.status).toBe(200);
      for (const token of [user.token, second.body.data.token]) {
        const call = await t.api('GET', '/api/account', { token });
        expect(call.status).toBe(401);
        expect(call.body.code).toBe(502);
      }
      expect(
        (await t.api('POST', '/api/auth/signin', { body: { email_id: user.email, password: user.password } }))
          .status,
      ).toBe(401);
      expect(
        (
          await t.api('POST', '/api/auth/signin', {
            body: { email_id: user.email, password: 'Brand-new-secret-9' },
          })
        ).status,
      ).toBe(200);
    });

    it('refuses a wrong code, an unknown email and a weak password', async () => {
      const user = await registerUser(t);
      await t.api('POST', '/api/auth/password/otp', { body: { email_id: user.email } });
      const otp = await latestOtp(t, user.email);
      const wrong = otp === '123123' ? '321321' : '123123';
      expect(
        (
          await t.api('POST', '/api/auth/password', {
            body: { email_id: user.email, otp: wrong, password: 'Another-secret-1' },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await t.api('POST', '/api/auth/password', {
            body: { email_id: freshEmail(), otp, password: 'Another-secret-1' },
          })
        ).status,
      ).toBe(401);
      const weak = await t.api('POST', '/api/auth/password', {
        body: { email_id: user.email, otp, password: 'weak' },
      });
      expect(weak.status).toBe(400);
      expect(Object.keys(weak.body.fields ?? {})).toEqual(['password']);
    });

    it('limits reset-code requests per account: the 6th in 15 minutes is 429, for unknown emails too', async () => {
      for (const email of [(await registerUser(t)).email, freshEmail().toLowerCase()]) {
        for (let i = 0; i < 5; i++) {
          expect((await t.api('POST', '/api/auth/password/otp', { body: { email_id: email } })).status).toBe(
            200,
          );
        }
        const limited = await t.api('POST', '/api/auth/password/otp', { body: { email_id: email } });
        expect(limited.status).toBe(429);
        expect(limited.body.data.retry_after).toBeGreaterThan(0);
      }
    });
  });

  describe('transaction password', () => {
    it('is set with an emailed code, and shows on the account', async () => {
      const user = await registerVerifiedUser(t);
      t.ctx.clock.advance(61);
      const sent = await t.api('GET', '/api/user/txn/password/otpcode', { token: user.token });
      expect(sent).toMatchObject({ status: 200, body: { data: { retry_after: 60 } } });
      const otp = await latestOtp(t, user.email);
      const set = await t.api('POST', '/api/user/txn/password', {
        token: user.token,
        body: { otp, txn_password: 'Pay-PIN-8842' },
      });
      expect(set.status).toBe(200);
      expect(
        (await t.api('GET', '/api/account', { token: user.token })).body.data.account.has_txn_password,
      ).toBe(1);
      const row = await t.ctx.db
        .selectFrom('users')
        .select('txn_password_hash')
        .where('user_id', '=', BigInt(user.userId))
        .executeTakeFirstOrThrow();
      expect(row.txn_password_hash).toMatch(/^\$argon2id\$/);
    });

    it('must differ from the sign-in password, and keeps the code for a second try', async () => {
      const user = await registerVerifiedUser(t);
      t.ctx.clock.advance(61);
      await t.api('GET', '/api/user/txn/password/otpcode', { token: user.token });
      const otp = await latestOtp(t, user.email);
      const same = await t.api('POST', '/api/user/txn/password', {
        token: user.token,
        body: { otp, txn_password: user.password },
      });
      expect(same.status).toBe(400);
      expect(same.body.fields).toEqual({ txn_password: 'must differ from your sign-in password' });
      expect(
        (
          await t.api('POST', '/api/user/txn/password', {
            token: user.token,
            body: { otp, txn_password: 'Different-77' },
          })
        ).status,
      ).toBe(200);
    });

    it('refuses a wrong code and a short password', async () => {
      const user = await registerVerifiedUser(t);
      t.ctx.clock.advance(61);
      await t.api('GET', '/api/user/txn/password/otpcode', { token: user.token });
      const otp = await latestOtp(t, user.email);
      const wrong = otp === '222222' ? '333333' : '222222';
      expect(
        (
          await t.api('POST', '/api/user/txn/password', {
            token: user.token,
            body: { otp: wrong, txn_password: 'Different-77' },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await t.api('POST', '/api/user/txn/password', {
            token: user.token,
            body: { otp, txn_password: 'short' },
          })
        ).status,
      ).toBe(400);
    });
  });

  describe('sessions', () => {
    it('lists the signed-in devices and signs out everywhere', async () => {
      const user = await registerVerifiedUser(t);
      const other = await t.api('POST', '/api/auth/signin', {
        body: { email_id: user.email, password: user.password },
      });
      const list = await t.api('GET', '/api/auth/sessions', { token: user.token });
      expect(list.body.data.sessions).toHaveLength(2);
      expect(list.body.data.sessions.filter((s: { current: number }) => s.current === 1)).toHaveLength(1);
      const out = await t.api('POST', '/api/auth/signout/all', { token: user.token });
      expect(out.body.data.revoked).toBe(2);
      expect((await t.api('GET', '/api/account', { token: other.body.data.token })).body.code).toBe(502);
      expect((await t.api('GET', '/api/account', { token: user.token })).body.code).toBe(502);
    });
  });

  describe('an unverified email', () => {
    it('reaches only verify, resend, account, mobile update and signout: every other signed-in call is 403', async () => {
      const user = await registerUser(t);
      const allowed = new Set(routeList.filter((r) => r.auth === 'session').map((r) => r.path));
      for (const def of routeList.filter((r) => r.auth === 'user')) {
        const response = await t.api(def.method, def.path, { token: user.token });
        expect(response.status, def.path).toBe(403);
        expect(response.body.message, def.path).toMatch(/verify your email/i);
      }
      expect(allowed.has('/api/account')).toBe(true);
      expect((await t.api('GET', '/api/account', { token: user.token })).status).toBe(200);
    });
  });
});
