/**
 * Order placement over HTTP and over WebSockets opened with personal keys, acknowledged after commit
 * (DESIGN §9), on PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL is set — on PostgreSQL, beside
 * a plain Fastify hello-world measured in the same run. Prints figures only. (WebSocket fan-out has its
 * own bench: fanout.bench.ts.)
 *
 *   node --import tsx apps/server/bench/orders.bench.ts
 *
 * The server runs in this process; the load generator (order-load.ts: autocannon, or the keys' sockets)
 * runs in a child process so that it does not share the server's event loop. Loopback only. BENCH_SECONDS
 * (default 10) bounds each orders run; BENCH_CONNECTIONS (64) sets the HTTP load's connections,
 * BENCH_SOCKET_INFLIGHT (16) the calls in flight on each socket; BENCH_SKIP=pglite or postgres leaves one
 * out. BENCH_PROFILE=<dir> records the server's CPU during each database's one-market full-speed run (the
 * inspector's sampling profiler, in this process) into <dir>/<database>.cpuprofile and prints where its
 * time went: the top functions by self time and the share of each part of the stack.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { DatabaseTarget } from '../src/db/database.ts';
import { grantBalances } from '../src/demo/demo.ts';
import * as usersRepo from '../src/modules/account/users.repository.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { createSession } from '../src/modules/auth/sessions.service.ts';
import { TEST_API_KEY, testConfig } from '../src/testing/test-app.ts';
import type { TradingContext } from '../src/trading/context.ts';
import { BATCH_STAGES, type BatchStage, StageTimes } from '../src/trading/pipeline/stage-times.ts';
import { MarketWorker } from '../src/trading/pipeline/worker.ts';
import { profileSummary, startProfile } from './cpu-profile.ts';
import { machineLine } from './machine-cpu.ts';
import { type BenchMarket, CONNECTIONS, type LoadResult, type LoadSpec, load } from './order-load.ts';

const HOST = '127.0.0.1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Order entry over the socket: calls each key's socket keeps unanswered (BENCH_SOCKET_INFLIGHT). */
const SOCKET_INFLIGHT = Number(process.env.BENCH_SOCKET_INFLIGHT ?? 16);
const USERS = 32;
/** Issue 17's goal on PostgreSQL: durable orders a second, and p99 at half that rate (printed against). */
const GOAL_PER_SECOND = 20_000;
const GOAL_P99_MS = 10;
/** Databases to leave out, e.g. BENCH_SKIP=pglite while profiling PostgreSQL alone. */
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
/** Where to keep the CPU profiles of the one-market runs (BENCH_PROFILE); null: no profile. */
const PROFILE_DIR = process.env.BENCH_PROFILE || null;

/** Per seeded market (reference prices 65000, 3500 and 0.5 USDT): far from the price, worth 5–20 USDT. */
const BENCH_ORDERS: Record<string, Omit<BenchMarket, 'marketId' | 'priceDecimals'>> = {
  'BTC/USDT': { bidTicks: 3_000_000, askTicks: 7_000_000, amount: '0.0002' },
  'ETH/USDT': { bidTicks: 100_000, askTicks: 500_000, amount: '0.01' },
  'FIT24/USDT': { bidTicks: 1_000, askTicks: 9_000, amount: '100' },
};

// ---------------------------------------------------------------------------------------------------------
// The server side (this process).

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: HOST, port: 0 });
  return `http://${HOST}:${(app.server.address() as AddressInfo).port}`;
}

/** Verified users with large balances and a session each, made directly (the bench measures orders). */
async function makeUsers(ctx: TradingContext, count: number): Promise<string[]> {
  const hash = await hashPassword(randomBytes(16).toString('hex'));
  const now = ctx.clock.now();
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const tag = randomBytes(5).toString('hex');
    const userId = await ctx.db.transaction().execute(async (trx) => {
      const user = await usersRepo.insert(trx, {
        name: `Bench ${i}`,
        email: `bench-${tag}@example.com`,
        password_hash: hash,
        txn_password_hash: null,
        mobile: `+4474${String(10_000_000 + i + Math.floor(Math.random() * 80_000_000)).slice(0, 8)}`,
        country_code: 'GB',
        is_email_verified: true,
        is_mobile_verified: true,
        referral_code: `B${tag}`.toUpperCase(),
        created_at: now,
      });
      await grantBalances(
        trx,
        user.user_id,
        [
          ['USDT', '1000000000'],
          ['BTC', '100000'],
          ['ETH', '10000000'],
          ['FIT24', '100000000'],
        ],
        'bench balances',
        now,
      );
      return user.user_id;
    });
    tokens.push((await createSession(ctx.db, now, userId, { device: 'bench', ip: HOST })).token);
  }
  return tokens;
}

/** A personal key with the trade scope for each session's user (as a bot's owner makes one in the app). */
async function makeKeys(
  url: string,
  tokens: readonly string[],
): Promise<{ keyId: string; secret: string }[]> {
  const keys = [];
  for (const token of tokens) {
    const response = await fetch(`${url}/api/api-keys/create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': TEST_API_KEY,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ label: 'bench bot', scopes: ['read', 'trade'] }),
    });
    const answer = (await response.json()) as { data: { api_key: { key_id: string }; secret: string } };
    keys.push({ keyId: answer.data.api_key.key_id, secret: answer.data.secret });
  }
  return keys;
}

type StageReading = { batches: number; commands: number } & ReturnType<StageTimes['snapshot']>;

/** The stage times of the markets' workers, summed, to subtract from a later reading. */
function stageReading(ctx: TradingContext, markets: readonly BenchMarket[]): StageReading {
  const sum: StageReading = { batches: 0, commands: 0, queueMs: 0, ms: new StageTimes().snapshot().ms };
  for (const m of markets) {
    const worker = ctx.engine.worker(m.marketId);
    if (!(worker instanceof MarketWorker)) continue;
    const now = worker.stages.snapshot();
    sum.batches += worker.stats.batches;
    sum.commands += worker.stats.commands;
    sum.queueMs += now.queueMs;
    for (const stage of BATCH_STAGES) sum.ms[stage] += now.ms[stage];
  }
  return sum;
}

/**
 * Where one order's time went during a run: per order, the time it waited for its batch and the whole
 * batch's stages (every order of a batch waits for all of them); the rest of the load generator's mean
 * latency is the entry (HTTP or the socket's frame, session or key, validation, routing, the answer's
 * serialisation) and loopback.
 */
function stagesSince(
  ctx: TradingContext,
  markets: readonly BenchMarket[],
  before: StageReading,
  run: LoadResult,
  entry: string,
): string {
  const after = stageReading(ctx, markets);
  const batches = after.batches - before.batches;
  const commands = after.commands - before.commands;
  if (batches === 0 || commands === 0) return '    stages: no batch';
  const perBatch = (stage: BatchStage) => (after.ms[stage] - before.ms[stage]) / batches;
  const queue = (after.queueMs - before.queueMs) / commands;
  const batchMs = BATCH_STAGES.reduce((total, stage) => total + perBatch(stage), 0);
  const http = Math.max(0, run.mean - queue - batchMs);
  const part = (label: string, ms: number) => `${label} ${ms.toFixed(2)}`;
  return [
    `    stages (ms per order, mean; ${batches.toLocaleString('en')} batches of ${(commands / batches).toFixed(1)} orders):`,
    `      ${part(`${entry}+validation+answer`, http)} · ${part('queue', queue)} · batch ${batchMs.toFixed(2)} =`,
    `      ${BATCH_STAGES.map((stage) => part(stage, perBatch(stage))).join(' · ')}`,
    `      of a ${run.mean.toFixed(2)} ms mean latency`,
  ].join('\n');
}

const fmt = (r: LoadResult) =>
  `${Math.round(r.rps).toLocaleString('en').padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms` +
  (r.non2xx || r.errors ? `   (non-2xx ${r.non2xx}, errors ${r.errors})` : '');

function marketIdOf(ctx: TradingContext, symbol: string): number {
  return ctx.engine.workers().find((w) => w.market.symbol === symbol)!.market.marketId;
}

/** One load at full speed (its stages, the server's CPU and profile), then at half its rate; prints both. */
async function measure(
  ctx: TradingContext,
  name: string,
  label: string,
  spread: readonly BenchMarket[],
  base: Omit<LoadSpec, 'markets'>,
  hello: LoadResult,
): Promise<void> {
  const before = stageReading(ctx, spread);
  const profiling = PROFILE_DIR !== null && spread.length === 1 ? await startProfile() : null;
  const cpuBefore = process.cpuUsage();
  const full = await load({ ...base, markets: [...spread] });
  const cpu = process.cpuUsage(cpuBefore);
  const profile = profiling ? await profiling() : null;
  const stages = stagesSince(ctx, spread, before, full, base.kind === 'socket' ? 'socket' : 'HTTP');
  const half = Math.max(1, Math.round(full.rps / 2));
  const paced = await load({ ...base, markets: [...spread], rate: half });
  console.log(`  ${label}`);
  console.log(`    full speed       ${fmt(full)}`);
  console.log(`    at ${String(half).padStart(6)}/s     ${fmt(paced)}`);
  console.log(
    `    ratio to hello-world: ${(full.rps / hello.rps).toFixed(3)} (${Math.round(hello.rps / full.rps)}× slower)`,
  );
  console.log(stages);
  // This process's CPU (the server: the load generator is another process) over the full-speed run.
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `    server CPU: ${((1000 * cpuMs) / Math.max(1, full.ok)).toFixed(0)} µs per order answered, ` +
      `${(cpuMs / (10 * base.seconds)).toFixed(0)}% of one core`,
  );
  const machine = machineLine(...full.machine, full.ok, 1000 * cpuMs, full.cpuUs, GOAL_PER_SECOND);
  if (machine !== null) console.log(machine);
  if (name.startsWith('PostgreSQL')) {
    console.log(
      `    against the goal: ${Math.round(full.rps).toLocaleString('en')} of ${GOAL_PER_SECOND.toLocaleString('en')} orders/s ` +
        `(${(full.rps / GOAL_PER_SECOND).toFixed(2)}); p99 ${paced.p99} ms at half this run's rate, ≤ ${GOAL_P99_MS} ms asked at ${(GOAL_PER_SECOND / 2).toLocaleString('en')}/s`,
    );
  }
  if (profile && PROFILE_DIR !== null) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    console.log(profileSummary(profile, 25));
  }
}

async function benchDatabase(name: string, database: DatabaseTarget, hello: LoadResult): Promise<void> {
  // As in production: answers are not checked against the contract (tests do that), logs are off.
  const config = testConfig({
    demo: false,
    database,
    nodeEnv: 'production',
    testClock: false,
    // The keys' rate limits are still taken per call (one statement each), set above what the bench sends.
    personalKeys: { recvWindowMs: 5000, perSecond: 1_000_000, perMinute: 60_000_000 },
  });
  const { app, ctx } = await buildApp(config, { database, logger: false });
  try {
    const url = await listen(app);
    const markets = ctx.engine.workers().map((w) => ({
      marketId: w.market.marketId,
      priceDecimals: w.market.priceDecimals,
      ...BENCH_ORDERS[w.market.symbol]!,
    }));
    const btc = markets.find((m) => m.marketId === marketIdOf(ctx, 'BTC/USDT'))!;
    const tokens = await makeUsers(ctx, USERS);
    // A short warm-up, so the first figures do not include JIT and cold caches.
    await load({ url, kind: 'orders', seconds: 2, connections: 16, tokens, markets });
    const keys = await makeKeys(url, tokens);
    await load({ url, kind: 'socket', seconds: 2, keys, inflight: 2, markets });
    const spreads = [
      ['one market (BTC/USDT)', [btc]],
      [`${markets.length} markets`, markets],
    ] as const;
    console.log(`\n${name}: POST /api/order/create (limit orders, answered after commit)`);
    for (const [label, spread] of spreads) {
      const base = { url, kind: 'orders' as const, seconds: SECONDS, connections: CONNECTIONS, tokens };
      await measure(ctx, name, label, spread, base, hello);
    }
    console.log(
      `\n${name}: order.create over the WebSocket (${keys.length} personal keys' sockets, ${SOCKET_INFLIGHT} calls in flight on each, answered after commit)`,
    );
    for (const [label, spread] of spreads) {
      const base = { url, kind: 'socket' as const, seconds: SECONDS, keys, inflight: SOCKET_INFLIGHT };
      await measure(ctx, `${name}-socket`, label, spread, base, hello);
    }
  } finally {
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`FIT24 bench: ${SECONDS} s per run, ${CONNECTIONS} connections, Node ${process.version}`);
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  let helloResult: LoadResult;
  try {
    const url = await listen(hello);
    await load({ url, kind: 'hello', seconds: 2, connections: CONNECTIONS });
    helloResult = await load({ url, kind: 'hello', seconds: 5, connections: CONNECTIONS });
  } finally {
    await hello.close();
  }
  console.log(`\nplain Fastify hello-world    ${fmt(helloResult)}`);

  if (!SKIP.has('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'fit24-bench-'));
    try {
      await benchDatabase('PGlite', { kind: 'pglite', dataDir }, helloResult);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (SKIP.has('postgres')) {
    console.log('\nPostgreSQL: skipped (BENCH_SKIP)');
  } else if (pgUrl) {
    await benchDatabase(
      'PostgreSQL',
      {
        kind: 'postgres',
        url: pgUrl,
        schema: `bench_${randomBytes(6).toString('hex')}`,
        dropSchemaOnClose: true,
      },
      helloResult,
    );
  } else {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
