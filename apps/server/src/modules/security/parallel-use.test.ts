import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, assetId, createTrader, deposit, type Trader } from '../../testing/funds.ts';
import {
  freshEmail,
  GOOD_PASSWORD,
  latestOtp,
  type RegisteredUser,
  registerVerifiedUser,
} from '../../testing/identity.ts';
import { enableTotp, notificationsTitled as notificationsOf } from '../../testing/security.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import {
  createTestApp,
  databasesUnderTest,
  TEST_API_KEY,
  type TestApp,
  type TestEnvelope,
} from '../../testing/test-app.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { codeAt } from './totp.ts';

/**
 * One-time secrets and per-user rules under parallel load (issue 11 §1, §3, §4): the same secret sent
 * by 30 requests at once is accepted exactly once, and what it does happens once. Every test here runs
 * on PGlite and on PostgreSQL (TEST_DATABASE_URL), where the requests truly run side by side.
 */

const BURST = 30;
/** Outside production the relying party is the address the browser used: app.inject's `localhost`. */
const ORIGIN = 'http://localhost';

type Answer = { status: number; body: TestEnvelope };

function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Exactly one 200; every other answer is one of `others` (never a 500, never a second success). */
function expectOnce(answers: Answer[], others: number[]): Answer {
  const counts = tally(answers);
  expect(counts[200], JSON.stringify(counts)).toBe(1);
  for (const status of Object.keys(counts).map(Number)) {
    if (status !== 200) expect(others, JSON.stringify(counts)).toContain(status);
  }
  return answers.find((a) => a.status === 200)!;
}

const together = (make: (i: number) => Promise<Answer>, n = BURST) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe.each(databasesUnderTest())('one-time secrets used in parallel ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test in a new window of the per-address limits: the bursts before it come from 127.0.0.1 too.
  beforeEach(() => {
    t.ctx.clock.advance(901);
  });

  async function sessionsOf(userId: number): Promise<number> {
    const row = await t.ctx.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', BigInt(userId))
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  const notificationsTitled = (userId: number, title: string) => notificationsOf(t, userId, title);

  async function emailsTo(to: string, subject: string): Promise<number> {
    const { body } = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(to)}`);
    return body.data.messages
      .filter((m: { channel: string; subject: string }) => m.channel === 'email')
      .filter((m: { subject: string }) => m.subject === subject).length;
  }

  /** A verified user with an authenticator app on (the step used to enable it is behind the clock). */
  async function withTotp(user?: RegisteredUser) {
    const who = user ?? (await registerVerifiedUser(t));
    return { user: who, ...(await enableTotp(t, who)) };
  }

  /** `n` sign-in challenges of the user, each from its own password sign-in. */
  async function challenges(user: RegisteredUser, n: number): Promise<string[]> {
    const list: string[] = [];
    for (let i = 0; i < n; i++) {
      const first = await t.api('POST', '/api/auth/signin', {
        ip: `192.0.2.${(i % 200) + 1}`,
        body: { email_id: user.email, password: GOOD_PASSWORD },
      });
      expect(first.body.data.two_factor_required).toBe(true);
      list.push(first.body.data.challenge);
    }
    return list;
  }

  async function withPasskey(user?: RegisteredUser) {
    const who = user ?? (await registerVerifiedUser(t));
    const key = new SoftwareAuthenticator(ORIGIN);
    const options = await t.api('POST', '/api/security/passkey/options', { token: who.token });
    const registered = await t.api('POST', '/api/security/passkey/register', {
      token: who.token,
      body: { name: 'Phone', passkey: key.register(options.body.data.options) },
    });
    expect(registered.status, registered.body.message).toBe(200);
    return { user: who, key };
  }

  it('a TOTP code sent with 30 sign-in challenges at once opens one session', async () => {
    const { user, secret } = await withTotp();
    const list = await challenges(user, BURST);
    const before = await sessionsOf(user.userId);
    const code = codeAt(secret, t.ctx.clock.nowSeconds());
    const answers = await together((i) =>
      t.api('POST', '/api/auth/signin/2fa', { body: { challenge: list[i], code } }),
    );
    expectOnce(answers, [401, 429]);
    expect(await sessionsOf(user.userId)).toBe(before + 1);
  });

  it('a recovery code sent with 30 sign-in challenges at once opens one session and is used up', async () => {
    const { user, recovery } = await withTotp();
    const list = await challenges(user, BURST);
    const before = await sessionsOf(user.userId);
    const answers = await together((i) =>
      t.api('POST', '/api/auth/signin/2fa', { body: { challenge: list[i], code: recovery[4] } }),
    );
    expectOnce(answers, [401, 429]);
    expect(await sessionsOf(user.userId)).toBe(before + 1);
    const view = await t.api('GET', '/api/security', { token: user.token });
    expect(view.body.data.security.recovery_codes_left).toBe(9);
  });

  it('one sign-in challenge answered right by several requests at once opens one session', async () => {
    const { user, recovery } = await withTotp();
    const [challenge] = await challenges(user, 1);
    const before = await sessionsOf(user.userId);
    const answers = await together(
      (i) => t.api('POST', '/api/auth/signin/2fa', { body: { challenge, code: recovery[i] } }),
      10,
    );
    expectOnce(answers, [401, 429]);
    expect(await sessionsOf(user.userId)).toBe(before + 1);
  });

  it('a passkey step-up token sent by 30 requests at once confirms one action', async () => {
    const { user, key } = await withPasskey();
    const options = await t.api('POST', '/api/security/passkey/step-up/options', { token: user.token });
    expect(options.status).toBe(200);
    const done = await t.api('POST', '/api/security/passkey/step-up', {
      token: user.token,
      body: { passkey: key.assert(options.body.data.options) },
    });
    expect(done.status, done.body.message).toBe(200);
    const passkey_token = done.body.data.passkey_token as string;
    const answers = await together(() =>
      t.api('POST', '/api/security/recovery-codes', { token: user.token, body: { passkey_token } }),
    );
    expectOnce(answers, [401, 429]);
    const view = await t.api('GET', '/api/security', { token: user.token });
    expect(view.body.data.security.recovery_codes_left).toBe(10);
  });

  it('a passkey sign-in assertion sent by 30 requests at once opens one session', async () => {
    const { user, key } = await withPasskey();
    const flow = await t.api('POST', '/api/auth/passkey/options', {});
    expect(flow.status).toBe(200);
    const passkey = key.assert(flow.body.data.options);
    const before = await sessionsOf(user.userId);
    const answers = await together(() =>
      t.api('POST', '/api/auth/passkey/signin', { body: { flow_id: flow.body.data.flow_id, passkey } }),
    );
    expectOnce(answers, [401, 429]);
    expect(await sessionsOf(user.userId)).toBe(before + 1);
  });

  it('a freeze link clicked 30 times at once freezes once: one notice, one email', async () => {
    const user = await registerVerifiedUser(t);
    const alerted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'x-api-key': TEST_API_KEY, 'user-agent': 'Thief/1' },
      payload: { email_id: user.email, password: GOOD_PASSWORD },
    });
    expect(alerted.statusCode).toBe(200);
    const { body } = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(user.email)}`);
    const alert = body.data.messages.find((m: { text: string }) => /\/freeze\?token=/.test(m.text));
    const token = /\/freeze\?token=([A-Za-z0-9_-]+)/.exec(alert.text)![1]!;
    const answers = await together(() => t.api('POST', '/api/auth/freeze', { body: { token } }));
    expectOnce(answers, [404]);
    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select('notification_id')
      .where('user_id', '=', BigInt(user.userId))
      .where('type', '=', 'ACCOUNT_FROZEN')
      .execute();
    expect(notices).toHaveLength(1);
    expect(await emailsTo(user.email, 'Your FIT24 Exchange account is frozen')).toBe(1);
    expect(await sessionsOf(user.userId)).toBe(0);
  });

  it('an email-change code confirmed by 30 requests at once changes the email once', async () => {
    const user = await registerVerifiedUser(t);
    const next = freshEmail('moved').toLowerCase();
    const asked = await t.api('POST', '/api/account/email/change', {
      token: user.token,
      body: { email_id: next, password: GOOD_PASSWORD },
    });
    expect(asked.status).toBe(200);
    const otp = await latestOtp(t, next);
    const answers = await together(() =>
      t.api('POST', '/api/account/email/confirm', { token: user.token, body: { otp } }),
    );
    expectOnce(answers, [401, 429]);
    expect(await notificationsTitled(user.userId, 'Email changed')).toBe(1);
    expect(await emailsTo(user.email, 'Your FIT24 Exchange email was changed')).toBe(1);
  });

  it('accounts racing to one new email: one takes it, the others 409, never 500', async () => {
    const next = freshEmail('wanted').toLowerCase();
    const racers: Array<{ user: RegisteredUser; otp: string }> = [];
    for (let i = 0; i < 8; i++) {
      const user = await registerVerifiedUser(t);
      const asked = await t.api('POST', '/api/account/email/change', {
        token: user.token,
        body: { email_id: next, password: GOOD_PASSWORD },
      });
      expect(asked.status).toBe(200);
      // Each code goes to the same new address: the newest is this user's.
      racers.push({ user, otp: await latestOtp(t, next) });
    }
    const answers = await Promise.all(
      racers.map(({ user, otp }) =>
        t.api('POST', '/api/account/email/confirm', { token: user.token, body: { otp } }),
      ),
    );
    expect(tally(answers)).toEqual({ 200: 1, 409: racers.length - 1 });
    const owners = await t.ctx.db.selectFrom('users').select('user_id').where('email', '=', next).execute();
    expect(owners).toHaveLength(1);
    // The losers keep their email, and no cool-down started for them.
    for (const [i, { user }] of racers.entries()) {
      if (answers[i]!.status === 200) continue;
      const view = await t.api('GET', '/api/security', { token: user.token });
      expect(view.body.data.security.cooldown_until).toBeNull();
    }
  });

  it('turning TOTP on with one code sent 30 times at once: on once, ten recovery codes', async () => {
    const user = await registerVerifiedUser(t);
    const setup = await t.api('POST', '/api/security/totp/setup', { token: user.token });
    const secret = setup.body.data.secret as string;
    const code = codeAt(secret, t.ctx.clock.nowSeconds());
    const answers = await together(() =>
      t.api('POST', '/api/security/totp/enable', { token: user.token, body: { code } }),
    );
    expectOnce(answers, [401, 409, 429]);
    const stored = await t.ctx.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(stored).toHaveLength(10);
    const notices = await notificationsTitled(user.userId, 'Two-factor authentication on');
    expect(notices).toBe(1);
  });

  it('new recovery codes asked by several requests at once (each with its own proof) leave ten live codes', async () => {
    const { user, recovery } = await withTotp();
    const answers = await together(
      (i) =>
        t.api('POST', '/api/security/recovery-codes', {
          token: user.token,
          body: { two_factor_code: recovery[i] },
        }),
      5,
    );
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 401 && a.status !== 429)).toEqual([]);
    const view = await t.api('GET', '/api/security', { token: user.token });
    expect(view.body.data.security.recovery_codes_left).toBe(10);
  });

  it('a transaction-password code used by 30 requests at once sets one password: the one answered 200', async () => {
    const user = await registerVerifiedUser(t);
    t.ctx.clock.advance(61);
    expect((await t.api('GET', '/api/user/txn/password/otpcode', { token: user.token })).status).toBe(200);
    const otp = await latestOtp(t, user.email);
    const pin = (i: number) => `Pay-PIN-${1000 + i}`;
    const answers = await together((i) =>
      t.api('POST', '/api/user/txn/password', { token: user.token, body: { otp, txn_password: pin(i) } }),
    );
    const winner = answers.indexOf(expectOnce(answers, [401, 429]));
    const row = await t.ctx.db
      .selectFrom('users')
      .select('txn_password_hash')
      .where('user_id', '=', BigInt(user.userId))
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.txn_password_hash!, pin(winner))).toBe(true);
    const notices = await t.ctx.db
      .selectFrom('notifications')
      .select('notification_id')
      .where('user_id', '=', BigInt(user.userId))
      .where('type', '=', 'TXN_PASSWORD_SET')
      .execute();
    expect(notices).toHaveLength(1);
  }, 60_000);
});

describe.each(databasesUnderTest())('address book and whitelist under parallel load ($name)', (database) => {
  let t: TestApp;
  let usdt: number;
  beforeAll(async () => {
    t = await createTestApp(database);
    usdt = await assetId(t, 'USDT');
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test in a new window of the per-address limits: the bursts before it come from 127.0.0.1 too.
  beforeEach(() => {
    t.ctx.clock.advance(901);
  });

  const ethAddress = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
  const addAddress = (user: Trader, address: string, change: Record<string, unknown> = {}) =>
    t.api('POST', '/api/security/addresses/add', {
      token: user.token,
      body: { asset_id: usdt, label: 'Cold wallet', address, ...change },
    });

  const titled = (userId: number, title: string) => notificationsOf(t, userId, title);

  it('takes ten of 30 different addresses added at once (the 15-minute limit), then 429', async () => {
    const user = await createTrader(t);
    const answers = await together((i) => addAddress(user, ethAddress(5000 + i)));
    expect(tally(answers)).toEqual({ 200: 10, 429: BURST - 10 });
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body.data.retry_after).toBeGreaterThan(0);
    }
    const rows = await t.ctx.db
      .selectFrom('withdrawal_addresses')
      .select('address_id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(rows).toHaveLength(10);
  });

  it('confirms an address once when its right code is sent 30 times at once', async () => {
    const user = await createTrader(t);
    const added = await addAddress(user, ethAddress(77));
    expect(added.status).toBe(200);
    const address_id = added.body.data.address.address_id;
    const otp = await latestOtp(t, user.email);
    const answers = await together(() =>
      t.api('POST', '/api/security/addresses/confirm', { token: user.token, body: { address_id, otp } }),
    );
    expectOnce(answers, [401, 409, 429]);
    expect(await titled(user.userId, 'Withdrawal address confirmed')).toBe(1);
  });

  it('turns whitelist-only off once when asked 30 times at once: one notice, one end date', async () => {
    const user = await createTrader(t);
    expect(
      (await t.api('POST', '/api/security/whitelist', { token: user.token, body: { enabled: 1 } })).status,
    ).toBe(200);
    const answers = await together(() =>
      t.api('POST', '/api/security/whitelist', { token: user.token, body: { enabled: 0 } }),
    );
    expect(tally(answers)).toEqual({ 200: BURST });
    const ends = new Set(answers.map((a) => a.body.data.security.whitelist_off_date));
    expect(ends.size).toBe(1);
    expect(await titled(user.userId, 'Whitelist-only withdrawals turned off')).toBe(1);
  });

  it('with 2FA on, one code sent 30 times at once turns whitelist-only off once', async () => {
    const user = await createTrader(t);
    const { secret } = await enableTotp(t, user);
    const on = await t.api('POST', '/api/security/whitelist', { token: user.token, body: { enabled: 1 } });
    expect(on.status).toBe(200);
    const code = codeAt(secret, t.ctx.clock.nowSeconds());
    const answers = await together(() =>
      t.api('POST', '/api/security/whitelist', {
        token: user.token,
        body: { enabled: 0, two_factor_code: code },
      }),
    );
    // A request that reads "off" already has nothing to confirm (200, no change); the code turns it off once.
    expect(answers.filter((a) => ![200, 401, 429].includes(a.status))).toEqual([]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(await titled(user.userId, 'Whitelist-only withdrawals turned off')).toBe(1);
    const ends = new Set(
      answers.filter((a) => a.status === 200).map((a) => a.body.data.security.whitelist_off_date),
    );
    expect(ends.size).toBe(1);
    // The code was taken: it does not confirm a second change.
    expect(
      (await t.api('POST', '/api/security/whitelist', { token: user.token, body: { enabled: 1 } })).status,
    ).toBe(200);
    const replay = await t.api('POST', '/api/security/whitelist', {
      token: user.token,
      body: { enabled: 0, two_factor_code: code },
    });
    expect(replay.status).toBe(401);
  });

  it('a withdrawal to a non-whitelisted address is refused by every one of 30 parallel requests', async () => {
    const user = await createTrader(t);
    await deposit(t, user.email, 'USDT', '500');
    expect(
      (await t.api('POST', '/api/security/whitelist', { token: user.token, body: { enabled: 1 } })).status,
    ).toBe(200);
    const answers = await together(() =>
      t.api('POST', '/api/asset/withdraw', {
        token: user.token,
        body: { asset_id: usdt, address: addresses.ethereum, amount: '10', txn_password: user.txnPassword },
      }),
    );
    expect(answers.filter((a) => a.status !== 422 && a.status !== 429)).toEqual([]);
    expect(answers.filter((a) => a.status === 422).length).toBeGreaterThan(0);
    const rows = await t.ctx.db
      .selectFrom('withdrawals')
      .select('withdrawal_id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(rows).toEqual([]);
  });
});
