import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookChange } from './broadcast.ts';
import { FLUSH_EVERY_MS, Hub, MAX_BUFFERED_BYTES, type SocketLike } from './hub.ts';

function fakeSocket(bufferedAmount = 0) {
  const sent: string[] = [];
  const writes: string[][] = [];
  let corked = false;
  const socket = {
    readyState: 1,
    bufferedAmount,
    closed: null as number | null,
    send: (data: string | Buffer) => {
      sent.push(String(data));
      if (corked) writes.at(-1)!.push(String(data));
      else writes.push([String(data)]);
    },
    close(code?: number) {
      this.closed = code ?? 1000;
      this.readyState = 3;
    },
    // The TCP socket under a `ws` socket: what is sent while corked leaves in one write.
    _socket: {
      cork: () => {
        corked = true;
        writes.push([]);
      },
      uncork: () => {
        corked = false;
      },
    },
  };
  return { socket: socket as SocketLike & typeof socket, sent, writes };
}

const parsed = (sent: string[]) => sent.map((s) => JSON.parse(s));

const change = (fromSequence: number, sequence: number, asks: [string, string][]): BookChange => ({
  marketId: 1,
  fromSequence,
  sequence,
  bids: [],
  asks,
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the socket hub', () => {
  it('sends each channel to its subscribers only, and private channels to their user only', () => {
    const hub = new Hub();
    const [a, b] = [fakeSocket(), fakeSocket()];
    const ca = hub.add(a.socket);
    const cb = hub.add(b.socket);
    ca.subscriptions.add('trades:1');
    ca.userId = 7n;
    ca.subscriptions.add('orders');
    cb.userId = 8n;
    cb.subscriptions.add('orders');
    hub.publish('trades:1', { channel: 'trades', market_id: 1, type: 'update', data: {} });
    hub.publishToUser(8n, { channel: 'orders', type: 'update', data: { orders: [] } });
    hub.flush();
    expect(parsed(a.sent).map((m) => m.channel)).toEqual(['trades']);
    expect(parsed(b.sent).map((m) => m.channel)).toEqual(['orders']);
    expect(hub.listeners('orders')).toEqual(new Set([7n, 8n]));
  });

  it('serialises a message once for all its subscribers, and writes a tick of messages at once', async () => {
    const hub = new Hub();
    const sockets = Array.from({ length: 200 }, () => fakeSocket());
    for (const { socket } of sockets) hub.add(socket).subscriptions.add('trades:1');
    const stringify = vi.spyOn(JSON, 'stringify');
    hub.publish('trades:1', { channel: 'trades', market_id: 1, type: 'update', data: { trades: [1] } });
    hub.publish('trades:1', { channel: 'trades', market_id: 1, type: 'update', data: { trades: [2] } });
    expect(sockets[0]!.sent).toEqual([]);
    // The tick's end writes them, without anyone calling flush.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stringify).toHaveBeenCalledTimes(2);
    for (const { sent, writes } of sockets) {
      expect(parsed(sent).map((m) => m.data.trades[0])).toEqual([1, 2]);
      expect(writes).toHaveLength(1);
    }
  });

  it("merges a tick's book changes into one update that chains, each level at its latest amount", () => {
    const hub = new Hub();
    const { socket, sent } = fakeSocket();
    hub.add(socket).subscriptions.add('orderbook:1');
    hub.publishBook(change(10, 12, [['100', '1']]));
    hub.publishBook(
      change(12, 15, [
        ['100', '0.5'],
        ['101', '2'],
      ]),
    );
    hub.publishBook(change(15, 16, [['101', '0']]));
    hub.flush();
    hub.publishBook(change(16, 18, [['102', '3']]));
    // Not following the last one (a batch nobody was told of): a new update, the client sees the gap.
    hub.publishBook(change(20, 21, [['103', '1']]));
    hub.flush();
    expect(parsed(sent)).toEqual([
      {
        channel: 'orderbook',
        market_id: 1,
        type: 'update',
        sequence: 16,
        data: {
          prev_sequence: 10,
          bids: [],
          asks: [
            ['100', '0.5'],
            ['101', '0'],
          ],
        },
      },
      expect.objectContaining({ sequence: 18, data: { prev_sequence: 16, bids: [], asks: [['102', '3']] } }),
      expect.objectContaining({ sequence: 21, data: { prev_sequence: 20, bids: [], asks: [['103', '1']] } }),
    ]);
  });

  it('under a stream of changes, flushes at most every FLUSH_EVERY_MS, merging what came meanwhile', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'],
    });
    const hub = new Hub();
    const { socket, sent, writes } = fakeSocket();
    hub.add(socket).subscriptions.add('orderbook:1');
    hub.publishBook(change(1, 2, [['100', '1']]));
    vi.advanceTimersByTime(0);
    expect(sent).toHaveLength(1);
    for (let sequence = 2; sequence < 12; sequence += 1) {
      hub.publishBook(change(sequence, sequence + 1, [['100', String(sequence)]]));
      hub.publish('orderbook:1', { channel: 'trades', market_id: 1, type: 'update', data: { sequence } });
      vi.advanceTimersByTime(FLUSH_EVERY_MS / 20);
    }
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(FLUSH_EVERY_MS);
    const [update, ...trades] = parsed(sent.slice(1));
    expect(update).toMatchObject({ sequence: 12, data: { prev_sequence: 2, asks: [['100', '11']] } });
    expect(trades).toHaveLength(10);
    expect(writes).toHaveLength(2);
  });

  it('starts a new book update for a client that subscribes within the tick, where its snapshot ends', () => {
    const hub = new Hub();
    const early = fakeSocket();
    hub.add(early.socket).subscriptions.add('orderbook:1');
    hub.publishBook(change(10, 12, [['100', '1']]));
    // A snapshot taken at 14: the engine is ahead of what has committed (12 → 14 commits next).
    const late = fakeSocket();
    const client = hub.add(late.socket);
    client.subscriptions.add('orderbook:1');
    hub.send(client, {
      channel: 'orderbook',
      market_id: 1,
      type: 'snapshot',
      sequence: 14,
      data: { bids: [], asks: [['100', '1']] },
    });
    hub.publishBook(change(12, 14, [['101', '1']]));
    hub.publishBook(change(14, 15, [['101', '2']]));
    hub.flush();
    const spans = (sent: string[]) =>
      parsed(sent)
        .filter((m) => m.type === 'update')
        .map((m) => [m.data.prev_sequence, m.sequence]);
    // Both chain: the late client skips 12 → 14 (its snapshot has it) and applies 14 → 15.
    expect(spans(early.sent)).toEqual([
      [10, 12],
      [12, 14],
      [14, 15],
    ]);
    expect(spans(late.sent)).toEqual([
      [12, 14],
      [14, 15],
    ]);
  });

  it('writes what is queued for a client before a message sent to it directly', () => {
    const hub = new Hub();
    const { socket, sent } = fakeSocket();
    const client = hub.add(socket);
    client.subscriptions.add('trades:1');
    hub.publish('trades:1', { channel: 'trades', market_id: 1, type: 'update', data: {} });
    hub.send(client, { channel: 'pong', type: 'update', data: {} });
    expect(parsed(sent).map((m) => m.channel)).toEqual(['trades', 'pong']);
    hub.flush();
    expect(sent).toHaveLength(2);
  });

  it("writes a tick's answers to a client in one write, in order, after what was queued before them", async () => {
    const hub = new Hub();
    const bot = fakeSocket();
    const other = fakeSocket();
    const client = hub.add(bot.socket);
    const second = hub.add(other.socket);
    client.subscriptions.add('trades:1');
    hub.publish('trades:1', { channel: 'trades', market_id: 1, type: 'update', data: {} });
    const reply = (n: number) => ({ channel: 'reply' as const, type: 'update' as const, data: { n } });
    for (let n = 1; n <= 5; n += 1) hub.answer(client, reply(n));
    hub.answer(second, reply(6));
    // Nothing leaves within the tick the answers were given…
    expect(bot.sent).toEqual([]);
    await new Promise((done) => setImmediate(done));
    // …then one write per client: the queued trade first, then the answers as given.
    expect(bot.writes.map((w) => parsed(w).map((m) => m.data.n ?? m.channel))).toEqual([
      ['trades', 1, 2, 3, 4, 5],
    ]);
    expect(other.writes.map((w) => parsed(w).map((m) => m.data.n))).toEqual([[6]]);
    // Written once: the tick's flush has nothing left to send.
    hub.flush();
    expect(bot.sent).toHaveLength(6);
  });

  it('sends given answers before the sockets close at shutdown', () => {
    const hub = new Hub();
    const bot = fakeSocket();
    hub.answer(hub.add(bot.socket), { channel: 'reply', type: 'update', data: { n: 1 } });
    hub.closeAll();
    expect(parsed(bot.sent).map((m) => m.data.n)).toEqual([1]);
    expect(bot.socket.closed).toBe(1001);
  });

  it('drops a client that stops reading instead of buffering without bound; the others still get it', () => {
    const hub = new Hub();
    const slow = fakeSocket(MAX_BUFFERED_BYTES + 1);
    const fast = fakeSocket();
    const client = hub.add(slow.socket);
    client.subscriptions.add('ticker');
    hub.add(fast.socket).subscriptions.add('ticker');
    hub.publish('ticker', { channel: 'ticker', type: 'update', data: {} });
    hub.flush();
    expect(slow.sent).toEqual([]);
    expect(slow.socket.closed).toBe(1013);
    expect(fast.sent).toHaveLength(1);
    // Gone from the hub: the next message reaches the reader only.
    hub.publish('ticker', { channel: 'ticker', type: 'update', data: {} });
    hub.flush();
    expect(fast.sent).toHaveLength(2);
    expect(slow.sent).toEqual([]);
  });
});
