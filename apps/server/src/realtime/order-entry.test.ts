import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { SESSION_ENDED_CLOSE_CODE, ZServerMessage } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signedHeaders } from '../../../../scripts/bot-example.ts';
import { openKeySocket } from '../../../../scripts/bot-socket-example.ts';
import { attemptLimits } from '../modules/security/attempts.ts';
import type { RegisteredUser } from '../testing/identity.ts';
import { createTestApp, databasesUnderTest, TEST_API_KEY, type TestApp } from '../testing/test-app.ts';
import { fundedUser, marketBalance, marketIdOf } from '../testing/trading.ts';

/**
 * Order entry over the WebSocket with a personal key (issue 17 §2), against a listening server with a real
 * `ws` client, on PGlite and PostgreSQL (TEST_DATABASE_URL): the socket's answers are REST's (compared
 * body for body), the signed upgrade is refused when replayed, a read key cannot trade, a revoked key's
 * socket is closed, the key's rate holds over the socket, bad frames answer an error frame, and an address
 * sending bad signatures is stopped at its limit under a parallel burst.
 */

const REPO = resolve(import.meta.dirname, '../../../..');
// biome-ignore lint/suspicious/noExplicitAny: socket messages and envelopes of every shape
type Message = { channel: string; type: string; data: any };
// biome-ignore lint/suspicious/noExplicitAny: envelopes of every shape
type Answer = { status: number; body: any };
interface Key {
  keyId: string;
  secret: string;
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** What differs between two orders placed alike: their ids and times (seconds: they may differ by one). */
function sameButIds(order: Record<string, unknown>) {
  const times = new Set(['order_id', 'creation_date', 'update_date', 'created_at', 'updated_at']);
  return Object.fromEntries(Object.entries(order).filter(([field]) => !times.has(field)));
}

describe.each(databasesUnderTest())('order entry over the socket on $name', (database) => {
  let t: TestApp;
  let base: string;
  let marketId: number;
  beforeAll(async () => {
    t = await createTestApp(database, {
      personalKeys: { recvWindowMs: 5000, perSecond: 1000, perMinute: 20 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${port}`;
    marketId = await marketIdOf(t, 'BTC/USDT');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function createKey(user: RegisteredUser, scopes: string[] = ['read', 'trade']): Promise<Key> {
    const answer = await t.api('POST', '/api/api-keys/create', {
      token: user.token,
      body: { label: 'Socket bot', scopes },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { keyId: answer.body.data.api_key.key_id, secret: answer.body.data.secret };
  }

  /** A signed REST call over real HTTP. */
  async function rest(key: Key, path: string, body: unknown): Promise<Answer> {
    const payload = JSON.stringify(body);
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: signedHeaders(key, 'POST', path, payload),
      body: payload,
    });
    return { status: response.status, body: await response.json() };
  }

  /** A socket whose every message is checked against the contract and kept. */
  function watch(ws: WebSocket) {
    const received: Message[] = [];
    const invalid: string[] = [];
    let closedWith: number | null = null;
    const closed = new Promise<number>((done) =>
      ws.on('close', (code: number) => {
        closedWith = code;
        done(code);
      }),
    );
    ws.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as Message;
      const checked = ZServerMessage.safeParse(message);
      if (!checked.success) invalid.push(`${message.channel}: ${checked.error.message}`);
      received.push(message);
    });
    const next = async (match: (m: Message) => boolean, ms = 5_000): Promise<Message> => {
      for (const end = Date.now() + ms; ; ) {
        if (invalid.length > 0) throw new Error(`off-contract message: ${invalid[0]}`);
        const i = received.findIndex(match);
        if (i >= 0) return received.splice(i, 1)[0]!;
        if (Date.now() > end) throw new Error(`no such message; received ${JSON.stringify(received)}`);
        await new Promise((done) => setTimeout(done, 20));
      }
    };
    const send = (message: unknown) =>
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    let calls = 0;
    /** One call; its reply (status, body). */
    const call = async (op: string, body: unknown, extra: Record<string, unknown> = {}): Promise<Answer> => {
      calls += 1;
      const requestId = `r-${calls}`;
      send({ op, request_id: requestId, body, ...extra });
      const reply = await next((m) => m.channel === 'reply' && m.data.request_id === requestId);
      expect(reply.data.op).toBe(op);
      return { status: reply.data.status, body: reply.data.body };
    };
    return { ws, received, next, send, call, closed, closedWith: () => closedWith };
  }

  /** A socket opened with a signed upgrade: its `auth` snapshot received. */
  async function keySocket(key: Key, headers?: Record<string, string>) {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: headers ?? signedHeaders(key, 'GET', '/ws', ''),
    });
    const socket = watch(ws);
    await new Promise<void>((done, fail) => {
      ws.once('open', () => done());
      ws.once('error', fail);
    });
    const auth = await socket.next((m) => m.channel === 'auth');
    expect(auth).toEqual({
      channel: 'auth',
      type: 'snapshot',
      data: expect.objectContaining({ key_id: key.keyId }),
    });
    return socket;
  }

  /** An upgrade refused before the socket opens: the HTTP status and the REST envelope. */
  async function refusedUpgrade(headers: Record<string, string>): Promise<Answer> {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers });
    return new Promise<Answer>((done, fail) => {
      ws.once('open', () => fail(new Error('the socket opened')));
      ws.once('error', () => undefined);
      ws.once('unexpected-response', (_request, response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () => done({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
    });
  }

  const buy = (price: string, amount: string) => ({
    market_id: marketId,
    side: 'BUY',
    type: 'LIMIT',
    price,
    amount,
  });

  it('places and cancels over the socket with the same answers as REST, errors included', async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const key = await createKey(user);
    const socket = await keySocket(key);

    const viaRest = await rest(key, '/api/order/create', buy('100', '0.5'));
    const viaSocket = await socket.call('order.create', buy('100', '0.5'));
    expect(viaRest.status, JSON.stringify(viaRest.body)).toBe(200);
    expect(viaSocket.status, JSON.stringify(viaSocket.body)).toBe(200);
    expect(viaSocket.body.error).toBe(false);
    expect(sameButIds(viaSocket.body.data.order)).toEqual(sameButIds(viaRest.body.data.order));
    expect(Object.keys(viaSocket.body).sort()).toEqual(Object.keys(viaRest.body).sort());
    expect(viaSocket.body.data.order.order_id).not.toBe(viaRest.body.data.order.order_id);
    expect(await marketBalance(t, user, marketId)).toMatchObject({
      quote: { available: '900', on_hold: '100' },
    });

    const cancelRest = await rest(key, '/api/order/cancel', { order_id: viaRest.body.data.order.order_id });
    const cancelSocket = await socket.call('order.cancel', { order_id: viaSocket.body.data.order.order_id });
    expect(cancelSocket.status).toBe(200);
    expect(cancelSocket.body.data.order.status).toBe('CANCELLED');
    expect(sameButIds(cancelSocket.body.data.order)).toEqual(sameButIds(cancelRest.body.data.order));
    expect(await marketBalance(t, user, marketId)).toMatchObject({
      quote: { available: '1000', on_hold: '0' },
    });

    // The refusals, each the REST status and envelope exactly.
    for (const [op, path, body] of [
      ['order.create', '/api/order/create', buy('100', '50')], // 422: the balance is short
      ['order.create', '/api/order/create', { ...buy('100', '0.5'), price: '-1', extra: 1 }], // 400
      ['order.create', '/api/order/create', { ...buy('100', '0.5'), market_id: 999_999 }],
      ['order.cancel', '/api/order/cancel', { order_id: 987_654_321 }], // 404
      ['order.cancel', '/api/order/cancel', { order_id: viaRest.body.data.order.order_id }], // 422: cancelled
      ['order.cancel', '/api/order/cancel', 'not an object'],
    ] as const) {
      const fromRest = await rest(key, path, body);
      const fromSocket = await socket.call(op, body);
      expect(fromRest.status, JSON.stringify(fromRest.body)).toBeGreaterThanOrEqual(400);
      expect(fromRest.status).toBeLessThan(500);
      expect(fromSocket, JSON.stringify(body)).toEqual(fromRest);
    }
    expect(await marketBalance(t, user, marketId)).toMatchObject({
      quote: { available: '1000', on_hold: '0' },
    });
    socket.ws.close();
  });

  it('shares the Idempotency-Key with REST: the same key over either is one order', async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const key = await createKey(user);
    const socket = await keySocket(key);
    const payload = JSON.stringify(buy('100', '1'));
    const path = '/api/order/create';
    const first = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...signedHeaders(key, 'POST', path, payload), 'idempotency-key': 'grid-1' },
      body: payload,
    });
    const firstBody = await first.json();
    const again = await socket.call('order.create', buy('100', '1'), { idempotency_key: 'grid-1' });
    expect(again).toEqual({ status: 200, body: firstBody });
    const reused = await socket.call('order.create', buy('100', '2'), { idempotency_key: 'grid-1' });
    expect(reused.status).toBe(422);
    const badKey = await socket.call('order.create', buy('100', '1'), { idempotency_key: 'with space' });
    expect(badKey.status).toBe(400);
    expect(await marketBalance(t, user, marketId)).toMatchObject({
      quote: { available: '900', on_hold: '100' },
    });
    socket.ws.close();
  });

  it('refuses a replayed or stale upgrade signature, and an unsigned upgrade without the app key', async () => {
    const user = await fundedUser(t);
    const key = await createKey(user);
    const headers = signedHeaders(key, 'GET', '/ws', '');
    const first = await keySocket(key, headers);
    const replayed = await refusedUpgrade(headers);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ error: true, code: 401 });
    expect(replayed.body.message).toContain('used already');
    const stale = await refusedUpgrade(signedHeaders(key, 'GET', '/ws', '', Date.now() - 60_000));
    expect(stale.status).toBe(401);
    expect(stale.body.message).toContain('FIT24-TIMESTAMP');
    // A signature of another path does not open the socket.
    const otherPath = await refusedUpgrade(signedHeaders(key, 'GET', '/api/asset/balances', ''));
    expect(otherPath.status).toBe(401);
    expect((await refusedUpgrade({})).status).toBe(403);
    // The first socket is untouched.
    first.send({ op: 'ping' });
    await first.next((m) => m.channel === 'pong');
    first.ws.close();
  });

  it('gives a read key the 403 REST gives, and a socket signed in with a session no orders', async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const readKey = await createKey(user, ['read']);
    const socket = await keySocket(readKey);
    const fromSocket = await socket.call('order.create', buy('100', '0.5'));
    const fromRest = await rest(readKey, '/api/order/create', buy('100', '0.5'));
    expect(fromRest.status).toBe(403);
    expect(fromSocket).toEqual(fromRest);
    // Its private channels are open (read scope); the socket stays.
    socket.send({ op: 'subscribe', channel: 'balances' });
    await socket.next((m) => m.channel === 'balances' && m.type === 'snapshot');
    socket.ws.close();

    const tradeOnly = await keySocket(await createKey(user, ['trade']));
    tradeOnly.send({ op: 'subscribe', channel: 'orders' });
    expect((await tradeOnly.next((m) => m.channel === 'error')).data.code).toBe(403);
    tradeOnly.ws.close();

    // A socket of the app (app key, then a session) places nothing over the socket.
    const app = watch(new WebSocket(`${base.replace('http', 'ws')}/ws?api_key=${TEST_API_KEY}`));
    await new Promise((done) => app.ws.once('open', done));
    app.send({ op: 'auth', token: user.token });
    await app.next((m) => m.channel === 'auth');
    const refused = await app.call('order.create', buy('100', '0.5'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: true, code: 403 });
    expect(await marketBalance(t, user, marketId)).toMatchObject({
      quote: { available: '1000', on_hold: '0' },
    });
    app.ws.close();
  });

  it("closes a revoked key's socket as a revoked session's, and its orders stop", async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const key = await createKey(user);
    const socket = await keySocket(key);
    const other = await keySocket(await createKey(user));
    socket.send({ op: 'subscribe', channel: 'orders' });
    await socket.next((m) => m.channel === 'orders' && m.type === 'snapshot');
    const revoked = await t.api('POST', '/api/api-keys/revoke', {
      token: user.token,
      body: { key_id: key.keyId },
    });
    expect(revoked.status).toBe(200);
    const ended = await socket.next((m) => m.channel === 'auth' && m.type === 'update');
    expect(ended.data.code).toBe(401);
    expect(await socket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await refusedUpgrade(signedHeaders(key, 'GET', '/ws', ''))).status).toBe(401);
    // The user's other key keeps its socket.
    expect((await other.call('order.create', buy('100', '0.1'))).status).toBe(200);
    other.ws.close();
  });

  it('holds the per-key rate over the socket: 30 orders at once pass the minute limit exactly', async () => {
    const user = await fundedUser(t, { USDT: '10000' });
    const key = await createKey(user);
    const socket = await keySocket(key); // the upgrade is one request of the minute's 20
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => socket.call('order.create', buy('10', '1'))),
    );
    const counts = tally(answers.map((a) => a.status));
    expect(counts, JSON.stringify(counts)).toEqual({ 200: 19, 429: 11 });
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body.message).toContain('rate limit');
    expect(limited.body.data.retry_after).toBeGreaterThanOrEqual(1);
    expect(await marketBalance(t, user, marketId)).toMatchObject({ quote: { on_hold: '190' } });
    socket.ws.close();
  }, 30_000);

  it('answers bad frames with an error frame, never a crash', async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const socket = await keySocket(await createKey(user));
    for (const frame of [
      'not json',
      '{}',
      'null',
      '[1,2]',
      { op: 'order.create', body: buy('100', '1') }, // no request_id
      { op: 'order.create', request_id: { a: 1 }, body: {} },
      { op: 'order.create', request_id: 'x'.repeat(65), body: {} },
      { op: 'order.create', request_id: -1, body: {} },
      { op: 'order.destroy', request_id: 1, body: {} },
      { op: 'order.create', request_id: 1, body: {}, extra: true },
    ]) {
      socket.send(frame);
      const error = await socket.next((m) => m.channel === 'error');
      expect(error.data.code, JSON.stringify(frame)).toBe(400);
    }
    for (const body of [undefined, null, 7, [], { market_id: 'x' }, { ...buy('1e400', '1') }]) {
      const answer = await socket.call('order.create', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const numbered = await socket.call('order.cancel', { order_id: 0 });
    expect(numbered.status).toBe(400);
    socket.send({ op: 'ping' });
    await socket.next((m) => m.channel === 'pong');
    expect(socket.closedWith()).toBeNull();
    socket.ws.close();
  });

  it('runs the socket example bot against the listening server', async () => {
    const user = await fundedUser(t, { USDT: '1000' });
    const key = await createKey(user, ['trade']);
    const run = await new Promise<{ code: number | null; out: string; err: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bot-socket-example.ts'], {
        cwd: REPO,
        env: {
          ...process.env,
          FIT24_URL: base,
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
    // The library's refusal carries REST's status and message.
    await expect(openKeySocket({ ...key, baseUrl: base, secret: 'wrong' })).rejects.toThrow('401');
  }, 30_000);

  // Last: it spends the loopback address's attempts for the rest of the window.
  it('stops an address sending bad signatures at exactly its limit, over REST and the socket', async () => {
    const { max } = attemptLimits.apiKeySignatureIp;
    const user = await fundedUser(t);
    const key = await createKey(user);
    const wrong = { ...key, secret: 'not-the-secret' };
    const unknown = { keyId: `fk_${'0'.repeat(24)}`, secret: 'x' };
    const now = Date.now();
    // REST: 60 at once from one address, half with a wrong secret, half with an unknown key.
    const ip = '203.0.113.60';
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: '/api/asset/balances',
          headers: signedHeaders(i % 2 ? wrong : unknown, 'GET', '/api/asset/balances', '', now - i),
          remoteAddress: ip,
        }),
      ),
    );
    expect(tally(burst.map((r) => r.statusCode))).toEqual({ 401: max, 429: 60 - max });
    const stopped = await t.app.inject({
      method: 'GET',
      url: '/api/asset/balances',
      headers: signedHeaders(key, 'GET', '/api/asset/balances', ''),
      remoteAddress: ip,
    });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().data.retry_after).toBeGreaterThan(0);
    // Another address is not stopped; right signatures in parallel never count.
    const later = Date.now();
    const good = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: '/api/asset/balances',
          headers: signedHeaders(key, 'GET', '/api/asset/balances', '', later - i),
          remoteAddress: '203.0.113.61',
        }),
      ),
    );
    expect(tally(good.map((r) => r.statusCode))).toEqual({ 200: 10 });

    // The socket: 60 bad upgrades at once from the loopback address (which earlier tests spent some of).
    const spent = await t.ctx.db
      .selectFrom('attempt_limits')
      .select('attempts')
      .where('bucket', '=', 'api-key-signature-ip')
      .where('key', '=', '127.0.0.1')
      .executeTakeFirst();
    const left = max - (spent?.attempts ?? 0);
    expect(left).toBeGreaterThan(10);
    const then = Date.now();
    const upgrades = await Promise.all(
      Array.from({ length: 60 }, (_, i) => refusedUpgrade(signedHeaders(wrong, 'GET', '/ws', '', then - i))),
    );
    expect(tally(upgrades.map((a) => a.status))).toEqual({ 401: left, 429: 60 - left });
    const blocked = await refusedUpgrade(signedHeaders(key, 'GET', '/ws', ''));
    expect(blocked.status).toBe(429);
    expect(blocked.body.data.retry_after).toBeGreaterThan(0);
  }, 60_000);
});
