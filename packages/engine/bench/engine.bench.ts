/**
 * Matching engine benchmark: `node --import tsx packages/engine/bench/engine.bench.ts [commands] [mean distance]`.
 * Runs the same seeded command mix (see commands.ts) through @fit24/engine and through nodejs-order-book in
 * one process, and prints throughput (median of fresh runs: 3 for ours, 1 for the peer, which takes minutes;
 * no timer inside the loop; wall clock, and per CPU-second for a shared machine), latency
 * percentiles (a separate fresh run timing every SAMPLE_EVERY-th command with process.hrtime.bigint, which
 * adds its own ~0.05 µs), and the ratio. It prints figures only; nothing here asserts a speed.
 */
import { cpus, loadavg } from 'node:os';
import { generateCommands, Kind } from './commands.ts';
import { createFit24Runner } from './fit24.ts';
import { createPeerRunner } from './peer.ts';
import type { Runner } from './runner.ts';

const COMMANDS = Number(process.argv[2] ?? 1_000_000);
/** Mean distance of passive orders from mid, in ticks: larger spreads the book over more, shorter levels. */
const MEAN_DISTANCE = Number(process.argv[3] ?? 8);
const WARMUP = Math.min(200_000, COMMANDS);
const SAMPLE_EVERY = 8;

type Factory = typeof createFit24Runner;

function describeMix(count: number): string {
  const set = generateCommands(count, 0x5eed, MEAN_DISTANCE);
  const counts = new Map<number, number>();
  for (const kind of set.kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return Object.entries(Kind)
    .map(([name, kind]) => `${name} ${(((counts.get(kind) ?? 0) / count) * 100).toFixed(1)}%`)
    .join(', ');
}

function throughput(
  factory: Factory,
  rounds: number,
): { wall: number; cpu: number; rounds: number[]; runner: Runner } {
  const set = generateCommands(COMMANDS, 0x5eed, MEAN_DISTANCE);
  const wall: number[] = [];
  const cpu: number[] = [];
  let runner = factory(set);
  for (let round = 0; round < rounds; round++) {
    runner = factory(set);
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    runner.run(0, set.count);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpuStart);
    wall.push(set.count / seconds);
    cpu.push(set.count / ((used.user + used.system) / 1e6));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { wall: median(wall), cpu: median(cpu), rounds: wall, runner };
}

function latency(factory: Factory): { p50: number; p99: number; p999: number; max: number } {
  const set = generateCommands(COMMANDS, 0x5eed, MEAN_DISTANCE);
  const samples = new Float64Array(Math.ceil(set.count / SAMPLE_EVERY));
  const n = factory(set).sample(0, set.count, SAMPLE_EVERY, samples);
  const sorted = samples.subarray(0, n).sort();
  const at = (q: number) => sorted[Math.min(n - 1, Math.floor(q * n))]! / 1000;
  return { p50: at(0.5), p99: at(0.99), p999: at(0.999), max: sorted[n - 1]! / 1000 };
}

function warmUp(factory: Factory, rounds: number): void {
  const set = generateCommands(WARMUP, 0xbeef, MEAN_DISTANCE);
  for (let i = 0; i < rounds; i++) factory(set).run(0, set.count);
}

const format = (n: number) => Math.round(n).toLocaleString('en-US');
const micros = (n: number) => n.toFixed(2).padStart(8);

const began = Date.now();
console.log(
  `FIT24 matching engine benchmark — node ${process.version}, ${COMMANDS.toLocaleString('en-US')} commands`,
);
console.log(`machine: ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)} at start`);
console.log(
  `mix (seed 0x5eed, passive orders ${MEAN_DISTANCE} ticks from mid on average): ${describeMix(COMMANDS)}`,
);
const plan: [Factory, number][] = [
  [createFit24Runner, 3],
  [createPeerRunner, 1],
];
const results = plan.map(([factory, rounds]) => {
  warmUp(factory, rounds);
  const speed = throughput(factory, rounds);
  const lat = latency(factory);
  const stats = speed.runner.stats();
  console.log(`\n${speed.runner.name}`);
  const all = speed.rounds.map(format).join(' / ');
  console.log(
    `  throughput  ${format(speed.wall)} ops/s (median of ${rounds}: ${all}); ${format(speed.cpu)} ops per CPU-second`,
  );
  console.log(
    `  latency µs  p50 ${micros(lat.p50)}  p99 ${micros(lat.p99)}  p99.9 ${micros(lat.p999)}  max ${micros(lat.max)}`,
  );
  console.log(
    `  end state   bids ${format(stats.bidLots)} lots, asks ${format(stats.askLots)} lots, cancels hit ${format(stats.cancelled)}`,
  );
  if (stats.detail !== '') console.log(`              ${stats.detail}`);
  return { ...speed, lat };
});
const [ours, peer] = results as [(typeof results)[0], (typeof results)[0]];
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
console.log(
  `\nratio @fit24/engine / nodejs-order-book: ${ratio(ours.wall, peer.wall)} ops/s (${ratio(ours.cpu, peer.cpu)} per CPU-second),`,
);
console.log(
  `  latency p50 ${ratio(peer.lat.p50, ours.lat.p50)} lower, p99 ${ratio(peer.lat.p99, ours.lat.p99)} lower`,
);
console.log('targets: ≥ 2,000,000 ops/s and ≥ 5× the peer (reported, not asserted)');
console.log(
  `load average ${loadavg()[0]!.toFixed(2)} at the end; ${((Date.now() - began) / 1000).toFixed(0)} s in all`,
);
