/**
 * The fan-out bench's clients (fanout.bench.ts), run in a process of their own: raw sockets that count the
 * server's frames from their headers, and one checker that parses everything. Node and `ws` only, so the
 * process starts light.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const HOST = '127.0.0.1';
/** A dependency of @fastify/websocket, imported by name so that no types are needed. */
const WS_MODULE = 'ws';

export interface ClientSpec {
  port: number;
  apiKey: string;
  marketId: number;
  clients: number;
  /** Snapshots each client gets before the run (one per subscription on the real server). */
  snapshots: number;
}

export type Level = [price: string, amount: string];

export interface ClientResult {
  frames: number;
  bytes: number;
  cpuMs: number;
  /** What the checker saw: updates applied, stale ones skipped, chain breaks, and its book at the end. */
  checker: { updates: number; stale: number; gaps: number; trades: number; bids: Level[]; asks: Level[] };
}

/** Counts the server's frames from their headers; payloads are skipped, never decoded. */
class FrameCounter {
  frames = 0;
  bytes = 0;
  private skip = 0;
  private head: Buffer | null = null;

  feed(chunk: Buffer): void {
    this.bytes += chunk.length;
    const data = this.head ? Buffer.concat([this.head, chunk]) : chunk;
    this.head = null;
    let at = Math.min(this.skip, data.length);
    this.skip -= at;
    while (at < data.length) {
      const left = data.length - at;
      const short =
        left < 2 ? 2 : (data[at + 1]! & 0x7f) === 126 ? 4 : (data[at + 1]! & 0x7f) === 127 ? 10 : 2;
      if (left < short) {
        this.head = data.subarray(at);
        return;
      }
      const len7 = data[at + 1]! & 0x7f;
      const length =
        len7 === 126 ? data.readUInt16BE(at + 2) : len7 === 127 ? Number(data.readBigUInt64BE(at + 2)) : len7;
      this.frames += 1;
      at += short;
      const taken = Math.min(length, data.length - at);
      at += taken;
      this.skip = length - taken;
    }
  }
}

/** A client frame (masked, as the protocol requires of clients; an all-zero mask leaves the text as is). */
function clientFrame(message: object): Buffer {
  const text = Buffer.from(JSON.stringify(message));
  return Buffer.concat([Buffer.from([0x81, 0x80 | text.length, 0, 0, 0, 0]), text]);
}

/** What a trade screen subscribes to: the ticker, and the market's book, trades and 1-minute candles. */
export function subscriptions(spec: { marketId: number }) {
  const market_id = spec.marketId;
  return [
    { op: 'subscribe', channel: 'ticker' },
    { op: 'subscribe', channel: 'orderbook', market_id },
    { op: 'subscribe', channel: 'trades', market_id },
    { op: 'subscribe', channel: 'candles', market_id, interval_min: 1 },
  ];
}

/** A raw WebSocket: the upgrade, the subscriptions, then every byte to the counter. */
function rawClient(spec: ClientSpec, counter: FrameCounter): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(spec.port, HOST);
    socket.setNoDelay(true);
    let header = '';
    const onHandshake = (chunk: Buffer) => {
      header += chunk.toString('latin1');
      const end = header.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!header.startsWith('HTTP/1.1 101')) return reject(new Error(header.split('\r\n')[0]));
      socket.off('data', onHandshake);
      socket.on('data', (data: Buffer) => counter.feed(data));
      for (const subscription of subscriptions(spec)) socket.write(clientFrame(subscription));
      resolve(socket);
    };
    socket.on('data', onHandshake);
    socket.on('error', reject);
    socket.on('connect', () => {
      socket.write(
        `GET /ws?api_key=${encodeURIComponent(spec.apiKey)} HTTP/1.1\r\nHost: ${HOST}:${spec.port}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      );
    });
  });
}

/** The checker: a real client that parses every message and keeps the book as the web app does. */
async function checkerClient(spec: ClientSpec) {
  const { default: WebSocket } = (await import(WS_MODULE)) as {
    default: new (
      url: string,
    ) => { on(event: string, fn: (data: Buffer) => void): void; send(data: string): void };
  };
  const seen = { updates: 0, stale: 0, gaps: 0, trades: 0 };
  const book = { sequence: -1, bids: new Map<string, string>(), asks: new Map<string, string>() };
  const socket = new WebSocket(`ws://${HOST}:${spec.port}/ws?api_key=${encodeURIComponent(spec.apiKey)}`);
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()));
  socket.on('message', (raw) => {
    const m = JSON.parse(raw.toString('utf8'));
    if (m.channel === 'trades' && m.type === 'update') seen.trades += m.data.trades.length;
    if (m.channel !== 'orderbook') return;
    if (m.type === 'snapshot') {
      book.sequence = m.sequence;
      book.bids = new Map(m.data.bids);
      book.asks = new Map(m.data.asks);
      return;
    }
    if (m.sequence <= book.sequence) {
      seen.stale += 1;
      return;
    }
    if (m.data.prev_sequence !== book.sequence) seen.gaps += 1;
    seen.updates += 1;
    book.sequence = m.sequence;
    for (const [side, levels] of [
      [book.bids, m.data.bids],
      [book.asks, m.data.asks],
    ] as const) {
      for (const [price, amount] of levels as Level[]) {
        if (Number(amount) === 0) side.delete(price);
        else side.set(price, amount);
      }
    }
  });
  await opened;
  for (const subscription of subscriptions(spec)) socket.send(JSON.stringify(subscription));
  return () => ({
    ...seen,
    bids: [...book.bids].sort((a, b) => Number(b[0]) - Number(a[0])),
    asks: [...book.asks].sort((a, b) => Number(a[0]) - Number(b[0])),
  });
}

async function runClients(spec: ClientSpec): Promise<void> {
  const counters = Array.from({ length: spec.clients }, () => new FrameCounter());
  // In groups, so that the server's accept backlog is never the limit.
  for (let i = 0; i < spec.clients; i += 100) {
    await Promise.all(counters.slice(i, i + 100).map((counter) => rawClient(spec, counter)));
  }
  const checker = await checkerClient(spec);
  const total = () => counters.reduce((sum, c) => sum + c.frames, 0);
  for (let i = 0; i < 400 && total() < spec.clients * spec.snapshots; i += 1) {
    await new Promise((r) => setTimeout(r, 25));
  }
  process.send!({ snapshots: total() });
  let frames = 0;
  let bytes = 0;
  let cpu = process.cpuUsage();
  process.on('message', (message) => {
    if (message === 'start') {
      frames = total();
      bytes = counters.reduce((sum, c) => sum + c.bytes, 0);
      cpu = process.cpuUsage();
      return;
    }
    const used = process.cpuUsage(cpu);
    const result: ClientResult = {
      frames: total() - frames,
      bytes: counters.reduce((sum, c) => sum + c.bytes, 0) - bytes,
      cpuMs: (used.user + used.system) / 1000,
      checker: checker(),
    };
    process.send!(result, () => process.exit(0));
  });
}

if (process.env.BENCH_FANOUT_CLIENTS) {
  runClients(JSON.parse(process.env.BENCH_FANOUT_CLIENTS) as ClientSpec).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
