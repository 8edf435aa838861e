/** What the benchmark needs from each engine it runs; each runner has its own loops, so V8 optimises each. */
export interface Runner {
  name: string;
  /** Executes commands [from, to). */
  run(from: number, to: number): void;
  /** Executes commands [from, to), timing every `every`-th one into `out` (ns); returns how many it timed. */
  sample(from: number, to: number, every: number, out: Float64Array): number;
  /** End state, to show both engines did comparable work: resting lots per side and cancels that hit. */
  stats(): { bidLots: number; askLots: number; cancelled: number; detail: string };
}
