import { randomBytes } from 'node:crypto';
import { SESSION_ENDED_CLOSE_CODE, ZServerMessage } from '@fit24/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, revokeAllSessions } from '../modules/auth/sessions.service.ts';
import * as authTokens from '../modules/security/auth-tokens.repository.ts';
import { deposit } from '../testing/funds.ts';
import { latestOtp, type RegisteredUser, registerVerifiedUser } from '../testing/identity.ts';
import { createTestApp, databasesUnderTest, TEST_API_KEY, type TestApp } from '../testing/test-app.ts';

// biome-ignore lint/suspicious/noExplicitAny: socket messages of every shape
type Message = { channel: string; type: string; data: any };

const ENDED = {
  channel: 'auth',
  type: 'update',
  data: { code: 502, message: 'Your session has ended. Please sign in again.' },
};

/** A socket that keeps what it receives (each message checked against the contract) and how it closed. */
async function connect(t: TestApp) {
  const received: Message[] = [];
  const invalid: string[] = [];
  const ws = await t.app.injectWS(`/ws?api_key=${TEST_API_KEY}`);
  let closedWith: number | null = null;
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code: number) => {
      closedWith = code;
      resolve(code);
    }),
  );
  ws.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString('utf8')) as Message;
    const checked = ZServerMessage.safeParse(message);
    if (!checked.success) invalid.push(`${message.channel}: ${checked.error.message}`);
    received.push(message);
  });
  /** The first message not yet taken that matches, waiting up to `ms` for it. */
  const next = async (match: (m: Message) => boolean, ms = 5_000): Promise<Message> => {
    for (const end = Date.now() + ms; ; ) {
      if (invalid.length > 0) throw new Error(`off-contract message: ${invalid[0]}`);
      const i = received.findIndex(match);
      if (i >= 0) return received.splice(i, 1)[0]!;
      if (Date.now() > end) throw new Error(`no such message; received ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const send = (message: object) => ws.send(JSON.stringify(message));
  return { ws, received, next, send, closed, closedWith: () => closedWith };
}

const on = (channel: string, type?: string) => (m: Message) =>
  m.channel === channel && (type === undefined || m.type === type);
/** The pushed notice of a deposit (other notices of a new user may come first). */
const depositNotice = (m: Message) =>
  on('notifications', 'update')(m) &&
  m.data.notifications.some((n: { type: string }) => n.type === 'DEPOSIT_CREDITED');

/** A socket signed in with `token`, listening to the user's balances and notifications. */
async function signedInSocket(t: TestApp, token: string) {
  const socket = await connect(t);
  socket.send({ op: 'auth', token });
  await socket.next(on('auth', 'snapshot'));
  for (const channel of ['balances', 'notifications']) {
    socket.send({ op: 'subscribe', channel });
    await socket.next(on(channel, 'snapshot'));
  }
  return socket;
}

/** Another live session of the user, as a sign-in on a second device makes. */
async function secondSession(t: TestApp, user: RegisteredUser): Promise<string> {
  const origin = { device: 'second phone', ip: '127.0.0.2' };
  return (await createSession(t.ctx.db, t.ctx.clock.now(), BigInt(user.userId), origin)).token;
}

/** The socket got the 502 and was closed with the session-ended code, within `ms`. */
async function expectEnded(socket: Awaited<ReturnType<typeof connect>>, ms = 5_000): Promise<void> {
  const code = await Promise.race([
    socket.closed,
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
  expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
  expect(socket.received.filter(on('auth'))).toEqual([ENDED]);
}

/** The token is dead: a new socket's auth is refused with 502, and so is a REST call. */
async function expectRefused(t: TestApp, token: string): Promise<void> {
  const again = await connect(t);
  again.send({ op: 'auth', token });
  expect((await again.next(on('error'))).data.code).toBe(502);
  again.ws.terminate();
  expect((await t.api('GET', '/api/account', { token })).body.code).toBe(502);
}

describe.each(databasesUnderTest())('a revoked session on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes the socket of a session signed out, with a 502 first, and its token is refused after', async () => {
    const user = await registerVerifiedUser(t);
    // Looked up once by REST: the cache holds the session when it is revoked.
    expect((await t.api('GET', '/api/account', { token: user.token })).status).toBe(200);
    const socket = await signedInSocket(t, user.token);
    expect((await t.api('POST', '/api/auth/signout', { token: user.token })).status).toBe(200);
    await expectEnded(socket);
    await expectRefused(t, user.token);
  });

  it('closes every socket of the user when another of their sessions signs out everywhere', async () => {
    const user = await registerVerifiedUser(t);
    const other = await secondSession(t, user);
    const first = await signedInSocket(t, user.token);
    const second = await signedInSocket(t, other);
    const answer = await t.api('POST', '/api/auth/signout/all', { token: other });
    expect(answer.body.data).toEqual({ revoked: 2 });
    await expectEnded(first);
    await expectEnded(second);
    await expectRefused(t, user.token);
  });

  it('closes the sockets when the password is reset with the emailed code', async () => {
    const user = await registerVerifiedUser(t);
    const socket = await signedInSocket(t, user.token);
    expect((await t.api('POST', '/api/auth/password/otp', { body: { email_id: user.email } })).status).toBe(
      200,
    );
    const otp = await latestOtp(t, user.email);
    const reset = await t.api('POST', '/api/auth/password', {
      body: { email_id: user.email, otp, password: 'Another-horse-77' },
    });
    expect(reset.status).toBe(200);
    await expectEnded(socket);
    await expectRefused(t, user.token);
  });

  it.each([
    ['the link of the new sign-in email', 'link'],
    ['the security screen', 'user'],
    ['an operator', 'operator'],
  ] as const)('closes every socket of the user when the account is frozen from %s', async (_, by) => {
    const user = await registerVerifiedUser(t);
    const other = await secondSession(t, user);
    const first = await signedInSocket(t, user.token);
    const second = await signedInSocket(t, other);
    if (by === 'link') {
      const { token } = await authTokens.create(t.ctx.db, {
        purpose: 'FREEZE',
        userId: BigInt(user.userId),
        now: t.ctx.clock.now(),
        ttlSeconds: 600,
      });
      expect((await t.api('POST', '/api/auth/freeze', { body: { token } })).status).toBe(200);
    } else if (by === 'user') {
      expect((await t.api('POST', '/api/security/freeze', { token: other })).status).toBe(200);
    } else {
      expect((await t.ops('POST', '/ops/users/freeze', { email_id: user.email })).status).toBe(200);
    }
    await expectEnded(first);
    await expectEnded(second);
    await expectRefused(t, user.token);
    await expectRefused(t, other);
  });

  it("keeps a socket when another of the user's sessions signs out: it still gets the money moving", async () => {
    const user = await registerVerifiedUser(t);
    const other = await secondSession(t, user);
    const socket = await signedInSocket(t, user.token);
    const doomed = await signedInSocket(t, other);
    expect((await t.api('POST', '/api/auth/signout', { token: other })).status).toBe(200);
    await expectEnded(doomed);
    await deposit(t, user.email, 'USDT', '25');
    const notice = await socket.next(depositNotice);
    expect(notice.data.notifications).toEqual([expect.objectContaining({ type: 'DEPOSIT_CREDITED' })]);
    const balances = await socket.next(on('balances', 'update'));
    expect(balances.data.balances.find((b: { symbol: string }) => b.symbol === 'USDT')).toMatchObject({
      available: '25',
    });
    expect(socket.closedWith()).toBeNull();
    expect(socket.received.filter(on('auth'))).toEqual([]);
    socket.ws.terminate();
  });

  it("ends the sockets when a caller's revoking transaction commits: not before, not if it rolls back", async () => {
    const user = await registerVerifiedUser(t);
    const socket = await signedInSocket(t, user.token);
    const userId = BigInt(user.userId);
    // A freeze revokes inside its own transaction; one that fails changes nothing.
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await revokeAllSessions(t.ctx, trx, userId, t.ctx.clock.now());
        throw new Error('the freeze failed');
      }),
    ).rejects.toThrow('the freeze failed');
    await deposit(t, user.email, 'USDT', '5');
    await socket.next(depositNotice);
    expect(socket.closedWith()).toBeNull();
    expect((await t.api('GET', '/api/account', { token: user.token })).status).toBe(200);

    let openBeforeCommit: number | null = -1;
    await t.ctx.db.transaction().execute(async (trx) => {
      await revokeAllSessions(t.ctx, trx, userId, t.ctx.clock.now());
      await new Promise((resolve) => setTimeout(resolve, 300));
      openBeforeCommit = socket.closedWith();
    });
    expect(openBeforeCommit).toBeNull();
    await expectEnded(socket);
    await expectRefused(t, user.token);
  });
});

const url = process.env.TEST_DATABASE_URL;

// Several processes need a shared PostgreSQL: embedded PGlite is one process by nature.
describe.skipIf(!url)('a session revoked by one of two server processes on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    // Two apps on one schema stand for two processes, each with its own listening connection and cache.
    first = await createTestApp({
      name: 'postgres',
      target: () => ({ kind: 'postgres', url: url!, schema }),
    });
    second = await createTestApp({
      name: 'postgres',
      target: () => ({ kind: 'postgres', url: url!, schema, dropSchemaOnClose: true }),
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('closes its socket in the other process, whose REST refuses the token at once', async () => {
    const user = await registerVerifiedUser(first);
    // The other process has the session in its cache (trusted for 5 s) and a socket on it.
    expect((await second.api('GET', '/api/account', { token: user.token })).status).toBe(200);
    const socket = await signedInSocket(second, user.token);
    expect((await first.api('POST', '/api/auth/signout', { token: user.token })).status).toBe(200);
    // Waited for, not timed (speed belongs to benchmarks); well inside the 5 s the cache would trust it.
    await expectEnded(socket, 4_000);
    expect((await second.api('GET', '/api/account', { token: user.token })).body.code).toBe(502);
    await expectRefused(second, user.token);
  });

  it('listens again when its listening connection is lost, and then ends what it missed', async () => {
    const user = await registerVerifiedUser(first);
    expect((await second.api('GET', '/api/account', { token: user.token })).status).toBe(200);
    const socket = await signedInSocket(second, user.token);
    // The database ends the listening connections (a network failure, an administrator)…
    const { rows } = await sql<{ ended: boolean }>`select pg_terminate_backend(pid) as ended
      from pg_stat_activity where application_name = 'fit24-session-ends'
        and query = 'listen "fit24_sessions_' || md5(current_schema()) || '"'`.execute(first.ctx.db);
    expect(rows).toEqual([{ ended: true }, { ended: true }]);
    // …and the revocation is committed while nobody listens.
    expect((await first.api('POST', '/api/auth/signout/all', { token: user.token })).status).toBe(200);
    await expectEnded(socket, 5_000);
    expect((await second.api('GET', '/api/account', { token: user.token })).body.code).toBe(502);
  });
});
