// Where a market's orders spend their time, stage by stage (issue 17 §3: measure before speeding up).
// Wall-clock milliseconds summed over batches, read by `npm run bench`; a few clock reads per batch.

/**
 * The stages of one batch, in order: `queue` the commands waited for it (summed per command), then
 * `begin` (a connection and BEGIN), `admit` (stage 1's statement), `match` (the engine), `settle` (events
 * into fills, holds and states; any extra read), `write` (stage 4's statement), `commit` (COMMIT), and
 * `answer` (callers answered, the live feeds told).
 */
export const BATCH_STAGES = ['begin', 'admit', 'match', 'settle', 'write', 'commit', 'answer'] as const;
export type BatchStage = (typeof BATCH_STAGES)[number];

export class StageTimes {
  /** Per stage, the milliseconds of every batch so far. */
  readonly ms: Record<BatchStage, number> = {
    begin: 0,
    admit: 0,
    match: 0,
    settle: 0,
    write: 0,
    commit: 0,
    answer: 0,
  };
  /** Milliseconds commands waited in the queue for their batch, summed over commands. */
  queueMs = 0;
  private last = 0;

  /** A batch begins now. */
  start(): void {
    this.last = performance.now();
  }

  /** `stage` ended now: the time since the last mark is its. */
  lap(stage: BatchStage): void {
    const now = performance.now();
    this.ms[stage] += now - this.last;
    this.last = now;
  }

  /** Commands queued at these moments (`performance.now()`) are taken into a batch now. */
  taken(queuedAt: readonly number[]): void {
    const now = performance.now();
    for (const at of queuedAt) this.queueMs += now - at;
  }

  /** A copy, to subtract from a later reading. */
  snapshot(): { ms: Record<BatchStage, number>; queueMs: number } {
    return { ms: { ...this.ms }, queueMs: this.queueMs };
  }
}
