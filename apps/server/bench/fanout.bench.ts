/**
 * WebSocket fan-out: 1,000 clients subscribed to one market's order book and trades while trades are made
 * through the real order pipeline; messages/s delivered. Prints figures only.
 *
 *   node --import tsx apps/server/bench/fanout.bench.ts
 *
 * The clients run in a child process, so that the load generator does not share the server's event loop.
 * They are cheap on purpose: raw TCP sockets that do the upgrade, then count frames and bytes from the
 * frame headers without decoding them. One more client, the checker, is a real `ws` client that parses every
 * message, follows the book's sequence chain and, at the end, holds a book the bench compares with the
 * engine's. PGlite unless BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Then the hub alone at full speed,
 * without the database (see `hubCapacity`). BENCH_WS_CLIENTS (1000) sets the clients, BENCH_FANOUT_SECONDS
 * (5) each run, BENCH_FANOUT_LOOPS (32) the order loops; BENCH_SKIP=pipeline or hub leaves a part out.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { grantBalances } from '../src/demo/grants.ts';
import * as usersRepo from '../src/modules/account/users.repository.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { Hub, type SocketLike } from '../src/realtime/hub.ts';
import { TEST_API_KEY } from '../src/testing/test-app.ts';
import type { TradingContext } from '../src/trading/context.ts';
import { toBookLevel } from '../src/trading/market/market.mappers.ts';
import { placeOrder } from '../src/trading/orders/orders.service.ts';
import { benchApp } from './bench-app.ts';
import { type ClientResult, type ClientSpec, type Level, subscriptions } from './fanout-clients.ts';

const HOST = '127.0.0.1';
const WS_CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 5);
/** Order loops placing trades at once, each waiting for its own order's answer (BENCH_FANOUT_LOOPS). */
const LOOPS = Number(process.env.BENCH_FANOUT_LOOPS ?? 32);
/** A dependency of @fastify/websocket, imported by name so that no types are needed. */
const WS_MODULE = 'ws';

// ---------------------------------------------------------------------------------------------------------
// The server side.

/** Verified users with large balances, made directly: the bench measures the socket, not sign-up. */
async function makeTraders(ctx: TradingContext, count: number): Promise<bigint[]> {
  const hash = await hashPassword(randomBytes(16).toString('hex'));
  const now = ctx.clock.now();
  const ids: bigint[] = [];
  for (let i = 0; i < count; i += 1) {
    const tag = randomBytes(5).toString('hex');
    ids.push(
      await ctx.db.transaction().execute(async (trx) => {
        const user = await usersRepo.insert(trx, {
          name: `Fan-out ${i}`,
          email: `fanout-${tag}@example.com`,
          password_hash: hash,
          txn_password_hash: null,
          mobile: `+4475${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8)}`,
          country_code: 'GB',
          is_email_verified: true,
          is_mobile_verified: true,
          referral_code: `F${tag}`.toUpperCase(),
          created_at: now,
        });
        const grants = [
          ['USDT', '1000000000'],
          ['BTC', '100000'],
        ] as const;
        await grantBalances(trx, user.user_id, grants, 'bench balances', now);
        return user.user_id;
      }),
    );
  }
  return ids;
}

/** Starts the clients' process; answers once all have their two snapshots. */
function startClients(spec: ClientSpec) {
  const child = fork(fileURLToPath(new URL('./fanout-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_FANOUT_CLIENTS: JSON.stringify(spec) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the clients' process exited with ${code}`)));
    });
  return { child, next };
}

/**
 * The fan-out run on a listening server: `LOOPS` loops each rest a sell of 0.0003 BTC at their own price and
 * take 0.0002 of it with a buy, so every trade changes a level and leaves some behind.
 */
export async function fanOut(port: number, ctx: TradingContext, databaseName: string): Promise<void> {
  const worker = ctx.engine.workers().find((w) => w.market.symbol === 'BTC/USDT')!;
  const marketId = worker.market.marketId;
  const traders = await makeTraders(ctx, 2 * LOOPS);
  const clients = startClients({
    port,
    apiKey: TEST_API_KEY,
    marketId,
    clients: WS_CLIENTS,
    snapshots: subscriptions({ marketId }).length,
  });
  const { snapshots } = (await clients.next()) as { snapshots: number };

  const answer = clients.next();
  clients.child.send('start');
  const cpu = process.cpuUsage();
  const start = performance.now();
  const until = start + SECONDS * 1000;
  let trades = 0;
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, k) => {
      const order = { market_id: marketId, type: 'LIMIT' as const, price: String(50_000 + k) };
      while (performance.now() < until) {
        await placeOrder(ctx, traders[2 * k]!, { ...order, side: 'SELL', amount: '0.0003' }, null);
        await placeOrder(ctx, traders[2 * k + 1]!, { ...order, side: 'BUY', amount: '0.0002' }, null);
        trades += 1;
      }
    }),
  );
  // Let the last messages arrive.
  await new Promise((r) => setTimeout(r, 500));
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  clients.child.send('stop');
  const result = (await answer) as ClientResult;

  const depth = worker.engine.depth(50);
  const level = ([price, amount]: [number, number]): Level => toBookLevel(worker.market, price, amount);
  const same =
    JSON.stringify([result.checker.bids, result.checker.asks]) ===
    JSON.stringify([depth.bids.map(level), depth.asks.map(level)]);
  const n = (x: number) => Math.round(x).toLocaleString('en');
  const c = result.checker;
  console.log(
    `\nWebSocket fan-out (${databaseName}): ${WS_CLIENTS} clients, each on a trade screen's channels ` +
      '(ticker; orderbook, trades and 1-minute candles of BTC/USDT)',
  );
  console.log(
    `  clients: raw sockets counting frames from their headers (no JSON.parse), in a child process`,
  );
  console.log(`  snapshots received ${snapshots} (of ${WS_CLIENTS * subscriptions({ marketId }).length})`);
  console.log(
    `  ${n(trades)} trades in ${SECONDS} s → ${n(result.frames / seconds)} messages/s delivered ` +
      `(${(result.bytes / seconds / 1e6).toFixed(1)} MB/s)`,
  );
  console.log(
    `  CPU: server process ${n((used.user + used.system) / 1000)} ms, clients' process ${n(result.cpuMs)} ms, ` +
      `over ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  checker (parses all): ${n(c.trades)} trades, ${n(c.updates)} book updates applied, ${c.stale} stale, ` +
      `${c.gaps} gaps; its book ${same ? 'equals' : 'DIFFERS FROM'} the engine's`,
  );
  clients.child.kill();
}

/**
 * The hub alone at full speed, without the order pipeline and its database: the same socket library on a
 * port of its own, every client subscribed to the four channels, and batches shaped as the feed makes them
 * (one book level changed, one trade, the ticker, one candle), `perTick` of them before each tick's flush.
 * A local book follows the changes, for the checker's book to be compared with.
 */
async function hubCapacity(perTick: number): Promise<void> {
  const { WebSocketServer } = (await import(WS_MODULE)) as {
    WebSocketServer: new (
      options: object,
    ) => {
      on(event: string, fn: (socket: SocketLike & { on(e: string, f: () => void): void }) => void): void;
      once(event: string, fn: () => void): void;
      address(): { port: number };
      close(): void;
    };
  };
  const hub = new Hub();
  const market_id = 1;
  const keys = ['ticker', `orderbook:${market_id}`, `trades:${market_id}`, `candles:${market_id}:1`];
  const server = new WebSocketServer({ host: HOST, port: 0 });
  server.on('connection', (socket) => {
    const client = hub.add(socket);
    for (const key of keys) client.subscriptions.add(key);
    hub.send(client, {
      channel: 'orderbook',
      market_id,
      type: 'snapshot',
      sequence: 0,
      data: { bids: [], asks: [] },
    });
    socket.on('close', () => hub.remove(client));
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const clients = startClients({
    port: server.address().port,
    apiKey: TEST_API_KEY,
    marketId: market_id,
    clients: WS_CLIENTS,
    snapshots: 1,
  });
  await clients.next();
  const answer = clients.next();
  clients.child.send('start');
  const book = new Map<string, string>();
  let sequence = 0;
  let batches = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < SECONDS * 1000) {
    for (let i = 0; i < perTick; i += 1) {
      const price = String(50_000 + (batches % 20));
      const amount = `0.${String(1 + (batches % 9_999)).padStart(4, '0')}`;
      book.set(price, amount);
      const time = Math.floor(Date.now() / 1000);
      const trade = { price, amount: '0.0002', side: 'BUY', time, trade_id: batches + 1 };
      hub.publishBook({
        marketId: market_id,
        fromSequence: sequence,
        sequence: sequence + 3,
        bids: [],
        asks: [[price, amount]],
      });
      hub.publish(`trades:${market_id}`, {
        channel: 'trades',
        market_id,
        type: 'update',
        data: { trades: [trade] },
      });
      hub.publish('ticker', {
        channel: 'ticker',
        type: 'update',
        data: {
          markets: [
            { market_id, symbol: 'BTC/USDT', last_price: price, change_24h: '1.25', volume_24h: '12.5' },
          ],
        },
      });
      hub.publish(`candles:${market_id}:1`, {
        channel: 'candles',
        market_id,
        type: 'update',
        data: {
          interval_min: 1,
          candles: [{ time, open: price, high: price, low: price, close: price, volume: '0.0002' }],
        },
      });
      sequence += 3;
      batches += 1;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((r) => setTimeout(r, 500));
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  clients.child.send('stop');
  const result = (await answer) as ClientResult;
  const asks = [...book].sort((a, b) => Number(a[0]) - Number(b[0]));
  const same = JSON.stringify(result.checker.asks) === JSON.stringify(asks);
  const n = (x: number) => Math.round(x).toLocaleString('en');
  console.log(
    `\n  the hub alone (no database), ${perTick} batch${perTick > 1 ? 'es' : ''} of 4 messages a tick:`,
  );
  console.log(
    `    ${n(batches / seconds)} batches/s → ${n(result.frames / seconds)} messages/s delivered ` +
      `(${(result.bytes / seconds / 1e6).toFixed(1)} MB/s); CPU: server ${n((used.user + used.system) / 1000)} ms, ` +
      `clients ${n(result.cpuMs)} ms, over ${seconds.toFixed(1)} s`,
  );
  console.log(
    `    checker: ${n(result.checker.updates)} book updates applied, ${result.checker.gaps} gaps; its book ` +
      `${same ? 'equals' : 'DIFFERS FROM'} the published one`,
  );
  clients.child.kill();
  hub.closeAll();
  server.close();
}

async function main(): Promise<void> {
  const skip = new Set((process.env.BENCH_SKIP ?? '').split(','));
  if (!skip.has('pipeline')) {
    const bench = await benchApp();
    try {
      await bench.app.listen({ host: HOST, port: 0 });
      const address = bench.app.server.address();
      await fanOut(typeof address === 'object' && address ? address.port : 0, bench.ctx, bench.name);
    } finally {
      await bench.close();
    }
  }
  if (!skip.has('hub')) for (const perTick of [1, 4]) await hubCapacity(perTick);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
