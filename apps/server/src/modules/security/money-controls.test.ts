import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, assetId, auditClean, createTrader, deposit, type Trader } from '../../testing/funds.ts';
import { freshEmail, freshMobile, GOOD_PASSWORD, latestOtp } from '../../testing/identity.ts';
import { enableTotp } from '../../testing/security.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { assetById } from '../funds/assets.service.ts';
import { holdWithdrawal } from '../funds/withdrawals.service.ts';
import { codeAt } from './totp.ts';

/**
 * Money-movement controls (issue 11 §4): the address book and whitelist-only, the second factor on
 * every call that moves money or loosens a control, the cool-down and freeze, and the KYC withdrawal
 * limit per rolling 24 hours — with the default delays (24 h), moved through by the test clock.
 */

const DAY = 86_400;
/** A valid devnet `ethereum` address of its own for each n. */
const ethAddress = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
/** A six-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

describe.each(databasesUnderTest())('money-movement controls on $name', (database) => {
  let t: TestApp;
  let usdt: number;
  let btc: number;
  beforeAll(async () => {
    t = await createTestApp(database);
    usdt = await assetId(t, 'USDT');
    btc = await assetId(t, 'BTC');
  });
  afterAll(async () => {
    await t?.close();
  });

  const withdraw = (user: Trader, change: Record<string, unknown> = {}) =>
    t.api('POST', '/api/asset/withdraw', {
      token: user.token,
      body: {
        asset_id: usdt,
        address: addresses.ethereum,
        amount: '20',
        txn_password: user.txnPassword,
        ...change,
      },
    });
  const transfer = (user: Trader, to: Trader, change: Record<string, unknown> = {}) =>
    t.api('POST', '/api/asset/transfer', {
      token: user.token,
      body: { asset_id: usdt, amount: '5', to_email_id: to.email, txn_password: user.txnPassword, ...change },
    });
  const addAddress = (user: Trader, address: string, change: Record<string, unknown> = {}) =>
    t.api('POST', '/api/security/addresses/add', {
      token: user.token,
      body: { asset_id: usdt, label: 'Cold wallet', address, ...change },
    });
  const listAddresses = async (user: Trader, query = '') =>
    (await t.api('GET', `/api/security/addresses${query}`, { token: user.token })).body.data.addresses;
  const whitelist = (user: Trader, enabled: number, change: Record<string, unknown> = {}) =>
    t.api('POST', '/api/security/whitelist', { token: user.token, body: { enabled, ...change } });
  const limits = async (user: Trader) =>
    (await t.api('GET', '/api/account/limits', { token: user.token })).body.data.limits;

  /** The code emailed for one saved address (each address has its own). */
  async function addressCode(user: Trader, address: string): Promise<string> {
    const { body } = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(user.email)}`);
    const message = body.data.messages.find(
      (m: { otp: string | null; text: string }) => m.otp && m.text.includes(address),
    );
    if (!message) throw new Error(`no code for ${address}`);
    return message.otp;
  }

  /** Saves an address and confirms it with its emailed code; answers when it becomes usable. */
  async function savedAndConfirmed(user: Trader, address: string): Promise<number> {
    const added = await addAddress(user, address);
    expect(added.status).toBe(200);
    const id = added.body.data.address.address_id;
    const confirmed = await t.api('POST', '/api/security/addresses/confirm', {
      token: user.token,
      body: { address_id: id, otp: await addressCode(user, address) },
    });
    expect(confirmed.body.data.address.status).toBe('PENDING');
    return confirmed.body.data.address.usable_date;
  }

  async function fundedTrader(amount = '1000'): Promise<Trader> {
    const user = await createTrader(t);
    await deposit(t, user.email, 'USDT', amount);
    return user;
  }

  it('keeps an address book: emailed code per address, PENDING for the delay, then ACTIVE; soft removal', async () => {
    const user = await fundedTrader();
    const first = await addAddress(user, addresses.ethereum, { label: ' Ledger ' });
    expect(first.status).toBe(200);
    expect(first.body.data.address).toMatchObject({
      asset_id: usdt,
      symbol: 'USDT',
      network: 'ethereum',
      label: 'Ledger',
      address: addresses.ethereum,
      memo: null,
      status: 'UNCONFIRMED',
      usable_date: null,
    });
    const firstId = first.body.data.address.address_id;
    const firstCode = await addressCode(user, addresses.ethereum);
    expect((await addAddress(user, addresses.ethereum)).status).toBe(409);
    // The same address with a memo is another entry; each has its own code, both stay live.
    const second = await addAddress(user, addresses.ethereum, { memo: 'desk 2' });
    expect(second.status).toBe(200);
    const secondId = second.body.data.address.address_id;
    const other = await addAddress(user, ethAddress(7));
    const otherId = other.body.data.address.address_id;

    const confirm = (address_id: number, otp: string) =>
      t.api('POST', '/api/security/addresses/confirm', { token: user.token, body: { address_id, otp } });
    expect((await confirm(firstId, wrongCode(firstCode))).status).toBe(401);
    const otherCode = await addressCode(user, ethAddress(7));
    expect((await confirm(firstId, otherCode)).status).toBe(401);
    const before = t.ctx.clock.nowSeconds();
    const confirmed = await confirm(firstId, firstCode);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.address.status).toBe('PENDING');
    expect(confirmed.body.data.address.usable_date).toBeGreaterThanOrEqual(before + DAY);
    expect(confirmed.body.data.address.usable_date).toBeLessThanOrEqual(t.ctx.clock.nowSeconds() + DAY);
    expect((await confirm(firstId, firstCode)).status).toBe(409);
    expect((await confirm(otherId, otherCode)).body.data.address.status).toBe('PENDING');

    const statuses = async () =>
      Object.fromEntries(
        (await listAddresses(user)).map((a: { address_id: number; status: string }) => [
          a.address_id,
          a.status,
        ]),
      );
    expect(await statuses()).toEqual({
      [firstId]: 'PENDING',
      [secondId]: 'UNCONFIRMED',
      [otherId]: 'PENDING',
    });
    t.ctx.clock.advance(DAY - 60);
    expect((await statuses())[firstId]).toBe('PENDING');
    t.ctx.clock.advance(60);
    expect(await statuses()).toEqual({ [firstId]: 'ACTIVE', [secondId]: 'UNCONFIRMED', [otherId]: 'ACTIVE' });
    expect(await listAddresses(user, `?asset_id=${btc}`)).toEqual([]);
    expect(await listAddresses(user, `?asset_id=${usdt}`)).toHaveLength(3);

    const remove = (token: string, address_id: number) =>
      t.api('POST', '/api/security/addresses/remove', { token, body: { address_id } });
    const stranger = await createTrader(t);
    expect((await remove(stranger.token, firstId)).status).toBe(404);
    const strangerConfirm = await t.api('POST', '/api/security/addresses/confirm', {
      token: stranger.token,
      body: { address_id: secondId, otp: await addressCode(user, 'memo desk 2') },
    });
    expect(strangerConfirm.status).toBe(404);
    expect(await listAddresses(stranger)).toEqual([]);
    expect((await remove(user.token, otherId)).status).toBe(200);
    expect((await remove(user.token, otherId)).status).toBe(404);
    expect((await listAddresses(user)).map((a: { address_id: number }) => a.address_id)).toEqual([
      secondId,
      firstId,
    ]);
    // A removed address may be saved again, and starts over.
    expect((await addAddress(user, ethAddress(7))).body.data.address.status).toBe('UNCONFIRMED');
  });

  it('answers 30 parallel adds of one address with one 200 and 409s; at most 10 adds in 15 minutes', async () => {
    const user = await createTrader(t);
    const answers = await Promise.all(Array.from({ length: 30 }, () => addAddress(user, ethAddress(42))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(await listAddresses(user)).toHaveLength(1);
    for (let i = 1; i < 10; i++) expect((await addAddress(user, ethAddress(100 + i))).status).toBe(200);
    const eleventh = await addAddress(user, ethAddress(200));
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.data.retry_after).toBeGreaterThan(0);
    t.ctx.clock.advance(901);
    expect((await addAddress(user, ethAddress(200))).status).toBe(200);
  });

  it('checks an address code under the attempt limits: a parallel burst of guesses confirms nothing', async () => {
    const user = await createTrader(t);
    const added = await addAddress(user, ethAddress(9));
    const id = added.body.data.address.address_id;
    const right = await addressCode(user, ethAddress(9));
    // 30 wrong guesses at once (on PostgreSQL they really run in parallel): at most the limit's 5 are
    // checked, the rest refused 429 ...
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.api('POST', '/api/security/addresses/confirm', {
          token: user.token,
          body: { address_id: id, otp: String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0') },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // ... and then even the right code is refused: the burst spent the attempts.
    const late = await t.api('POST', '/api/security/addresses/confirm', {
      token: user.token,
      body: { address_id: id, otp: right },
    });
    expect(late.status).toBe(429);
    expect((await listAddresses(user))[0].status).toBe('UNCONFIRMED');
  });

  it('refuses garbage with 400 (or 404 for unknown ids), never 500', async () => {
    const user = await createTrader(t);
    const cases: Array<[string, string, unknown, number, string?]> = [
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: usdt, label: 'x', address: 'nope' },
        400,
        'address',
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: usdt, label: 'x', address: addresses.bitcoin },
        400,
        'address',
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: btc, label: 'x', address: addresses.ethereum },
        400,
        'address',
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: usdt, label: '  ', address: addresses.ethereum },
        400,
        'label',
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: usdt, label: 'x'.repeat(41), address: addresses.ethereum },
        400,
        'label',
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: 'USDT', label: 'x', address: addresses.ethereum },
        400,
        'asset_id',
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: 999, label: 'x', address: addresses.ethereum },
        404,
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: 2 ** 40, label: 'x', address: addresses.ethereum },
        404,
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: usdt, label: 'x', address: addresses.ethereum, extra: 1 },
        400,
        'extra',
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: usdt, label: 'x', address: { $ne: 1 } },
        400,
        'address',
      ],
      [
        'POST',
        '/api/security/addresses/add',
        { asset_id: usdt, label: 'x', address: addresses.ethereum, two_factor_code: '12' },
        400,
        'two_factor_code',
      ],
      ['POST', '/api/security/addresses/confirm', { address_id: 1, otp: 'abcdef' }, 400, 'otp'],
      ['POST', '/api/security/addresses/confirm', { address_id: -1, otp: '123456' }, 400, 'address_id'],
      ['POST', '/api/security/addresses/confirm', { address_id: 99_999_999, otp: '123456' }, 404],
      ['POST', '/api/security/addresses/confirm', { address_id: 1e30, otp: '123456' }, 400, 'address_id'],
      ['POST', '/api/security/addresses/remove', { address_id: 99_999_999 }, 404],
      ['POST', '/api/security/addresses/remove', {}, 400, 'address_id'],
      ['POST', '/api/security/whitelist', { enabled: 2 }, 400, 'enabled'],
      ['POST', '/api/security/whitelist', { enabled: true }, 400, 'enabled'],
      ['POST', '/api/security/whitelist', [], 400],
      ['GET', '/api/security/addresses?asset_id=abc', undefined, 400, 'asset_id'],
      ['GET', '/api/security/addresses?asset_id=999', undefined, 404],
      ['GET', '/api/account/limits?tier=VERIFIED', undefined, 400],
    ];
    for (const [method, url, body, code, field] of cases) {
      const answer = await t.api(method as 'GET' | 'POST', url, { token: user.token, body });
      expect(answer.status, `${url} ${JSON.stringify(body)}`).toBe(code);
      if (field) expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const broken = await t.api('POST', '/api/security/addresses/add', {
      token: user.token,
      payload: '{"asset_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await t.api('GET', '/api/account/limits')).status).toBe(401);
  });

  it('whitelist-only: unknown and PENDING addresses refused, ACTIVE accepted; off holds for the delay', async () => {
    const user = await fundedTrader();
    const on = await whitelist(user, 1);
    expect(on.body.data.security).toMatchObject({ whitelist_only: 1, whitelist_off_date: null });

    const unknown = await withdraw(user, { address: ethAddress(1) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toContain('not in your address book');
    await addAddress(user, ethAddress(2));
    const unconfirmed = await withdraw(user, { address: ethAddress(2) });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.message).toContain('not confirmed yet');
    const usableAt = await savedAndConfirmed(user, ethAddress(3));
    const pending = await withdraw(user, { address: ethAddress(3) });
    expect(pending.status).toBe(422);
    expect(pending.body.message).toContain('not usable yet');
    expect(pending.body.data.until).toBe(usableAt);

    t.ctx.clock.advance(DAY);
    expect((await withdraw(user, { address: ethAddress(3) })).status).toBe(200);
    // The memo is part of the entry: the same address with another memo is not whitelisted.
    expect((await withdraw(user, { address: ethAddress(3), memo: 'x' })).status).toBe(422);
    expect((await withdraw(user, { address: ethAddress(1) })).status).toBe(422);

    const before = t.ctx.clock.nowSeconds();
    const off = await whitelist(user, 0);
    const endsAt = off.body.data.security.whitelist_off_date;
    expect(off.body.data.security.whitelist_only).toBe(0);
    expect(endsAt).toBeGreaterThanOrEqual(before + DAY);
    expect(endsAt).toBeLessThanOrEqual(t.ctx.clock.nowSeconds() + DAY);
    // Asking again does not restart the delay.
    t.ctx.clock.advance(600);
    expect((await whitelist(user, 0)).body.data.security.whitelist_off_date).toBe(endsAt);
    const stillHeld = await withdraw(user, { address: ethAddress(1) });
    expect(stillHeld.status).toBe(422);
    expect(stillHeld.body.data.until).toBe(endsAt);
    expect((await withdraw(user, { address: ethAddress(3) })).status).toBe(200);
    // On again cancels the pending off; off again starts a new delay.
    expect((await whitelist(user, 1)).body.data.security).toMatchObject({
      whitelist_only: 1,
      whitelist_off_date: null,
    });
    await whitelist(user, 0);
    t.ctx.clock.advance(DAY - 5);
    expect((await withdraw(user, { address: ethAddress(1) })).status).toBe(422);
    t.ctx.clock.advance(5);
    expect((await withdraw(user, { address: ethAddress(1) })).status).toBe(200);
    const security = await t.api('GET', '/api/security', { token: user.token });
    expect(security.body.data.security).toMatchObject({ whitelist_only: 0, whitelist_off_date: null });
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });

  it('asks the second factor on every call when it is on: missing 401, wrong 401, right 200, never twice', async () => {
    const user = await fundedTrader();
    const friend = await createTrader(t);
    const { secret, recovery: recoveryCodes } = await enableTotp(t, user);
    /** A code of the next 30-second step, after a new attempt window (wrong codes count, 5 in 15 minutes). */
    const nextCode = () => {
      t.ctx.clock.advance(901);
      return codeAt(secret, t.ctx.clock.nowSeconds());
    };
    type Call = (change: Record<string, unknown>) => Promise<{ status: number; body: { fields?: object } }>;
    const asks = async (call: Call) => {
      const missing = await call({});
      expect(missing.status).toBe(401);
      expect(missing.body.fields).toHaveProperty('two_factor_code');
      const code = nextCode();
      expect((await call({ two_factor_code: wrongCode(code) })).status).toBe(401);
      expect((await call({ passkey_token: 'x'.repeat(40) })).status).toBe(401);
      const right = await call({ two_factor_code: code });
      expect(right.status).toBe(200);
      return code;
    };

    const used = await asks((change) => withdraw(user, change));
    expect((await withdraw(user, { two_factor_code: used })).status).toBe(401);
    // A recovery code is a second factor too, once.
    const recovery = recoveryCodes[0]!;
    nextCode();
    expect((await withdraw(user, { two_factor_code: recovery })).status).toBe(200);
    expect((await withdraw(user, { two_factor_code: recovery })).status).toBe(401);
    await asks((change) => transfer(user, friend, change));
    await asks((change) => addAddress(user, ethAddress(11), change));
    const id = (await listAddresses(user))[0].address_id;
    await asks((change) =>
      t.api('POST', '/api/security/addresses/remove', {
        token: user.token,
        body: { address_id: id, ...change },
      }),
    );
    // Stricter needs no second factor; looser does.
    expect((await whitelist(user, 1)).status).toBe(200);
    await asks((change) => whitelist(user, 0, change));
    const withdrawals = await t.ctx.db
      .selectFrom('withdrawals')
      .select('withdrawal_id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(withdrawals).toHaveLength(2);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });

  it('pauses withdrawals and transfers for the cool-down after a password reset; a frozen account is refused', async () => {
    const user = await fundedTrader();
    const friend = await createTrader(t);
    expect((await t.api('POST', '/api/auth/password/otp', { body: { email_id: user.email } })).status).toBe(
      200,
    );
    const before = t.ctx.clock.nowSeconds();
    const reset = await t.api('POST', '/api/auth/password', {
      body: { email_id: user.email, otp: await latestOtp(t, user.email), password: 'Brand-new-horse-77' },
    });
    expect(reset.status).toBe(200);
    const after = t.ctx.clock.nowSeconds();
    const signin = await t.api('POST', '/api/auth/signin', {
      body: { email_id: user.email, password: 'Brand-new-horse-77' },
    });
    const again = { ...user, token: signin.body.data.token as string };

    const refused = [await withdraw(again), await transfer(again, friend)];
    const until: number = refused[0]!.body.data.until;
    expect(until).toBeGreaterThanOrEqual(before + DAY);
    expect(until).toBeLessThanOrEqual(after + DAY);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(answer.body.message).toContain('paused until');
      expect(answer.body.data.until).toBe(until);
    }
    const security = await t.api('GET', '/api/security', { token: again.token });
    expect(security.body.data.security).toMatchObject({
      cooldown_until: until,
      cooldown_reason: 'password changed',
    });
    t.ctx.clock.advance(until - t.ctx.clock.nowSeconds() - 5);
    expect((await withdraw(again)).status).toBe(422);
    t.ctx.clock.advance(6);
    expect((await withdraw(again)).status).toBe(200);
    expect((await transfer(again, friend)).status).toBe(200);

    await t.ctx.db
      .updateTable('users')
      .set({ frozen_at: t.ctx.clock.now() })
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect((await withdraw(again)).status).toBe(403);
    expect((await transfer(again, friend)).status).toBe(403);
    expect(
      (await t.api('GET', `/api/asset/balance?symbol=USDT`, { token: again.token })).body.data.balance,
    ).toMatchObject({
      available: '973',
      on_hold: '22',
    });
  });

  it('pauses money after each security change (2FA off, passkey removed, email, mobile), with until and why', async () => {
    const friend = await createTrader(t);
    /** Money out and money across, both refused with the same 422 until the cool-down ends. */
    const expectPaused = async (user: Trader, reason: string, before: number) => {
      const view = (await t.api('GET', '/api/security', { token: user.token })).body.data.security;
      expect(view.cooldown_reason).toBe(reason);
      expect(view.cooldown_until).toBeGreaterThanOrEqual(before + DAY);
      expect(view.cooldown_until).toBeLessThanOrEqual(t.ctx.clock.nowSeconds() + DAY);
      for (const answer of [await withdraw(user), await transfer(user, friend)]) {
        expect(answer.status, reason).toBe(422);
        expect(answer.body.message, reason).toContain('paused until');
        expect(answer.body.data.until, reason).toBe(view.cooldown_until);
      }
    };
    const totpOn = async (user: Trader) => (await enableTotp(t, user)).secret;

    // Turning the second factor on is no loosening: money still moves.
    const appUser = await fundedTrader();
    const secret = await totpOn(appUser);
    expect(
      (await transfer(appUser, friend, { two_factor_code: codeAt(secret, t.ctx.clock.nowSeconds()) })).status,
    ).toBe(200);
    t.ctx.clock.advance(30);
    let before = t.ctx.clock.nowSeconds();
    const off = await t.api('POST', '/api/security/totp/disable', {
      token: appUser.token,
      body: { two_factor_code: codeAt(secret, t.ctx.clock.nowSeconds()) },
    });
    expect(off.status).toBe(200);
    await expectPaused(appUser, 'authenticator app removed', before);

    const keyUser = await fundedTrader();
    const key = new SoftwareAuthenticator('http://localhost');
    const options = await t.api('POST', '/api/security/passkey/options', { token: keyUser.token });
    const registered = await t.api('POST', '/api/security/passkey/register', {
      token: keyUser.token,
      body: { name: 'Phone', passkey: key.register(options.body.data.options) },
    });
    expect(registered.status).toBe(200);
    const stepUp = await t.api('POST', '/api/security/passkey/step-up/options', { token: keyUser.token });
    const confirmed = await t.api('POST', '/api/security/passkey/step-up', {
      token: keyUser.token,
      body: { passkey: key.assert(stepUp.body.data.options) },
    });
    before = t.ctx.clock.nowSeconds();
    const removed = await t.api('POST', '/api/security/passkey/remove', {
      token: keyUser.token,
      body: {
        passkey_id: registered.body.data.passkey.passkey_id,
        passkey_token: confirmed.body.data.passkey_token,
      },
    });
    expect(removed.status, removed.body.message).toBe(200);
    await expectPaused(keyUser, 'passkey removed', before);

    const mover = await fundedTrader();
    const next = freshEmail('moved').toLowerCase();
    const asked = await t.api('POST', '/api/account/email/change', {
      token: mover.token,
      body: { email_id: next, password: GOOD_PASSWORD },
    });
    expect(asked.status).toBe(200);
    // Asking is no change yet: money still moves until the code is used.
    expect((await transfer(mover, friend)).status).toBe(200);
    before = t.ctx.clock.nowSeconds();
    const moved = await t.api('POST', '/api/account/email/confirm', {
      token: mover.token,
      body: { otp: await latestOtp(t, next) },
    });
    expect(moved.status).toBe(200);
    await expectPaused(mover, 'email changed', before);

    // Verifying the sign-up number is no change; a new number is.
    const phoneUser = await fundedTrader();
    const first = await t.api('POST', '/api/auth/mobile/verify', {
      token: phoneUser.token,
      body: { otp: await latestOtp(t, phoneUser.mobile) },
    });
    expect(first.status).toBe(200);
    expect((await transfer(phoneUser, friend)).status).toBe(200);
    const mobile = freshMobile();
    const update = await t.api('POST', '/api/user/mobile/update', {
      token: phoneUser.token,
      body: { mobile },
    });
    expect(update.status).toBe(200);
    expect((await transfer(phoneUser, friend)).status).toBe(200);
    before = t.ctx.clock.nowSeconds();
    const changed = await t.api('POST', '/api/auth/mobile/verify', {
      token: phoneUser.token,
      body: { otp: await latestOtp(t, mobile) },
    });
    expect(changed.status).toBe(200);
    await expectPaused(phoneUser, 'mobile number changed', before);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });

  it('limits withdrawals per rolling 24 hours by KYC tier, in USD rounded up; rejected ones do not count', async () => {
    const user = await fundedTrader('5000');
    await deposit(t, user.email, 'BTC', '1');
    expect(await limits(user)).toEqual({
      kyc_status: 'NONE',
      tier: 'UNVERIFIED',
      limit_usd: '1000',
      used_usd: '0',
      remaining_usd: '1000',
      window_hours: 24,
      tiers: [
        { tier: 'UNVERIFIED', limit_usd: '1000' },
        { tier: 'VERIFIED', limit_usd: '100000' },
      ],
    });
    const start = t.ctx.clock.nowSeconds();
    const big = await withdraw(user, { amount: '600' });
    expect(big.status).toBe(200);
    t.ctx.clock.advance(3600);
    // 0.00100001 BTC at 65,000 USD is 65.00065 USD: 65.01 counted.
    expect(
      (await withdraw(user, { asset_id: btc, address: addresses.bitcoin, amount: '0.00100001' })).status,
    ).toBe(200);
    const stored = await t.ctx.db
      .selectFrom('withdrawals')
      .select('usd_cents')
      .where('user_id', '=', BigInt(user.userId))
      .orderBy('withdrawal_id')
      .execute();
    expect(stored.map((w) => w.usd_cents)).toEqual([60_000n, 6_501n]);

    const over = await withdraw(user, { amount: '335' });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('limit of 1000 USD');
    expect(over.body.message).toContain('334.99 USD is left');
    expect(over.body.data.until).toBeGreaterThanOrEqual(start + DAY);
    expect(over.body.data.until).toBeLessThanOrEqual(start + DAY + 5);
    expect((await withdraw(user, { amount: '334.99' })).status).toBe(200);
    expect(await limits(user)).toMatchObject({ used_usd: '1000', remaining_usd: '0' });
    const tooBig = await withdraw(user, { amount: '1000.01' });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.data?.until).toBeUndefined();

    await t.ops('POST', '/ops/withdrawals/reject', { withdrawal_id: big.body.data.withdrawal.id });
    expect(await limits(user)).toMatchObject({ used_usd: '400', remaining_usd: '600' });
    expect((await withdraw(user, { amount: '600' })).status).toBe(200);
    expect((await withdraw(user, { amount: '10' })).status).toBe(422);
    t.ctx.clock.advance(DAY + 3600);
    expect(await limits(user)).toMatchObject({ used_usd: '0', remaining_usd: '1000' });

    await t.ctx.db
      .updateTable('users')
      .set({ kyc_status: 'APPROVED' })
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(await limits(user)).toMatchObject({
      kyc_status: 'APPROVED',
      tier: 'VERIFIED',
      limit_usd: '100000',
    });
    expect((await withdraw(user, { amount: '3000' })).status).toBe(200);
    expect(await limits(user)).toMatchObject({ used_usd: '3000', remaining_usd: '97000' });
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });

  it('never passes the limit under 100 parallel withdrawals; room frees up after 24 hours', async () => {
    const user = await fundedTrader('10000');
    const usdtRow = await assetById(t.ctx.db, usdt);
    const start = t.ctx.clock.nowSeconds();
    // The money transaction (lock, freeze, cool-down, whitelist, limit, hold) 100 times at once:
    // 30 USDT each, so 33 fit in 1,000 USD and the 34th would not.
    const held = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        holdWithdrawal(
          t.ctx,
          BigInt(user.userId),
          { asset: usdtRow, address: addresses.ethereum, memo: null, amount: 30_000_000n },
          null,
        ),
      ),
    );
    const refused = held.filter((h): h is PromiseRejectedResult => h.status === 'rejected');
    expect(held.length - refused.length).toBe(33);
    for (const r of refused) {
      expect(r.reason).toMatchObject({ status: 422 });
      expect(r.reason.until).toBeGreaterThanOrEqual(start + DAY);
      expect(r.reason.until).toBeLessThanOrEqual(start + DAY + 60);
    }
    // Through the API as well, 100 at once: the transaction password lets a few be checked at a time
    // (429 for the others), and none of them gets past the limit.
    const answers = await Promise.all(Array.from({ length: 100 }, () => withdraw(user, { amount: '30' })));
    expect(answers.filter((a) => a.status !== 422 && a.status !== 429)).toEqual([]);
    const sum = await t.ctx.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.sum<string>('usd_cents').as('cents'))
      .where('user_id', '=', BigInt(user.userId))
      .executeTakeFirstOrThrow();
    expect(BigInt(sum.cents)).toBe(99_000n);
    expect(await limits(user)).toMatchObject({ used_usd: '990', remaining_usd: '10' });
    expect(
      (await t.api('GET', '/api/asset/balance?symbol=USDT', { token: user.token })).body.data.balance,
    ).toMatchObject({
      available: '8944',
      on_hold: '1056',
    });
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });

    t.ctx.clock.advance(DAY + 60);
    expect((await withdraw(user, { amount: '30' })).status).toBe(200);
    expect(await limits(user)).toMatchObject({ used_usd: '30', remaining_usd: '970' });
  }, 120_000);
});
