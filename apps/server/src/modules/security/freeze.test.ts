import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../crypto.ts';
import { assetId, createTrader, deposit } from '../../testing/funds.ts';
import { GOOD_PASSWORD, type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import {
  createTestApp,
  databasesUnderTest,
  TEST_API_KEY,
  type TestApp,
  type TestEnvelope,
} from '../../testing/test-app.ts';
import * as tokens from './auth-tokens.repository.ts';

/**
 * New sign-in alerts and freezing: from the alert's link, from the security screen, by an operator.
 * Sign-up and the sign-ins below come from `app.inject()`: device "lightMyRequest", address 127.0.0.1,
 * unless a test names others.
 */

const NEW_SIGNIN_SUBJECT = 'New sign-in to your FIT24 Exchange account';
const FROZEN_SUBJECT = 'Your FIT24 Exchange account is frozen';

interface OutboxMessage {
  channel: 'email' | 'sms';
  subject: string;
  text: string;
}

describe.each(databasesUnderTest())('new sign-in alert and freeze ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Signs in with the password from a device (user agent) and an address of our choosing. */
  async function signinFrom(user: RegisteredUser, device: string, ip = '127.0.0.1') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'x-api-key': TEST_API_KEY, 'user-agent': device },
      remoteAddress: ip,
      payload: { email_id: user.email, password: GOOD_PASSWORD },
    });
    const body = response.json() as TestEnvelope;
    expect(response.statusCode).toBe(200);
    return body.data.token as string;
  }

  async function emails(to: string, subject?: string): Promise<OutboxMessage[]> {
    const { body } = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(to)}`);
    return (body.data.messages as OutboxMessage[]).filter(
      (m) => m.channel === 'email' && (subject === undefined || m.subject === subject),
    );
  }

  async function notifications(userId: number, type: string) {
    return t.ctx.db
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('user_id', '=', BigInt(userId))
      .where('type', '=', type)
      .execute();
  }

  /** The token of the freeze link in the newest new-sign-in email. */
  async function freezeToken(user: RegisteredUser): Promise<string> {
    const [alert] = await emails(user.email, NEW_SIGNIN_SUBJECT);
    const token = /\/freeze\?token=([A-Za-z0-9_-]+)/.exec(alert?.text ?? '')?.[1];
    if (!token) throw new Error('no freeze link in the outbox');
    return token;
  }

  const freezeWith = (token: string) => t.api('POST', '/api/auth/freeze', { body: { token } });
  const accountOf = (token: string) => t.api('GET', '/api/account', { token });

  async function frozenState(userId: number) {
    return t.ctx.db
      .selectFrom('users')
      .select(['frozen_at', 'frozen_reason'])
      .where('user_id', '=', BigInt(userId))
      .executeTakeFirstOrThrow();
  }

  it('sends nothing for the first session (sign-up) nor for a known device and address', async () => {
    const user = await registerVerifiedUser(t);
    await signinFrom(user, 'lightMyRequest');
    await signinFrom(user, 'lightMyRequest');
    expect(await emails(user.email, NEW_SIGNIN_SUBJECT)).toEqual([]);
    expect(await notifications(user.userId, 'NEW_DEVICE_SIGNIN')).toEqual([]);
  });

  it('alerts on a new device, then on a new address alone, with when, device, IP and a freeze link', async () => {
    const user = await registerVerifiedUser(t);
    const before = t.ctx.clock.now();
    await signinFrom(user, 'Evil Browser/6.6');

    const [alert] = await emails(user.email, NEW_SIGNIN_SUBJECT);
    expect(alert).toBeDefined();
    expect(alert!.text).toContain('signed in to from a new device.');
    expect(alert!.text).toContain(`When: ${before.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    expect(alert!.text).toContain('Device: Evil Browser/6.6');
    expect(alert!.text).toContain('IP address: 127.0.0.1');
    expect(alert!.text).toMatch(/This wasn't me: freeze my account\nhttp:\/\/localhost:8080\/freeze\?token=/);
    const [notice] = await notifications(user.userId, 'NEW_DEVICE_SIGNIN');
    expect(notice?.body).toContain('Evil Browser/6.6, 127.0.0.1');

    // The token is stored only as a hash, for this user, for 7 days.
    const token = await freezeToken(user);
    const row = await t.ctx.db
      .selectFrom('auth_tokens')
      .selectAll()
      .where('token_hash', '=', hashSecret(token))
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('FREEZE');
    expect(row.user_id).toBe(BigInt(user.userId));
    expect(row.token_hash).not.toBe(token);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(7 * 86_400_000);
    expect(row.origin).toEqual({ device: 'Evil Browser/6.6', ip: '127.0.0.1' });

    // The device is known now; a new address alone is new too, and then neither is.
    await signinFrom(user, 'Evil Browser/6.6', '203.0.113.9');
    const alerts = await emails(user.email, NEW_SIGNIN_SUBJECT);
    expect(alerts).toHaveLength(2);
    expect(alerts[0]!.text).toContain('signed in to from a new IP address.');
    expect(alerts[0]!.text).toContain('IP address: 203.0.113.9');
    await signinFrom(user, 'Evil Browser/6.6', '203.0.113.9');
    expect(await emails(user.email, NEW_SIGNIN_SUBJECT)).toHaveLength(2);
    expect(await notifications(user.userId, 'NEW_DEVICE_SIGNIN')).toHaveLength(2);
  });

  it('freezes from the link: every session ends, money stops, sign-in still works; the link works once', async () => {
    const user = await createTrader(t);
    const receiver = await registerVerifiedUser(t);
    await deposit(t, user.email, 'USDT', '100');
    const intruder = await signinFrom(user, 'Intruder/1.0', '198.51.100.7');
    const token = await freezeToken(user);

    const frozen = await freezeWith(token);
    expect(frozen).toEqual({ status: 200, body: { error: false, data: {} } });
    for (const session of [user.token, intruder]) expect((await accountOf(session)).body.code).toBe(502);
    const state = await frozenState(user.userId);
    expect(state.frozen_at).not.toBeNull();
    expect(state.frozen_reason).toContain('new sign-in email');
    expect(await notifications(user.userId, 'ACCOUNT_FROZEN')).toHaveLength(1);
    const [mail] = await emails(user.email, FROZEN_SUBJECT);
    expect(mail?.text).toContain('Every device has been signed out');

    // The owner can still sign in and read the account; money does not leave it.
    const again = await signinFrom(user, 'lightMyRequest');
    const security = await t.api('GET', '/api/security', { token: again });
    expect(security.body.data.security.frozen).toBe(1);
    const transfer = await t.api('POST', '/api/asset/transfer', {
      token: again,
      body: {
        asset_id: await assetId(t, 'USDT'),
        amount: '10',
        to_email_id: receiver.email,
        txn_password: user.txnPassword,
      },
    });
    expect(transfer.status).toBe(403);
    expect(transfer.body.message).toMatch(/frozen/);

    // Used once: the second click is refused with a message, and changes nothing.
    const twice = await freezeWith(token);
    expect(twice.status).toBe(404);
    expect(twice.body.message).toMatch(/already used/);
    expect((await accountOf(again)).status).toBe(200);
  });

  it('refuses an unknown, expired or other-purpose token, and a malformed one, without freezing', async () => {
    const user = await registerVerifiedUser(t);
    const unknown = await freezeWith('x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/freeze link does not work/);
    expect((await freezeWith('short')).status).toBe(400);

    const stepUp = await tokens.create(t.ctx.db, {
      purpose: 'STEP_UP',
      userId: BigInt(user.userId),
      now: t.ctx.clock.now(),
      ttlSeconds: 300,
    });
    expect((await freezeWith(stepUp.token)).status).toBe(404);

    await signinFrom(user, 'Late/1.0');
    const late = await freezeToken(user);
    t.ctx.clock.advance(7 * 86_400 + 1);
    expect((await freezeWith(late)).status).toBe(404);

    expect((await frozenState(user.userId)).frozen_at).toBeNull();
    expect((await accountOf(user.token)).status).toBe(200);
  });

  it('freezes from the security screen (this session ends too); freezing again is fine and sends nothing twice', async () => {
    const user = await registerVerifiedUser(t);
    const frozen = await t.api('POST', '/api/security/freeze', { token: user.token });
    expect(frozen).toEqual({ status: 200, body: { error: false, data: {} } });
    expect((await accountOf(user.token)).body.code).toBe(502);
    expect((await frozenState(user.userId)).frozen_reason).toBe('frozen by you from the security screen');

    const again = await signinFrom(user, 'lightMyRequest');
    expect((await t.api('POST', '/api/security/freeze', { token: again })).status).toBe(200);
    expect((await accountOf(again)).body.code).toBe(502);
    expect((await frozenState(user.userId)).frozen_reason).toBe('frozen by you from the security screen');
    expect(await notifications(user.userId, 'ACCOUNT_FROZEN')).toHaveLength(1);
    expect(await emails(user.email, FROZEN_SUBJECT)).toHaveLength(1);
  });

  it('lets an operator freeze and unfreeze by email; an unknown email is 404', async () => {
    const user = await createTrader(t);
    const receiver = await registerVerifiedUser(t);
    await deposit(t, user.email, 'USDT', '50');
    const frozen = await t.ops('POST', '/ops/users/freeze', { email_id: user.email.toUpperCase() });
    expect(frozen.body.data).toEqual({ user_id: user.userId, frozen: 1 });
    expect((await accountOf(user.token)).body.code).toBe(502);
    expect((await frozenState(user.userId)).frozen_reason).toBe('frozen by our support team');
    expect((await t.ops('POST', '/ops/users/freeze', { email_id: user.email })).status).toBe(200);

    const unfrozen = await t.ops('POST', '/ops/users/unfreeze', { email_id: user.email });
    expect(unfrozen.body.data).toEqual({ user_id: user.userId, frozen: 0 });
    expect(await frozenState(user.userId)).toEqual({ frozen_at: null, frozen_reason: null });
    const [mail] = await emails(user.email, 'Your FIT24 Exchange account is unfrozen');
    expect(mail?.text).toContain('withdrawals and transfers work again');
    expect((await t.ops('POST', '/ops/users/unfreeze', { email_id: user.email })).body.data.frozen).toBe(0);
    expect(await emails(user.email, 'Your FIT24 Exchange account is unfrozen')).toHaveLength(1);

    // Money moves again once unfrozen.
    const token = await signinFrom(user, 'lightMyRequest');
    const usdt = await assetId(t, 'USDT');
    const sent = await t.api('POST', '/api/asset/transfer', {
      token,
      body: { asset_id: usdt, amount: '5', to_email_id: receiver.email, txn_password: user.txnPassword },
    });
    expect(sent.status).toBe(200);

    for (const path of ['/ops/users/freeze', '/ops/users/unfreeze']) {
      const missing = await t.ops('POST', path, { email_id: 'nobody-here@example.com' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('There is no user with the email nobody-here@example.com.');
    }
  });
});
