import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../../../../scripts/bot-example.ts';
import { addresses, assetId, createTrader, deposit } from '../../testing/funds.ts';
import type { RegisteredUser } from '../../testing/identity.ts';
import { enableTotp } from '../../testing/security.ts';
import {
  createTestApp,
  databasesUnderTest,
  type TestApp,
  type TestEnvelope,
} from '../../testing/test-app.ts';
import { fundedUser, marketBalance, marketIdOf } from '../../testing/trading.ts';
import { buildOpenApiDocument } from '../docs/openapi.ts';
import { codeAt } from '../security/totp.ts';

/**
 * Personal API keys (issue 17 §2) through the real HTTP stack, on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL): creation under the second factor, signed calls, every refusal, the rate limits
 * and replays under parallel load, and the example bot against a listening server.
 */

type Answer = { status: number; body: TestEnvelope };
interface Key {
  keyId: string;
  secret: string;
}

const REPO = resolve(import.meta.dirname, '../../../../..');

function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** A call signed with a personal key (no x-api-key, no bearer), as the example bot makes it. */
async function signed(
  t: TestApp,
  key: Key,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  options: { now?: number; ip?: string; headers?: Record<string, string>; sendBody?: string } = {},
): Promise<Answer> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const headers = signedHeaders(key, method, url, payload, options.now ?? t.ctx.clock.now().getTime());
  const response = await t.app.inject({
    method,
    url,
    headers: { ...headers, ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...((options.sendBody ?? payload) ? { payload: options.sendBody ?? payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as TestEnvelope };
}

async function createKey(
  t: TestApp,
  user: { token: string },
  body: Record<string, unknown> = {},
): Promise<Key & { answer: Answer }> {
  const answer = await t.api('POST', '/api/api-keys/create', {
    token: user.token,
    body: { label: 'Bot', scopes: ['read', 'trade'], ...body },
  });
  return { keyId: answer.body.data?.api_key?.key_id, secret: answer.body.data?.secret, answer };
}

async function mustCreateKey(t: TestApp, user: { token: string }, body: Record<string, unknown> = {}) {
  const key = await createKey(t, user, body);
  expect(key.answer.status, JSON.stringify(key.answer.body)).toBe(200);
  return key;
}

async function openOrders(t: TestApp, user: RegisteredUser): Promise<number> {
  const { body } = await t.api('GET', '/api/order/list?status=OPEN', { token: user.token });
  return body.data.total;
}

describe('personal API keys in the OpenAPI document', () => {
  const document = buildOpenApiDocument('http://localhost:8080');
  const schemes = document.components.securitySchemes;
  type Operation = { security: Array<Record<string, string[]>>; description: string };
  const operation = (path: string, method: string) =>
    (document.paths[path] as Record<string, Operation>)[method]!;
  const keyed = (op: Operation) => op.security.some((s) => 'personalKey' in s);

  it('has a worked example whose signature any HMAC-SHA256 gives', () => {
    const text = schemes.personalKey.description;
    const signed = /The string signed: `([^`]+)`/.exec(text)![1]!;
    const secret = /secret `([^`]+)`/.exec(text)![1]!;
    const signature = /FIT24-SIGNATURE: ([0-9a-f]{64})/.exec(text)![1]!;
    expect(signed).toBe(
      '1767225600000POST/api/order/create{"market_id":1,"side":"BUY","type":"LIMIT","price":"100","amount":"0.5"}',
    );
    expect(createHmac('sha256', secret).update(signed).digest('hex')).toBe(signature);
    expect(schemes.personalKeyTimestamp.name).toBe('FIT24-TIMESTAMP');
    expect(schemes.personalKeySignature.name).toBe('FIT24-SIGNATURE');
  });

  it('offers the key on the calls its scopes open, never on key management or security', () => {
    expect(keyed(operation('/api/order/create', 'post'))).toBe(true);
    expect(operation('/api/order/create', 'post').description).toContain('`trade` scope');
    expect(keyed(operation('/api/asset/balances', 'get'))).toBe(true);
    expect(keyed(operation('/api/asset/withdraw', 'post'))).toBe(true);
    expect(keyed(operation('/api/api-keys/create', 'post'))).toBe(false);
    expect(keyed(operation('/api/api-keys', 'get'))).toBe(false);
    expect(keyed(operation('/api/security', 'get'))).toBe(false);
    expect(keyed(operation('/api/user/txn/password', 'post'))).toBe(false);
    expect(keyed(operation('/api/auth/password', 'post'))).toBe(false);
  });
});

describe.each(databasesUnderTest())('personal API keys on $name', (database) => {
  let t: TestApp;
  let btcUsdt: number;
  beforeAll(async () => {
    t = await createTestApp(database);
    btcUsdt = await marketIdOf(t, 'BTC/USDT');
  });
  afterAll(async () => {
    await t?.close();
  });

  const buy = { side: 'BUY', type: 'LIMIT', price: '100', amount: '0.5' };

  it('creates a key whose secret is shown once, lists it without secrets, revokes it', async () => {
    const user = await fundedUser(t);
    const key = await mustCreateKey(t, user, { label: ' Grid bot ', ip_allowlist: ['10.0.0.0/8'] });
    expect(key.keyId).toMatch(/^fk_[0-9a-f]{24}$/);
    expect(key.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key.answer.body.data.api_key).toMatchObject({
      label: 'Grid bot',
      scopes: ['read', 'trade'],
      ip_allowlist: ['10.0.0.0/8'],
      status: 'ACTIVE',
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    const listed = await t.api('GET', '/api/api-keys', { token: user.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.api_keys).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);
    // Stored sealed, never in clear.
    const row = await t.ctx.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(key.secret);

    const revoked = await t.api('POST', '/api/api-keys/revoke', {
      token: user.token,
      body: { key_id: key.keyId },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.api_key.status).toBe('REVOKED');
    const other = await fundedUser(t);
    const notTheirs = await t.api('POST', '/api/api-keys/revoke', {
      token: other.token,
      body: { key_id: key.keyId },
    });
    expect(notTheirs.status).toBe(404);
    const bad = await t.api('POST', '/api/api-keys/revoke', { token: user.token, body: { key_id: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('refuses bad creation input with 400: no scopes, withdraw not turned on, a bad IP, a past expiry', async () => {
    const user = await fundedUser(t);
    for (const body of [
      { scopes: [] },
      { scopes: ['admin'] },
      { scopes: ['read', 'read'] },
      { scopes: ['withdraw'] },
      { scopes: ['withdraw'], withdraw_enabled: 0 },
      { ip_allowlist: ['not-an-ip'] },
      { ip_allowlist: ['10.0.0.0/33'] },
      { expires_at: t.ctx.clock.nowSeconds() - 1 },
      { label: '' },
    ]) {
      const { answer } = await createKey(t, user, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.api('GET', '/api/api-keys', { token: user.token })).body.data.api_keys).toHaveLength(0);
  });

  it('answers a signed GET without x-api-key, and notes when the key was last used', async () => {
    const user = await fundedUser(t, { USDT: '250' });
    const key = await mustCreateKey(t, user, { scopes: ['read'] });
    const answer = await signed(t, key, 'GET', '/api/asset/balances');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const usdt = answer.body.data.balances.find((b: { symbol: string }) => b.symbol === 'USDT');
    expect(usdt.available).toBe('250');
    const withQuery = await signed(t, key, 'GET', `/api/market/user/balance?market_id=${btcUsdt}`);
    expect(withQuery.status, JSON.stringify(withQuery.body)).toBe(200);
    const listed = await t.api('GET', '/api/api-keys', { token: user.token });
    expect(listed.body.data.api_keys[0].last_used_at).toBeGreaterThanOrEqual(t.ctx.clock.nowSeconds() - 5);
    // Without a key or a session, x-api-key is still required.
    const bare = await t.app.inject({ method: 'GET', url: '/api/asset/balances' });
    expect(bare.statusCode).toBe(403);
  });

  it('places and cancels an order with a trade key; a read key cannot trade (403, nothing held)', async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const trader = await mustCreateKey(t, user, { scopes: ['trade'] });
    const placed = await signed(t, trader, 'POST', '/api/order/create', { market_id: btcUsdt, ...buy });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await marketBalance(t, user, btcUsdt)).quote.on_hold).not.toBe('0');
    const cancelled = await signed(t, trader, 'POST', '/api/order/cancel', {
      order_id: placed.body.data.order.order_id,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.order.status).toBe('CANCELLED');
    expect(await marketBalance(t, user, btcUsdt)).toMatchObject({
      quote: { available: '1000', on_hold: '0' },
    });
    // A trade-only key does not read.
    expect((await signed(t, trader, 'GET', '/api/asset/balances')).status).toBe(403);

    const reader = await mustCreateKey(t, user, { scopes: ['read'] });
    const refused = await signed(t, reader, 'POST', '/api/order/create', { market_id: btcUsdt, ...buy });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('trade scope');
    expect(await openOrders(t, user)).toBe(0);
  });

  it('refuses a replayed signature, a stale or future timestamp, and a tampered body: nothing moves', async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const key = await mustCreateKey(t, user);
    const body = { market_id: btcUsdt, ...buy };
    const payload = JSON.stringify(body);
    const headers = signedHeaders(key, 'POST', '/api/order/create', payload, t.ctx.clock.now().getTime());
    const send = (extra: { payload?: string; headers?: Record<string, string> } = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: { ...headers, ...extra.headers },
        payload: extra.payload ?? payload,
      });
    // Tampered first: the same signature over another body.
    const tampered = await send({ payload: JSON.stringify({ ...body, amount: '5' }) });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().message).toContain('signature does not match');
    expect((await send()).statusCode).toBe(200);
    const replay = await send();
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toContain('used already');
    expect(await openOrders(t, user)).toBe(1);

    const now = t.ctx.clock.now().getTime();
    for (const at of [now - 6_000, now + 6_000]) {
      const answer = await signed(t, key, 'GET', '/api/asset/balances', undefined, { now: at });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toContain('FIT24-TIMESTAMP');
    }
    expect((await signed(t, key, 'GET', '/api/asset/balances', undefined, { now: now - 4_000 })).status).toBe(
      200,
    );
    // Malformed or unknown keys, signatures and timestamps: 401.
    const changes: Array<Record<string, string>> = [
      { 'FIT24-KEY': 'fk_000000000000000000000000' },
      { 'FIT24-KEY': 'nope' },
      { 'FIT24-SIGNATURE': 'zz' },
      { 'FIT24-TIMESTAMP': 'soon' },
    ];
    for (const change of changes) {
      const answer = await signed(t, key, 'GET', '/api/asset/balances', undefined, { headers: change });
      expect(answer.status, JSON.stringify(change)).toBe(401);
      expect(answer.body.code).toBe(401);
    }
    expect(await openOrders(t, user)).toBe(1);
    // A body over the limit is refused before it is kept (400, never 500).
    const huge = await signed(t, key, 'POST', '/api/order/create', {
      market_id: btcUsdt,
      pad: 'x'.repeat(70_000),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('The request body is too large.');
    expect(await openOrders(t, user)).toBe(1);
  });

  it('holds to the IP allow-list, the expiry and revocation', async () => {
    const user = await fundedUser(t, { USDT: '100' });
    const fenced = await mustCreateKey(t, user, {
      scopes: ['read'],
      ip_allowlist: ['203.0.113.0/24', '2001:db8::1'],
    });
    const from = (ip: string) => signed(t, fenced, 'GET', '/api/asset/balances', undefined, { ip });
    expect((await from('203.0.113.77')).status).toBe(200);
    const outside = await from('198.51.100.1');
    expect(outside.status).toBe(403);
    expect(outside.body.message).toContain('198.51.100.1');
    expect((await from('2001:db8::1')).status).toBe(200);
    expect((await from('2001:db8::2')).status).toBe(403);

    const expiring = await mustCreateKey(t, user, {
      scopes: ['read'],
      expires_at: t.ctx.clock.nowSeconds() + 60,
    });
    expect((await signed(t, expiring, 'GET', '/api/asset/balances')).status).toBe(200);
    t.ctx.clock.advance(61);
    const expired = await signed(t, expiring, 'GET', '/api/asset/balances');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toContain('expired');

    const revocable = await mustCreateKey(t, user, { scopes: ['read', 'trade'] });
    expect((await signed(t, revocable, 'GET', '/api/asset/balances')).status).toBe(200);
    await t.api('POST', '/api/api-keys/revoke', { token: user.token, body: { key_id: revocable.keyId } });
    const revoked = await signed(t, revocable, 'POST', '/api/order/create', { market_id: btcUsdt, ...buy });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toContain('revoked');
    const listed = (await t.api('GET', '/api/api-keys', { token: user.token })).body.data.api_keys;
    expect(listed.map((k: { status: string }) => k.status).sort()).toEqual(['ACTIVE', 'EXPIRED', 'REVOKED']);
  });

  it('never manages keys, sessions, passwords or security, whatever its scopes', async () => {
    const user = await createTrader(t);
    const key = await mustCreateKey(t, user, { scopes: ['read', 'trade', 'withdraw'], withdraw_enabled: 1 });
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys/create', { label: 'more', scopes: ['read'] }],
      ['POST', '/api/api-keys/revoke', { key_id: key.keyId }],
      ['GET', '/api/security'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/security/totp/setup'],
      ['POST', '/api/security/whitelist', { enabled: 0 }],
      ['GET', '/api/user/txn/password/otpcode'],
      ['POST', '/api/user/txn/password', { otp: '123456', txn_password: 'Other-PIN-1234' }],
      ['POST', '/api/auth/password', { email_id: 'a@b.co', otp: '123456', password: 'Correct-horse-43' }],
      ['POST', '/api/auth/signout'],
      ['POST', '/api/asset/transfer', { asset_id: 1, amount: '1', to_email_id: 'a@b.co', txn_password: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      const answer = await signed(t, key, method, url, body);
      expect(answer.status, `${method} ${url} ${JSON.stringify(answer.body)}`).toBe(403);
    }
    const still = (await t.api('GET', '/api/api-keys', { token: user.token })).body.data.api_keys;
    expect(still).toHaveLength(1);
    expect(still[0].status).toBe('ACTIVE');
  });

  it('asks for the second factor at creation when it is on', async () => {
    const user = await fundedUser(t);
    const { secret } = await enableTotp(t, user);
    const without = await createKey(t, user);
    expect(without.answer.status).toBe(401);
    expect(without.answer.body.fields).toEqual({ two_factor_code: 'is required' });
    const wrong = await createKey(t, user, { two_factor_code: '000000' });
    expect(wrong.answer.status).toBe(401);
    const right = await mustCreateKey(t, user, { two_factor_code: codeAt(secret, t.ctx.clock.nowSeconds()) });
    expect(right.secret).toBeTruthy();
    expect((await t.api('GET', '/api/api-keys', { token: user.token })).body.data.api_keys).toHaveLength(1);
  });

  it('withdraws with a withdraw key to an address-book entry only, without the second factor', async () => {
    const user = await createTrader(t);
    await deposit(t, user.email, 'USDT', '1000');
    const usdt = await assetId(t, 'USDT');
    const { secret } = await enableTotp(t, user);
    const key = await mustCreateKey(t, user, {
      scopes: ['withdraw'],
      withdraw_enabled: 1,
      two_factor_code: codeAt(secret, t.ctx.clock.nowSeconds()),
    });
    const withdraw = () =>
      signed(t, key, 'POST', '/api/asset/withdraw', {
        asset_id: usdt,
        address: addresses.ethereum,
        amount: '20',
        txn_password: user.txnPassword,
      });
    const notSaved = await withdraw();
    expect(notSaved.status, JSON.stringify(notSaved.body)).toBe(422);
    expect(notSaved.body.message).toContain('address book');

    // Save and confirm the address (a session and its second factor), then wait out its delay.
    t.ctx.clock.advance(30);
    const added = await t.api('POST', '/api/security/addresses/add', {
      token: user.token,
      body: {
        asset_id: usdt,
        label: 'Cold',
        address: addresses.ethereum,
        two_factor_code: codeAt(secret, t.ctx.clock.nowSeconds()),
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const outbox = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(user.email)}`);
    const otp = outbox.body.data.messages.find(
      (m: { otp: string | null; text: string }) => m.otp && m.text.includes(addresses.ethereum),
    ).otp;
    const confirmed = await t.api('POST', '/api/security/addresses/confirm', {
      token: user.token,
      body: { address_id: added.body.data.address.address_id, otp },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    t.ctx.clock.advance(t.ctx.config.addressDelaySeconds + 1);

    const sent = await withdraw();
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.withdrawal.amount).toBe('20');
    // A trade key cannot withdraw.
    const trader = await mustCreateKey(t, user, {
      scopes: ['trade'],
      two_factor_code: codeAt(secret, t.ctx.clock.nowSeconds() + 30),
    });
    const refused = await signed(t, trader, 'POST', '/api/asset/withdraw', {
      asset_id: usdt,
      address: addresses.ethereum,
      amount: '20',
      txn_password: user.txnPassword,
    });
    expect(refused.status).toBe(403);
  });

  it('keeps at most 20 live keys per user, even when 30 are asked for at once', async () => {
    const user = await fundedUser(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createKey(t, user, { label: `k${i}`, scopes: ['read'] })),
    );
    const counts = tally(answers.map((a) => a.answer));
    expect(counts, JSON.stringify(counts)).toEqual({ 200: 20, 422: 10 });
    const listed = (await t.api('GET', '/api/api-keys', { token: user.token })).body.data.api_keys;
    expect(listed).toHaveLength(20);
  });

  it('passes the same signature once when 30 send it at once', async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const key = await mustCreateKey(t, user);
    const payload = JSON.stringify({ market_id: btcUsdt, ...buy });
    const headers = signedHeaders(key, 'POST', '/api/order/create', payload, t.ctx.clock.now().getTime());
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const r = await t.app.inject({ method: 'POST', url: '/api/order/create', headers, payload });
        return { status: r.statusCode, body: r.json() as TestEnvelope };
      }),
    );
    const counts = tally(answers);
    expect(counts[200], JSON.stringify(counts)).toBe(1);
    for (const status of Object.keys(counts).map(Number)) expect([200, 401, 429]).toContain(status);
    expect(await openOrders(t, user)).toBe(1);
  });
});

describe.each(databasesUnderTest())('personal API keys under load on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database, {
      personalKeys: { recvWindowMs: 5000, perSecond: 1000, perMinute: 10 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('passes exactly the limit of 60 signed requests sent at once; the rest get 429 with retry_after', async () => {
    const user = await fundedUser(t);
    const key = await mustCreateKey(t, user, { scopes: ['read'] });
    const now = t.ctx.clock.now().getTime();
    // Each request its own timestamp, so its own signature.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signed(t, key, 'GET', '/api/asset/balances', undefined, { now: now - i }),
      ),
    );
    const counts = tally(answers);
    expect(counts, JSON.stringify(counts)).toEqual({ 200: 10, 429: 50 });
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body.data.retry_after).toBeGreaterThanOrEqual(1);
    // At most the minute, and a second more: a request read its clock before the window's first one did.
    expect(limited.body.data.retry_after).toBeLessThanOrEqual(61);
    expect(limited.body.message).toContain('rate limit');
    // The minute's window refused them (10 a minute here): it ends a minute after it began.
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.data.retry_after)).toContain(60);
    // Another key of the same user has its own limit.
    const other = await mustCreateKey(t, user, { scopes: ['read'] });
    expect((await signed(t, other, 'GET', '/api/asset/balances')).status).toBe(200);
  });

  it('runs the example bot against a listening server: it places and cancels an order', async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const key = await mustCreateKey(t, user, { scopes: ['trade'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const marketId = await marketIdOf(t, 'BTC/USDT');
    const run = await new Promise<{ code: number | null; out: string; err: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bot-example.ts'], {
        cwd: REPO,
        env: {
          ...process.env,
          FIT24_URL: `http://127.0.0.1:${port}`,
          FIT24_KEY: key.keyId,
          FIT24_SECRET: key.secret,
          FIT24_MARKET_ID: String(marketId),
          FIT24_SIDE: 'BUY',
          FIT24_PRICE: '100',
          FIT24_AMOUNT: '0.25',
        },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        err += chunk;
      });
      child.on('close', (code) => done({ code, out, err }));
    });
    expect(run.code, run.err).toBe(0);
    const [placed, cancelled] = run.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(placed.placed).toMatchObject({ status: 'NEW', price: '100', amount: '0.25' });
    expect(cancelled.cancelled).toMatchObject({ order_id: placed.placed.order_id, status: 'CANCELLED' });
    expect(await marketBalance(t, user, marketId)).toMatchObject({
      quote: { available: '1000', on_hold: '0' },
    });
  }, 30_000);

  // Last: it moves the test clock a minute on.
  it("admits a key again once its minute's window has ended, and refuses it again at the limit", async () => {
    const user = await fundedUser(t);
    const key = await mustCreateKey(t, user, { scopes: ['read'] });
    const burst = async () => {
      // One clock reading, each request a millisecond earlier: twelve timestamps, so twelve signatures.
      const now = t.ctx.clock.now().getTime();
      return tally(
        await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            signed(t, key, 'GET', '/api/asset/balances', undefined, { now: now - i }),
          ),
        ),
      );
    };
    expect(await burst()).toEqual({ 200: 10, 429: 2 });
    t.ctx.clock.advance(61);
    expect(await burst()).toEqual({ 200: 10, 429: 2 });
  });
});
