import { once } from 'node:events';
import { SESSION_ENDED_CLOSE_CODE, type TServerMessage } from '@fit24/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import { createWsClient, type LiveBook, type LiveStatus, type WsClient } from './ws-client.ts';

/** What one connection to the test server sent, and a way to answer on it. */
interface Connection {
  url: string;
  socket: ServerSocket;
  // biome-ignore lint/suspicious/noExplicitAny: client messages of every shape
  received: any[];
  push(message: TServerMessage): void;
}

/**
 * A real `ws` server standing in for `/ws`: it answers `auth` with the user (a token starting "good") or
 * code 502, and lets each test answer subscriptions itself.
 */
async function startServer() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(wss, 'listening');
  const connections: Connection[] = [];
  wss.on('connection', (socket, request) => {
    const connection: Connection = {
      url: request.url ?? '',
      socket,
      received: [],
      push: (message) => socket.send(JSON.stringify(message)),
    };
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      connection.received.push(message);
      if (message.op === 'auth') {
        connection.push(
          String(message.token).startsWith('good')
            ? { channel: 'auth', type: 'snapshot', data: { user_id: 7 } }
            : { channel: 'error', type: 'update', data: { code: 502, message: 'ended' } },
        );
      }
    });
    connections.push(connection);
  });
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/ws?api_key=test-key`,
    connections,
    last: () => connections.at(-1)!,
    close: () => new Promise<void>((resolve) => wss.close(() => resolve())),
    wss,
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server | undefined;
let client: WsClient | undefined;

afterEach(async () => {
  client?.close();
  for (const socket of server?.wss.clients ?? []) socket.terminate();
  await server?.close();
  client = server = undefined;
});

function start(
  token: { value: string | null } = { value: null },
  idleCloseMs = 5_000,
  onSessionEnded?: () => void,
) {
  client = createWsClient({
    url: () => server!.url,
    getToken: () => token.value,
    backoff: () => 20,
    idleCloseMs,
    ...(onSessionEnded ? { onSessionEnded } : {}),
  });
  return client;
}

const snapshot = (sequence: number, asks: [string, string][]): TServerMessage => ({
  channel: 'orderbook',
  market_id: 1,
  type: 'snapshot',
  sequence,
  data: { bids: [], asks },
});
const update = (prev: number, sequence: number, asks: [string, string][]): TServerMessage => ({
  channel: 'orderbook',
  market_id: 1,
  type: 'update',
  sequence,
  data: { prev_sequence: prev, bids: [], asks },
});
const ops = (c: Connection) => c.received.map((m) => `${m.op}${m.channel ? ` ${m.channel}` : ''}`);

describe('the socket client against a real WebSocket server', () => {
  it('connects to the API-keyed address, shares one server subscription between screens, and counts them', async () => {
    server = await startServer();
    const ws = start();
    const a: TServerMessage[] = [];
    const b: TServerMessage[] = [];
    const stopA = ws.subscribe({ channel: 'trades', market_id: 1 }, (m) => a.push(m));
    const stopB = ws.subscribe({ channel: 'trades', market_id: 1 }, (m) => b.push(m));
    await vi.waitFor(() => expect(server!.last().received).toHaveLength(1));
    const conn = server.last();
    expect(conn.url).toBe('/ws?api_key=test-key');
    expect(conn.received).toEqual([{ op: 'subscribe', channel: 'trades', market_id: 1 }]);
    const trade = { trade_id: 1, price: '100', amount: '0.5', side: 'BUY' as const, creation_date: 1 };
    conn.push({ channel: 'trades', market_id: 1, type: 'update', data: { trades: [trade] } });
    // A message of another market reaches nobody.
    conn.push({ channel: 'trades', market_id: 2, type: 'update', data: { trades: [trade] } });
    await vi.waitFor(() => expect(b).toHaveLength(1));
    expect(a).toEqual(b);
    stopA();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ops(conn)).toEqual(['subscribe trades']);
    stopB();
    await vi.waitFor(() => expect(ops(conn)).toEqual(['subscribe trades', 'unsubscribe trades']));
  });

  it('drops frames that are not messages and still delivers the next one', async () => {
    server = await startServer();
    const ws = start();
    const got: TServerMessage[] = [];
    ws.subscribe({ channel: 'trades', market_id: 1 }, (m) => got.push(m));
    await vi.waitFor(() => expect(server!.last().received).toHaveLength(1));
    const conn = server.last();
    for (const frame of ['not json', 'null', '42', '{"market_id":1}', '{"channel":"trades","market_id":1}'])
      conn.socket.send(frame);
    const trade = { trade_id: 1, price: '100', amount: '0.5', side: 'BUY' as const, creation_date: 1 };
    conn.push({ channel: 'trades', market_id: 1, type: 'update', data: { trades: [trade] } });
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(got[0]).toMatchObject({ channel: 'trades', data: { trades: [trade] } });
  });

  it('applies sequenced book updates, ignores stale ones, and subscribes again on a gap', async () => {
    server = await startServer();
    const ws = start();
    const books: LiveBook[] = [];
    ws.subscribeBook(1, (book) => books.push(book));
    await vi.waitFor(() => expect(server!.last().received).toHaveLength(1));
    const conn = server.last();
    conn.push(update(4, 5, [['99', '1']])); // before the snapshot: ignored
    conn.push(snapshot(5, [['100', '1']]));
    conn.push(update(4, 5, [['99', '1']])); // already in the snapshot
    conn.push(update(5, 6, [['101', '2']]));
    conn.push(update(6, 7, [['100', '0']]));
    await vi.waitFor(() => expect(books.at(-1)?.sequence).toBe(7));
    expect(books.map((b) => b.asks)).toEqual([
      [['100', '1']],
      [
        ['100', '1'],
        ['101', '2'],
      ],
      [['101', '2']],
    ]);
    // A second screen on the same book starts from the book as it stands.
    const late: LiveBook[] = [];
    ws.subscribeBook(1, (book) => late.push(book));
    expect(late).toEqual([books.at(-1)]);

    conn.push(update(8, 9, [['102', '1']])); // 7 → 8 was lost
    await vi.waitFor(() => expect(ops(conn)).toEqual(['subscribe orderbook', 'subscribe orderbook']));
    conn.push(update(9, 10, [['103', '1']])); // while waiting for the snapshot: ignored
    conn.push(
      snapshot(10, [
        ['101', '2'],
        ['102', '1'],
        ['103', '1'],
      ]),
    );
    await vi.waitFor(() => expect(books.at(-1)?.sequence).toBe(10));
    expect(books.at(-1)?.asks).toHaveLength(3);
    expect(books).toHaveLength(4);
  });

  it('auths before the private channels, and after sign-out opens a socket without them', async () => {
    server = await startServer();
    const token = { value: 'good' as string | null };
    const ws = start(token);
    ws.subscribe({ channel: 'ticker' }, () => {});
    ws.subscribe({ channel: 'orders' }, () => {});
    await vi.waitFor(() =>
      expect(ops(server!.last())).toEqual(['auth', 'subscribe ticker', 'subscribe orders']),
    );
    expect(server.last().received[0]).toEqual({ op: 'auth', token: 'good' });

    token.value = null;
    ws.tokenChanged();
    await vi.waitFor(() => expect(server!.connections).toHaveLength(2));
    await vi.waitFor(() => expect(ops(server!.last())).toEqual(['subscribe ticker']));
    expect(server.connections[0]!.socket.readyState).not.toBe(1);

    // Signing in again auths on the open socket, then subscribes the private channel.
    token.value = 'good';
    ws.tokenChanged();
    await vi.waitFor(() =>
      expect(ops(server!.last())).toEqual(['subscribe ticker', 'auth', 'subscribe orders']),
    );
    expect(server.connections).toHaveLength(2);
  });

  it('does not subscribe private channels when the server refuses the token', async () => {
    server = await startServer();
    const ws = start({ value: 'expired' });
    ws.subscribe({ channel: 'balances' }, () => {});
    ws.subscribe({ channel: 'ticker' }, () => {});
    await vi.waitFor(() => expect(ops(server!.last())).toEqual(['auth', 'subscribe ticker']));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ops(server.last())).toEqual(['auth', 'subscribe ticker']);
  });

  it('reconnects after a loss, re-auths and re-subscribes every channel, and says so', async () => {
    server = await startServer();
    const ws = start({ value: 'good' });
    const statuses: LiveStatus[] = [];
    ws.onStatus((s) => statuses.push(s));
    const reconnected = vi.fn();
    ws.onReconnect(reconnected);
    ws.subscribe({ channel: 'candles', market_id: 1, interval_min: 15 }, () => {});
    ws.subscribeBook(1, () => {});
    ws.subscribe({ channel: 'balances' }, () => {});
    await vi.waitFor(() => expect(server!.last().received).toHaveLength(4));
    expect(reconnected).not.toHaveBeenCalled();

    server.last().socket.terminate();
    await vi.waitFor(() => expect(server!.connections).toHaveLength(2));
    await vi.waitFor(() => expect(server!.last().received).toHaveLength(4));
    expect(server.last().received).toEqual([
      { op: 'auth', token: 'good' },
      { op: 'subscribe', channel: 'candles', market_id: 1, interval_min: 15 },
      { op: 'subscribe', channel: 'orderbook', market_id: 1 },
      { op: 'subscribe', channel: 'balances' },
    ]);
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('keeps retrying while the server is down, and closes once nothing is subscribed', async () => {
    server = await startServer();
    const url = server.url;
    await server.close();
    const ws = start({ value: null }, 50);
    const stop = ws.subscribe({ channel: 'ticker' }, () => {});
    await vi.waitFor(() => expect(ws.status()).toBe('reconnecting'));
    // The server comes back on the same port.
    const port = Number(new URL(url).port);
    const again = new WebSocketServer({ port, host: '127.0.0.1' });
    const seen: string[] = [];
    again.on('connection', (socket) => socket.on('message', (raw) => seen.push(String(raw))));
    try {
      await vi.waitFor(() => expect(seen).toEqual([JSON.stringify({ op: 'subscribe', channel: 'ticker' })]));
      expect(ws.status()).toBe('open');
      stop();
      await vi.waitFor(() => expect(ws.status()).toBe('idle'));
      await vi.waitFor(() => expect(again.clients.size).toBe(0));
    } finally {
      for (const socket of again.clients) socket.terminate();
      await new Promise<void>((resolve) => again.close(() => resolve()));
    }
  });

  it('drops the socket when the device goes offline, and connects at once when it is back', async () => {
    server = await startServer();
    client = createWsClient({ url: () => server!.url, getToken: () => null, backoff: () => 60_000 });
    const ws = client;
    const statuses: LiveStatus[] = [];
    ws.onStatus((s) => statuses.push(s));
    ws.subscribe({ channel: 'ticker' }, () => {});
    await vi.waitFor(() => expect(server!.last().received).toHaveLength(1));

    ws.networkChanged(false);
    expect(ws.status()).toBe('reconnecting');
    await vi.waitFor(() => expect(server!.wss.clients.size).toBe(0));
    // Back online: no waiting out the (here one-minute) backoff.
    ws.networkChanged(true);
    await vi.waitFor(() => expect(server!.connections).toHaveLength(2));
    await vi.waitFor(() => expect(ws.status()).toBe('open'));
    expect(server.last().received).toEqual([{ op: 'subscribe', channel: 'ticker' }]);
    // Online again with the socket open: nothing changes.
    ws.networkChanged(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('when the server ends the session: tells the app once, keeps the public channels, never auths that token again', async () => {
    server = await startServer();
    const token = { value: 'good' as string | null };
    const ended = vi.fn();
    // The app has not cleared its token yet: the client must not send it again meanwhile.
    const ws = start(token, 5_000, ended);
    ws.subscribe({ channel: 'ticker' }, () => {});
    ws.subscribe({ channel: 'balances' }, () => {});
    await vi.waitFor(() =>
      expect(ops(server!.last())).toEqual(['auth', 'subscribe ticker', 'subscribe balances']),
    );
    const first = server.last();
    first.push({
      channel: 'auth',
      type: 'update',
      data: { code: 502, message: 'Your session has ended. Please sign in again.' },
    });
    first.socket.close(SESSION_ENDED_CLOSE_CODE, 'The session has ended.');
    await vi.waitFor(() => expect(server!.connections).toHaveLength(2));
    await vi.waitFor(() => expect(ops(server!.last())).toEqual(['subscribe ticker']));
    // Several backoff periods later: no loop of reconnects or auths with the dead token.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.connections).toHaveLength(2);
    expect(ops(server.last())).toEqual(['subscribe ticker']);
    expect(ended).toHaveBeenCalledTimes(1);
    ws.tokenChanged();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ops(server.last())).toEqual(['subscribe ticker']);

    // A new sign-in auths on the open socket and gets the private channel back.
    token.value = 'good-again';
    ws.tokenChanged();
    await vi.waitFor(() =>
      expect(ops(server!.last())).toEqual(['subscribe ticker', 'auth', 'subscribe balances']),
    );
    expect(server.last().received[1]).toEqual({ op: 'auth', token: 'good-again' });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('takes the session-ended close code alone, or a refused auth, as the 502 too', async () => {
    server = await startServer();
    const token = { value: 'good' as string | null };
    const ended = vi.fn(() => {
      token.value = null;
    });
    const ws = start(token, 5_000, ended);
    ws.subscribe({ channel: 'orders' }, () => {});
    await vi.waitFor(() => expect(ops(server!.last())).toEqual(['auth', 'subscribe orders']));
    server.last().socket.close(SESSION_ENDED_CLOSE_CODE, 'The session has ended.');
    await vi.waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(server!.connections).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ops(server.last())).toEqual([]);

    // A stored token the server refuses (it ended while the app was closed).
    token.value = 'expired';
    ws.tokenChanged();
    await vi.waitFor(() => expect(ended).toHaveBeenCalledTimes(2));
    expect(ops(server.last())).toEqual(['auth']);
  });

  it('ignores a 502 about a token the app has already replaced', async () => {
    server = await startServer();
    const token = { value: 'good' as string | null };
    const ended = vi.fn();
    const ws = start(token, 5_000, ended);
    ws.subscribe({ channel: 'orders' }, () => {});
    await vi.waitFor(() => expect(ops(server!.last())).toEqual(['auth', 'subscribe orders']));
    // Another user signed in; the old session's end arrives before the client restarted its socket.
    token.value = 'good-other';
    server.last().push({ channel: 'auth', type: 'update', data: { code: 502, message: 'ended' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ended).not.toHaveBeenCalled();
  });
});
