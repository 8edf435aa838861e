import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrader, deposit, TXN_PASSWORD } from '../../testing/funds.ts';
import {
  freshEmail,
  GOOD_PASSWORD,
  latestOtp,
  registerUser,
  registerVerifiedUser,
} from '../../testing/identity.ts';
import { enableTotp } from '../../testing/security.ts';
import {
  createTestApp,
  databasesUnderTest,
  type TestApp,
  type TestEnvelope,
} from '../../testing/test-app.ts';
import { codeAt } from './totp.ts';

/**
 * Guessing, as an attacker would: 60 requests at once, 59 wrong guesses and the right secret in the
 * middle. Whatever the database runs in parallel, at most the limit is evaluated (401), the rest are
 * refused before their secret is looked at (429 with retry_after), the right one is refused too, and
 * nothing happens: no session, no verification, no money moved, the audit clean.
 */

const BURST = 60;
const RIGHT_AT = 30;

type Answer = { status: number; body: TestEnvelope };

/** Sends `make(i)` for i in 0..59 at once: `right` at index 30, a wrong guess everywhere else. */
async function burst(
  send: (guess: string, i: number) => Promise<Answer>,
  wrong: (i: number) => string,
  right: string,
) {
  const answers = await Promise.all(
    Array.from({ length: BURST }, (_, i) => send(i === RIGHT_AT ? right : wrong(i), i)),
  );
  const count = (status: number) => answers.filter((a) => a.status === status).length;
  return { answers, ok: count(200), evaluated: count(401), refused: count(429) };
}

function expectHeld(result: Awaited<ReturnType<typeof burst>>, limit = 5) {
  expect(result.ok).toBe(0);
  expect(result.evaluated).toBeLessThanOrEqual(limit);
  expect(result.evaluated).toBeGreaterThan(0);
  expect(result.evaluated + result.refused).toBe(BURST);
  for (const a of result.answers.filter((x) => x.status === 429)) {
    expect(a.body.data.retry_after).toBeGreaterThan(0);
  }
}

let addresses = 0;
/** An address of its own for each burst: the per-address limits of one test never spill into another. */
function freshIp(): string {
  addresses += 1;
  return `198.51.100.${addresses}`;
}

/** A six-digit code that is not `right`. */
const otherCode = (right: string, i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');

describe.each(databasesUnderTest())('guessing under parallel load ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  async function sessionsOf(userId: number): Promise<number> {
    const row = await t.ctx.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', BigInt(userId))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function passwordHashOf(userId: number): Promise<string> {
    const row = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('user_id', '=', BigInt(userId))
      .executeTakeFirstOrThrow();
    return row.password_hash;
  }

  async function auditOk() {
    const { body } = await t.ops('GET', '/ops/audit');
    expect(body.data.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
  }

  it('sign-in password, per account: five guesses checked, no session for the right password', async () => {
    const user = await registerVerifiedUser(t);
    const before = await sessionsOf(user.userId);
    // Each guess from an address of its own (a botnet): only the per-account limit can hold them.
    const ips = Array.from({ length: BURST }, () => freshIp());
    const result = await burst(
      (password, i) =>
        t.api('POST', '/api/auth/signin', { ip: ips[i]!, body: { email_id: user.email, password } }),
      (i) => `Wrong-password-${i}`,
      GOOD_PASSWORD,
    );
    expectHeld(result);
    expect(result.answers[RIGHT_AT]!.status).toBe(429);
    expect(await sessionsOf(user.userId)).toBe(before);
  });

  it('sign-in password, per address: twenty guesses over many accounts, then 429, the right one too', async () => {
    const user = await registerVerifiedUser(t);
    const before = await sessionsOf(user.userId);
    const ip = freshIp();
    // One guess per account (no per-account limit is reached): the address's twenty are what hold, and
    // the one right password among them, sent after the twentieth, is refused too.
    const result = await burst(
      (email) =>
        t.api('POST', '/api/auth/signin', {
          ip,
          body: { email_id: email, password: email === user.email ? GOOD_PASSWORD : 'Wrong-password-1' },
        }),
      () => freshEmail('nobody'),
      user.email,
    );
    expectHeld(result, 20);
    expect(result.evaluated).toBe(20);
    expect(result.answers[RIGHT_AT]!.status).toBe(429);
    expect(await sessionsOf(user.userId)).toBe(before);
  });

  it('email code: five tries, the right code refused, the email stays unverified', async () => {
    const user = await registerUser(t, { email_id: freshEmail('email-otp') });
    const right = await latestOtp(t, user.email);
    const ip = freshIp();
    const result = await burst(
      (otp) => t.api('POST', '/api/auth/email/verify', { ip, token: user.token, body: { otp } }),
      (i) => otherCode(right, i),
      right,
    );
    expectHeld(result);
    const account = await t.api('GET', '/api/account', { token: user.token });
    expect(account.body.data.account.is_email_verified).toBe(0);
  });

  it('mobile code: five tries, the right code refused, the mobile stays unverified', async () => {
    const user = await registerVerifiedUser(t);
    const right = await latestOtp(t, user.mobile);
    const ip = freshIp();
    const result = await burst(
      (otp) => t.api('POST', '/api/auth/mobile/verify', { ip, token: user.token, body: { otp } }),
      (i) => otherCode(right, i),
      right,
    );
    expectHeld(result);
    const account = await t.api('GET', '/api/account', { token: user.token });
    expect(account.body.data.account.is_mobile_verified).toBe(0);
  });

  it('password-reset code: five tries, the password unchanged, sessions kept', async () => {
    const user = await registerVerifiedUser(t);
    const asked = await t.api('POST', '/api/auth/password/otp', { body: { email_id: user.email } });
    expect(asked.status).toBe(200);
    const right = await latestOtp(t, user.email);
    const hashBefore = await passwordHashOf(user.userId);
    const ip = freshIp();
    const result = await burst(
      (otp) =>
        t.api('POST', '/api/auth/password', {
          ip,
          body: { email_id: user.email, otp, password: 'Brand-new-pass-77' },
        }),
      (i) => otherCode(right, i),
      right,
    );
    expectHeld(result);
    const still = await t.api('GET', '/api/account', { token: user.token });
    expect(still.status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('cooldown_until')
      .where('user_id', '=', BigInt(user.userId))
      .executeTakeFirstOrThrow();
    expect(row.cooldown_until).toBeNull();
    expect(await passwordHashOf(user.userId)).toBe(hashBefore);
  });

  it('transaction-password code: five tries, no transaction password set', async () => {
    const user = await registerVerifiedUser(t);
    t.ctx.clock.advance(61);
    expect((await t.api('GET', '/api/user/txn/password/otpcode', { token: user.token })).status).toBe(200);
    const right = await latestOtp(t, user.email);
    const result = await burst(
      (otp) =>
        t.api('POST', '/api/user/txn/password', {
          token: user.token,
          body: { otp, txn_password: 'Pay-PIN-1234' },
        }),
      (i) => otherCode(right, i),
      right,
    );
    expectHeld(result);
    const account = await t.api('GET', '/api/account', { token: user.token });
    expect(account.body.data.account.has_txn_password).toBe(0);
  });

  it('transaction password: five guesses checked, no money moves, the audit stays clean', async () => {
    const sender = await createTrader(t);
    const receiver = await registerVerifiedUser(t);
    await deposit(t, sender.email, 'USDT', '500');
    const usdt = await t.ctx.db
      .selectFrom('assets')
      .select('asset_id')
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const ip = freshIp();
    const result = await burst(
      (txn_password) =>
        t.api('POST', '/api/asset/transfer', {
          ip,
          token: sender.token,
          body: { asset_id: usdt.asset_id, amount: '500', to_email_id: receiver.email, txn_password },
        }),
      (i) => `Wrong-PIN-${i}`,
      TXN_PASSWORD,
    );
    expectHeld(result);
    const balance = await t.api('GET', '/api/asset/balance?symbol=USDT', { token: sender.token });
    expect(balance.body.data.balance.available).toBe('500');
    const received = await t.api('GET', '/api/asset/balance?symbol=USDT', { token: receiver.token });
    expect(received.body.data.balance.available).toBe('0');
    await auditOk();
  });

  /** A verified user with an authenticator app on; returns its secret and recovery codes. */
  async function withTotp() {
    const user = await registerVerifiedUser(t);
    return { user, ...(await enableTotp(t, user)) };
  }

  async function challengeOf(email: string): Promise<string> {
    const signin = await t.api('POST', '/api/auth/signin', {
      body: { email_id: email, password: GOOD_PASSWORD },
    });
    expect(signin.body.data.two_factor_required).toBe(true);
    return signin.body.data.challenge;
  }

  it('2FA code at sign-in: five tries, no session for the right code', async () => {
    const { user, secret } = await withTotp();
    const challenge = await challengeOf(user.email);
    const before = await sessionsOf(user.userId);
    const right = codeAt(secret, t.ctx.clock.nowSeconds());
    const ip = freshIp();
    const result = await burst(
      (code) => t.api('POST', '/api/auth/signin/2fa', { ip, body: { challenge, code } }),
      (i) => otherCode(right, i * 7919),
      right,
    );
    expectHeld(result);
    expect(await sessionsOf(user.userId)).toBe(before);
  });

  it('recovery codes at sign-in: five tries, the right one refused and still unused', async () => {
    const { user, recovery } = await withTotp();
    const challenge = await challengeOf(user.email);
    const before = await sessionsOf(user.userId);
    const ip = freshIp();
    const result = await burst(
      (code) => t.api('POST', '/api/auth/signin/2fa', { ip, body: { challenge, code } }),
      (i) =>
        `ZZZZZ-${String(10_000 + i)
          .slice(-5)
          .replace(/[01]/g, '9')}`,
      recovery[0]!,
    );
    expectHeld(result);
    expect(await sessionsOf(user.userId)).toBe(before);
    const left = await t.api('GET', '/api/security', { token: user.token });
    expect(left.body.data.security.recovery_codes_left).toBe(10);
  });

  it('2FA code on a transfer: five tries, no money moves', async () => {
    const { user, secret } = await withTotp();
    t.ctx.clock.advance(61);
    expect((await t.api('GET', '/api/user/txn/password/otpcode', { token: user.token })).status).toBe(200);
    const otp = await latestOtp(t, user.email);
    const set = await t.api('POST', '/api/user/txn/password', {
      token: user.token,
      body: { otp, txn_password: TXN_PASSWORD },
    });
    expect(set.status).toBe(200);
    const receiver = await registerVerifiedUser(t);
    await deposit(t, user.email, 'USDT', '80');
    const usdt = await t.ctx.db
      .selectFrom('assets')
      .select('asset_id')
      .where('symbol', '=', 'USDT')
      .executeTakeFirstOrThrow();
    const right = codeAt(secret, t.ctx.clock.nowSeconds());
    const ip = freshIp();
    const result = await burst(
      (two_factor_code) =>
        t.api('POST', '/api/asset/transfer', {
          ip,
          token: user.token,
          body: {
            asset_id: usdt.asset_id,
            amount: '80',
            to_email_id: receiver.email,
            txn_password: TXN_PASSWORD,
            two_factor_code,
          },
        }),
      (i) => otherCode(right, i * 7919),
      right,
    );
    // The transaction password is right in every request: what is evaluated (401) is the second factor.
    expectHeld(result);
    for (const a of result.answers.filter((x) => x.status === 401)) {
      expect(a.body.fields).toHaveProperty('two_factor_code');
    }
    const balance = await t.api('GET', '/api/asset/balance?symbol=USDT', { token: user.token });
    expect(balance.body.data.balance.available).toBe('80');
    await auditOk();
  });

  it('2FA code on a change with no other secret (whitelist off): five tries, the whitelist stays on', async () => {
    // No transaction password in front: only the second factor's limits can hold this burst.
    const { user, secret } = await withTotp();
    const on = await t.api('POST', '/api/security/whitelist', { token: user.token, body: { enabled: 1 } });
    expect(on.status).toBe(200);
    const right = codeAt(secret, t.ctx.clock.nowSeconds());
    const result = await burst(
      (two_factor_code, i) =>
        t.api('POST', '/api/security/whitelist', {
          ip: `203.0.113.${i + 1}`,
          token: user.token,
          body: { enabled: 0, two_factor_code },
        }),
      (i) => otherCode(right, i * 7919),
      right,
    );
    expectHeld(result);
    for (const a of result.answers.filter((x) => x.status === 401)) {
      expect(a.body.fields).toHaveProperty('two_factor_code');
    }
    const view = await t.api('GET', '/api/security', { token: user.token });
    expect(view.body.data.security).toMatchObject({ whitelist_only: 1, whitelist_off_date: null });
  });
});

describe.each(databasesUnderTest())('spent codes never verify again ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a used email code, or any code once the email is verified, is 401', async () => {
    const user = await registerUser(t);
    const code = await latestOtp(t, user.email);
    const first = await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp: code } });
    expect(first.status).toBe(200);
    const again = await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp: code } });
    expect(again.status).toBe(401);
    const wrong = await t.api('POST', '/api/auth/email/verify', {
      token: user.token,
      body: { otp: otherCode(code, 1) },
    });
    expect(wrong.status).toBe(401);
  });

  it('an expired code is 401', async () => {
    const user = await registerUser(t);
    const code = await latestOtp(t, user.email);
    t.ctx.clock.advance(601);
    const late = await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp: code } });
    expect(late.status).toBe(401);
    expect(late.body.message).toMatch(/expired/);
  });

  it('a code killed by five wrong tries is 401, even when right, even once the limits allow a try', async () => {
    const user = await registerUser(t);
    const code = await latestOtp(t, user.email);
    const right = await latestOtp(t, user.mobile);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await t.api('POST', '/api/auth/mobile/verify', {
        token: user.token,
        body: { otp: otherCode(right, i) },
      });
      expect(wrong.status).toBe(401);
      if (i === 4) expect(wrong.body.message).toMatch(/has now been disabled/);
    }
    // Right after, the account's five tries for this purpose are spent: 429 before the code is looked at.
    const throttled = await t.api('POST', '/api/auth/mobile/verify', {
      token: user.token,
      body: { otp: right },
    });
    expect(throttled.status).toBe(429);
    // With the attempt limits forgotten (as when their window ends), the code itself is still dead.
    await t.ctx.db.deleteFrom('attempt_limits').where('key', 'like', 'MOBILE_VERIFY:%').execute();
    const dead = await t.api('POST', '/api/auth/mobile/verify', { token: user.token, body: { otp: right } });
    expect(dead.status).toBe(401);
    expect(dead.body.message).toMatch(/expired or was already used/);
    const account = await t.api('GET', '/api/account', { token: user.token });
    expect(account.body.data.account.is_mobile_verified).toBe(0);
    // The email code (another purpose) still works.
    const email = await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp: code } });
    expect(email.status).toBe(200);
  });

  it('a TOTP code is accepted once; a recovery code once', async () => {
    const user = await registerVerifiedUser(t);
    const { secret, recovery } = await enableTotp(t, user);
    expect(recovery).toHaveLength(10);
    const code = codeAt(secret, t.ctx.clock.nowSeconds());
    const signIn = async (answer: string) => {
      const first = await t.api('POST', '/api/auth/signin', {
        body: { email_id: user.email, password: GOOD_PASSWORD },
      });
      return t.api('POST', '/api/auth/signin/2fa', {
        body: { challenge: first.body.data.challenge, code: answer },
      });
    };
    expect((await signIn(code)).status).toBe(200);
    const replay = await signIn(code);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/used already/);
    expect((await signIn(recovery[3]!.toLowerCase())).status).toBe(200);
    expect((await signIn(recovery[3]!)).status).toBe(401);
  });
});
