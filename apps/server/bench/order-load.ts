/**
 * The orders bench's load generator (orders.bench.ts), run in a child process of its own so that it does not
 * share the server's event loop: limit orders over HTTP with autocannon, or `order.create` calls over
 * WebSockets opened with personal keys, and a plain GET for the hello-world. `load` forks this module with
 * the spec in BENCH_LOAD and answers the child's figures.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_API_KEY } from '../src/testing/test-app.ts';
import { type MachineReading, machineReading } from './machine-cpu.ts';

/** HTTP connections when a spec names none (BENCH_CONNECTIONS). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

export interface LoadSpec {
  url: string;
  /** `orders` over HTTP (autocannon), `socket` over WebSockets opened with personal keys. */
  kind: 'hello' | 'orders' | 'socket';
  seconds: number;
  /** HTTP connections (`hello`, `orders`). */
  connections?: number;
  /** Requests per second over all connections; absent: as fast as it goes. */
  rate?: number;
  tokens?: string[];
  /** `socket`: one socket per key, each keeping `inflight` calls unanswered at full speed. */
  keys?: { keyId: string; secret: string }[];
  inflight?: number;
  /** Orders go round-robin to these markets. */
  markets?: BenchMarket[];
}

/** Resting orders only, never crossing: bids from `bidTicks` up, asks from `askTicks` up, 10,000 levels each. */
export interface BenchMarket {
  marketId: number;
  priceDecimals: number;
  bidTicks: number;
  askTicks: number;
  amount: string;
}

/** A price in ticks as the API takes it: `3000012` at 2 decimals → "30000.12". */
function priceOf(ticks: number, decimals: number): string {
  const digits = String(ticks).padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export interface LoadResult {
  ok: number;
  errors: number;
  non2xx: number;
  rps: number;
  p50: number;
  p99: number;
  /** Mean latency in ms, as the load generator saw it. */
  mean: number;
  /** The load generator's own CPU over the run (its process, µs). */
  cpuUs: number;
  /** The machine's CPU at the run's start and end (null where /proc cannot be read). */
  machine: [MachineReading | null, MachineReading | null];
}

/** This process's CPU since `since` (from `process.cpuUsage()`), µs. */
function cpuSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return used.user + used.system;
}

/** The n-th order of a run: markets round-robin, buys and sells alternating, 10,000 price levels a side. */
function orderBody(n: number, markets: readonly BenchMarket[]) {
  const m = markets[n % markets.length]!;
  const buy = Math.floor(n / markets.length) % 2 === 0;
  const ticks = (buy ? m.bidTicks : m.askTicks) + (n % 10_000);
  return {
    market_id: m.marketId,
    side: buy ? 'BUY' : 'SELL',
    type: 'LIMIT',
    price: priceOf(ticks, m.priceDecimals),
    amount: m.amount,
  };
}

async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const { default: autocannon } = (await import('autocannon')) as {
    default: (opts: object) => Promise<AutocannonResult>;
  };
  let n = 0;
  const tokens = spec.tokens ?? [];
  const requests =
    spec.kind === 'hello'
      ? [{ method: 'GET', path: '/' }]
      : [
          {
            method: 'POST',
            path: '/api/order/create',
            setupRequest: (req: object) => {
              n += 1;
              const body = orderBody(n, spec.markets!);
              return {
                ...req,
                headers: {
                  'content-type': 'application/json',
                  'x-api-key': TEST_API_KEY,
                  authorization: `Bearer ${tokens[n % tokens.length]}`,
                },
                body: JSON.stringify(body),
              };
            },
          },
        ];
  const machineBefore = machineReading();
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections ?? CONNECTIONS,
    duration: spec.seconds,
    ...(spec.rate ? { overallRate: spec.rate } : {}),
    requests,
  });
  const ok = result['2xx'];
  return {
    ok,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rps: ok / spec.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    cpuUs: cpuSince(cpu),
    machine: [machineBefore, machineReading()],
  };
}

/**
 * Order entry over the socket: one socket per personal key (`GET /ws` signed), each call
 * `{"op": "order.create", …}` answered by a reply frame after commit, as REST's. At full speed each socket
 * keeps `inflight` calls unanswered (a bot need not wait for one order's answer to send the next, as an HTTP
 * connection must); at a set rate the calls are spread evenly over the sockets. Latency is send → reply.
 */
async function runSocketLoad(spec: LoadSpec): Promise<LoadResult> {
  const { openKeySocket } = await import('../../../scripts/bot-socket-example.ts');
  const sockets = await Promise.all(spec.keys!.map((key) => openKeySocket({ ...key, baseUrl: spec.url })));
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let n = 0;
  const machineBefore = machineReading();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const end = started + spec.seconds * 1000;
  const one = async (socket: (typeof sockets)[number]) => {
    n += 1;
    const sent = performance.now();
    try {
      const reply = await socket.call('order.create', orderBody(n, spec.markets!));
      if (performance.now() > end) return;
      if (reply.status === 200) {
        ok += 1;
        latencies.push(performance.now() - sent);
      } else non2xx += 1;
    } catch {
      errors += 1;
    }
  };
  if (spec.rate) {
    // The calls the clock says are due (the rate × the time since the start), sent every 2 ms round-robin
    // over the sockets: a timer that fires late sends what it owes, so the rate is the one asked for (a
    // fixed share per 10 ms timer fell ≈ 10 % short, in bursts).
    const pending: Promise<void>[] = [];
    let sent = 0;
    for (let now = performance.now(); now < end; now = performance.now()) {
      const due = Math.floor(((now - started) / 1000) * spec.rate);
      for (; sent < due; sent += 1) pending.push(one(sockets[sent % sockets.length]!));
      await new Promise((done) => setTimeout(done, 2));
    }
    await Promise.all(pending);
  } else {
    const loop = async (socket: (typeof sockets)[number]) => {
      while (performance.now() < end) await one(socket);
    };
    await Promise.all(
      sockets.flatMap((socket) => Array.from({ length: spec.inflight ?? 1 }, () => loop(socket))),
    );
  }
  const cpuUs = cpuSince(cpu);
  const machineAfter = machineReading();
  for (const socket of sockets) socket.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    ok,
    errors,
    non2xx,
    rps: ok / spec.seconds,
    p50: at(0.5),
    p99: at(0.99),
    mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
    cpuUs,
    machine: [machineBefore, machineAfter],
  };
}

interface AutocannonResult {
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { p50: number; p99: number; mean: number };
}

/** Runs autocannon in a child process and answers its figures. */
export function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_LOAD: JSON.stringify(spec) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: LoadResult | null = null;
    child.on('message', (message) => {
      answer = message as LoadResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (answer) resolve(answer);
      else reject(new Error(`load generator exited with ${code}`));
    });
  });
}

if (process.env.BENCH_LOAD) {
  const spec = JSON.parse(process.env.BENCH_LOAD) as LoadSpec;
  (spec.kind === 'socket' ? runSocketLoad(spec) : runLoad(spec)).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
