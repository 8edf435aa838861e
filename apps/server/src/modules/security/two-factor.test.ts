import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { codeAt } from './totp.ts';

/** Outside production the relying party is the address the browser used: app.inject's `localhost`. */
const ORIGIN = 'http://localhost';

describe.each(databasesUnderTest())('second factor ($name)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  const now = () => t.ctx.clock.nowSeconds();
  const signin = (user: RegisteredUser) =>
    t.api('POST', '/api/auth/signin', { body: { email_id: user.email, password: GOOD_PASSWORD } });
  const security = async (user: { token: string }) =>
    (await t.api('GET', '/api/security', { token: user.token })).body.data.security;

  async function enrol(user: RegisteredUser): Promise<{ secret: string; recovery: string[] }> {
    const setup = await t.api('POST', '/api/security/totp/setup', { token: user.token });
    expect(setup.status).toBe(200);
    const { secret, otpauth_uri } = setup.body.data;
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/FIT24%20Exchange:.+\?.*secret=/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    const enabled = await t.api('POST', '/api/security/totp/enable', {
      token: user.token,
      body: { code: codeAt(secret, now()) },
    });
    expect(enabled.status).toBe(200);
    t.ctx.clock.advance(30);
    return { secret, recovery: enabled.body.data.recovery_codes };
  }

  it('enrols an authenticator app: a wrong first code is refused, the secret is sealed at rest', async () => {
    const user = await registerVerifiedUser(t);
    const setup = await t.api('POST', '/api/security/totp/setup', { token: user.token });
    const secret = setup.body.data.secret as string;
    const wrong = await t.api('POST', '/api/security/totp/enable', {
      token: user.token,
      body: { code: codeAt(secret, now() + 600) },
    });
    expect(wrong.status).toBe(401);
    expect((await security(user)).totp_enabled).toBe(0);
    const right = await t.api('POST', '/api/security/totp/enable', {
      token: user.token,
      body: { code: codeAt(secret, now()) },
    });
    expect(right.status).toBe(200);
    const codes = right.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const view = await security(user);
    expect(view).toMatchObject({ totp_enabled: 1, two_factor_enabled: 1, recovery_codes_left: 10 });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('totp_secret')
      .where('user_id', '=', BigInt(user.userId))
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_secret).not.toContain(secret);
    const stored = await t.ctx.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
    const again = await t.api('POST', '/api/security/totp/setup', { token: user.token });
    expect(again.status).toBe(409);
  });

  it('signs in in two steps; a challenge opens one session, and ends', async () => {
    const user = await registerVerifiedUser(t);
    const { secret } = await enrol(user);
    const first = await signin(user);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ two_factor_required: true, methods: ['totp'], expires_in: 300 });
    expect(first.body.data.token).toBeUndefined();
    const challenge = first.body.data.challenge as string;
    const unknown = await t.api('POST', '/api/auth/signin/2fa', {
      body: { challenge: `${challenge}x`, code: codeAt(secret, now()) },
    });
    expect(unknown.status).toBe(401);
    const ok = await t.api('POST', '/api/auth/signin/2fa', {
      body: { challenge, code: codeAt(secret, now()) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.user_id).toBe(user.userId);
    const account = await t.api('GET', '/api/account', { token: ok.body.data.token });
    expect(account.status).toBe(200);
    t.ctx.clock.advance(30);
    const reused = await t.api('POST', '/api/auth/signin/2fa', {
      body: { challenge, code: codeAt(secret, now()) },
    });
    expect(reused.status).toBe(401);
    const late = (await signin(user)).body.data.challenge as string;
    t.ctx.clock.advance(301);
    const expired = await t.api('POST', '/api/auth/signin/2fa', {
      body: { challenge: late, code: codeAt(secret, now()) },
    });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/sign in again/);
  });

  it('refuses a bad second step as 400, never 500', async () => {
    for (const body of [
      {},
      { challenge: 'short', code: '123456' },
      { challenge: 'x'.repeat(40) },
      { challenge: 'x'.repeat(40), code: '12345' },
      { challenge: 'x'.repeat(40), code: '123456', passkey: { id: 'a' } },
      { challenge: 'x'.repeat(40), passkey: { id: '!!', rawId: 'a', type: 'public-key', response: {} } },
    ]) {
      const answer = await t.api('POST', '/api/auth/signin/2fa', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('asks the second factor to turn it off, then pauses withdrawals', async () => {
    const user = await registerVerifiedUser(t);
    const { secret, recovery } = await enrol(user);
    const missing = await t.api('POST', '/api/security/totp/disable', { token: user.token, body: {} });
    expect(missing.status).toBe(401);
    expect(missing.body.fields?.two_factor_code).toBe('is required');
    const regenerated = await t.api('POST', '/api/security/recovery-codes', {
      token: user.token,
      body: { two_factor_code: codeAt(secret, now()) },
    });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.data.recovery_codes).not.toContain(recovery[0]);
    const old = await t.api('POST', '/api/security/totp/disable', {
      token: user.token,
      body: { two_factor_code: recovery[0] },
    });
    expect(old.status).toBe(401);
    const before = now();
    const off = await t.api('POST', '/api/security/totp/disable', {
      token: user.token,
      body: { two_factor_code: regenerated.body.data.recovery_codes[0] },
    });
    expect(off.status).toBe(200);
    const view = off.body.data.security;
    expect(view).toMatchObject({ totp_enabled: 0, two_factor_enabled: 0, recovery_codes_left: 0 });
    expect(view.cooldown_until).toBeGreaterThanOrEqual(before + 86_400);
    expect(view.cooldown_until).toBeLessThanOrEqual(now() + 86_400);
    expect(view.cooldown_reason).toBe('authenticator app removed');
    const direct = await signin(user);
    expect(direct.body.data.token).toBeDefined();
  });

  it('registers a passkey, signs in with it alone, and as the second step', async () => {
    const user = await registerVerifiedUser(t);
    const key = new SoftwareAuthenticator(ORIGIN);
    const options = await t.api('POST', '/api/security/passkey/options', { token: user.token });
    expect(options.status).toBe(200);
    expect(options.body.data.options.rp.id).toBe('localhost');
    expect(options.body.data.options.authenticatorSelection.residentKey).toBe('required');
    const registered = await t.api('POST', '/api/security/passkey/register', {
      token: user.token,
      body: { name: 'Laptop', passkey: key.register(options.body.data.options) },
    });
    expect(registered.status).toBe(200);
    expect(registered.body.data.passkey).toMatchObject({ name: 'Laptop', last_used_date: null });
    const view = await security(user);
    expect(view).toMatchObject({ two_factor_enabled: 1, totp_enabled: 0 });
    expect(view.passkeys).toHaveLength(1);

    // Passwordless: the browser offers the discoverable passkey.
    const flow = await t.api('POST', '/api/auth/passkey/options', {});
    expect(flow.body.data.options.allowCredentials ?? []).toEqual([]);
    const signedIn = await t.api('POST', '/api/auth/passkey/signin', {
      body: { flow_id: flow.body.data.flow_id, passkey: key.assert(flow.body.data.options) },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.user_id).toBe(user.userId);

    // A replayed assertion (its flow is used) is refused.
    const replay = await t.api('POST', '/api/auth/passkey/signin', {
      body: { flow_id: flow.body.data.flow_id, passkey: key.assert(flow.body.data.options) },
    });
    expect(replay.status).toBe(401);

    // The password now asks the second step, which the passkey completes.
    const first = await signin(user);
    expect(first.body.data.methods).toEqual(['passkey']);
    const challenge = first.body.data.challenge as string;
    const stepOptions = await t.api('POST', '/api/auth/signin/2fa/options', { body: { challenge } });
    expect(stepOptions.body.data.options.allowCredentials).toEqual([
      expect.objectContaining({ id: key.id, type: 'public-key' }),
    ]);
    const second = await t.api('POST', '/api/auth/signin/2fa', {
      body: { challenge, passkey: key.assert(stepOptions.body.data.options) },
    });
    expect(second.status).toBe(200);
    expect((await security(user)).passkeys[0].last_used_date).not.toBeNull();
  });

  it('refuses an assertion signed for another site, or by another user’s key', async () => {
    const alice = await registerVerifiedUser(t);
    const bob = await registerVerifiedUser(t);
    const aliceKey = new SoftwareAuthenticator(ORIGIN);
    const bobKey = new SoftwareAuthenticator(ORIGIN);
    for (const [user, key] of [
      [alice, aliceKey],
      [bob, bobKey],
    ] as const) {
      const options = await t.api('POST', '/api/security/passkey/options', { token: user.token });
      const done = await t.api('POST', '/api/security/passkey/register', {
        token: user.token,
        body: { name: 'Phone', passkey: key.register(options.body.data.options) },
      });
      expect(done.status).toBe(200);
    }
    const phishing = await t.api('POST', '/api/auth/passkey/options', {});
    const fromPhishingSite = await t.api('POST', '/api/auth/passkey/signin', {
      body: {
        flow_id: phishing.body.data.flow_id,
        passkey: aliceKey.assert(phishing.body.data.options, { origin: 'https://fit24-exchange.example' }),
      },
    });
    expect(fromPhishingSite.status).toBe(401);

    // Bob's key cannot confirm a step-up of Alice's session.
    const stepUp = await t.api('POST', '/api/security/passkey/step-up/options', { token: alice.token });
    const wrongKey = await t.api('POST', '/api/security/passkey/step-up', {
      token: alice.token,
      body: { passkey: bobKey.assert(stepUp.body.data.options) },
    });
    expect(wrongKey.status).toBe(401);
  });

  it('a passkey step-up token confirms one sensitive action, once', async () => {
    const user = await registerVerifiedUser(t);
    const key = new SoftwareAuthenticator(ORIGIN);
    const options = await t.api('POST', '/api/security/passkey/options', { token: user.token });
    const first = await t.api('POST', '/api/security/passkey/register', {
      token: user.token,
      body: { name: 'Phone', passkey: key.register(options.body.data.options) },
    });
    expect(first.status).toBe(200);
    const stepUpToken = async () => {
      const o = await t.api('POST', '/api/security/passkey/step-up/options', { token: user.token });
      const done = await t.api('POST', '/api/security/passkey/step-up', {
        token: user.token,
        body: { passkey: key.assert(o.body.data.options) },
      });
      expect(done.status, done.body.message).toBe(200);
      expect(done.body.data.expires_in).toBe(300);
      return done.body.data.passkey_token as string;
    };
    const token = await stepUpToken();
    const codes = await t.api('POST', '/api/security/recovery-codes', {
      token: user.token,
      body: { passkey_token: token },
    });
    expect(codes.status, codes.body.message).toBe(200);
    const again = await t.api('POST', '/api/security/recovery-codes', {
      token: user.token,
      body: { passkey_token: token },
    });
    expect(again.status).toBe(401);

    // A second passkey needs the second factor now that one is on.
    const second = new SoftwareAuthenticator(ORIGIN);
    const more = await t.api('POST', '/api/security/passkey/options', { token: user.token });
    const without = await t.api('POST', '/api/security/passkey/register', {
      token: user.token,
      body: { name: 'Tablet', passkey: second.register(more.body.data.options) },
    });
    expect(without.status).toBe(401);

    // Removing the only passkey turns the second factor off and starts the cool-down.
    const passkeyId = (await security(user)).passkeys[0].passkey_id;
    const removed = await t.api('POST', '/api/security/passkey/remove', {
      token: user.token,
      body: { passkey_id: passkeyId, passkey_token: await stepUpToken() },
    });
    expect(removed.status, removed.body.message).toBe(200);
    expect(removed.body.data.security).toMatchObject({
      two_factor_enabled: 0,
      cooldown_reason: 'passkey removed',
    });
  });

  it('registers a second passkey with the first one’s confirmation; either signs in alone', async () => {
    const user = await registerVerifiedUser(t);
    const phone = new SoftwareAuthenticator(ORIGIN);
    const laptop = new SoftwareAuthenticator(ORIGIN);
    const register = async (
      key: SoftwareAuthenticator,
      name: string,
      extra: Record<string, unknown> = {},
    ) => {
      const options = await t.api('POST', '/api/security/passkey/options', { token: user.token });
      // Keys the account has already are excluded, so an authenticator cannot register twice.
      return {
        excluded: (options.body.data.options.excludeCredentials ?? []).map((c: { id: string }) => c.id),
        answer: await t.api('POST', '/api/security/passkey/register', {
          token: user.token,
          body: { name, passkey: key.register(options.body.data.options), ...extra },
        }),
      };
    };
    expect((await register(phone, 'Phone')).answer.status).toBe(200);
    const stepUp = await t.api('POST', '/api/security/passkey/step-up/options', { token: user.token });
    const confirmed = await t.api('POST', '/api/security/passkey/step-up', {
      token: user.token,
      body: { passkey: phone.assert(stepUp.body.data.options) },
    });
    expect(confirmed.status).toBe(200);
    const second = await register(laptop, 'Laptop', { passkey_token: confirmed.body.data.passkey_token });
    expect(second.excluded).toEqual([phone.id]);
    expect(second.answer.status, second.answer.body.message).toBe(200);
    expect((await security(user)).passkeys.map((p: { name: string }) => p.name).sort()).toEqual([
      'Laptop',
      'Phone',
    ]);
    // The same authenticator once more (its confirmation spent, then a fresh one): 409, not a second row.
    const again = await t.api('POST', '/api/security/passkey/step-up/options', { token: user.token });
    const fresh = await t.api('POST', '/api/security/passkey/step-up', {
      token: user.token,
      body: { passkey: laptop.assert(again.body.data.options) },
    });
    const duplicate = await register(phone, 'Phone again', { passkey_token: fresh.body.data.passkey_token });
    expect(duplicate.answer.status).toBe(409);
    for (const key of [phone, laptop]) {
      const flow = await t.api('POST', '/api/auth/passkey/options', {});
      const signedIn = await t.api('POST', '/api/auth/passkey/signin', {
        body: { flow_id: flow.body.data.flow_id, passkey: key.assert(flow.body.data.options) },
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.user.user_id).toBe(user.userId);
    }
  });

  it('answers a strange Host header with 400, never 500', async () => {
    const user = await registerVerifiedUser(t);
    const answer = await t.api('POST', '/api/security/passkey/options', {
      token: user.token,
      headers: { host: 'exa mple:99999' },
    });
    expect(answer.status).toBe(400);
  });

  it("keeps passkeys to their owner: another user's passkey id is 404", async () => {
    const alice = await registerVerifiedUser(t);
    const bob = await registerVerifiedUser(t);
    const key = new SoftwareAuthenticator(ORIGIN);
    const options = await t.api('POST', '/api/security/passkey/options', { token: alice.token });
    const registered = await t.api('POST', '/api/security/passkey/register', {
      token: alice.token,
      body: { name: 'Phone', passkey: key.register(options.body.data.options) },
    });
    const id = registered.body.data.passkey.passkey_id;
    const rename = await t.api('POST', '/api/security/passkey/rename', {
      token: bob.token,
      body: { passkey_id: id, name: 'Mine now' },
    });
    expect(rename.status).toBe(404);
    const remove = await t.api('POST', '/api/security/passkey/remove', {
      token: bob.token,
      body: { passkey_id: id },
    });
    expect(remove.status).toBe(404);
    const renamed = await t.api('POST', '/api/security/passkey/rename', {
      token: alice.token,
      body: { passkey_id: id, name: 'Work phone' },
    });
    expect(renamed.body.data.passkey.name).toBe('Work phone');
  });
});
