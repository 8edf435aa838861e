import type { Database } from '../../db/database.ts';
import * as repo from './api-keys.repository.ts';

/** Calls one admitting statement takes at most (its array parameters stay small). */
const MAX_BATCH = 512;

interface Waiting {
  call: repo.KeyCall;
  now: Date;
  settle: (key: repo.AdmittedKey | undefined) => void;
  fail: (error: unknown) => void;
}

/**
 * The calls made with personal keys, admitted in batches (issue 17 §3): while one statement admits calls,
 * the calls that come meanwhile wait, and the next statement admits them all (`repo.admitCalls`). A bot's
 * socket keeps many calls in flight; admitted one statement each, a key's calls queued on its rate row's
 * lock one after another, and the statements took the database's time beside the orders' batches. A call
 * that comes when none waits is admitted at once, in a statement of its own.
 */
class CallAdmissions {
  private readonly waiting: Waiting[] = [];
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly rate: repo.KeyRate,
  ) {}

  admit(call: repo.KeyCall, now: Date): Promise<repo.AdmittedKey | undefined> {
    return new Promise((settle, fail) => {
      this.waiting.push({ call, now, settle, fail });
      if (!this.running) {
        this.running = true;
        void this.run();
      }
    });
  }

  private async run(): Promise<void> {
    // Calls made in the same turn of the event loop as the first join its statement.
    await Promise.resolve();
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      // Calls wait microseconds to milliseconds: the batch is admitted as of its latest call.
      const now = batch[batch.length - 1]?.now ?? new Date();
      try {
        const keys = await repo.admitCalls(
          this.db,
          batch.map((waiting) => waiting.call),
          now,
          this.rate,
        );
        for (const [i, waiting] of batch.entries()) waiting.settle(keys[i]);
      } catch (error) {
        for (const waiting of batch) waiting.fail(error);
      }
    }
    this.running = false;
  }
}

/** One batcher per database and rate (a test may build apps with other limits on the same database). */
const batchers = new WeakMap<Database, WeakMap<repo.KeyRate, CallAdmissions>>();

/** Admits one call with its key (see `CallAdmissions`): its key, or undefined when a check refused it. */
export function admitCall(
  db: Database,
  rate: repo.KeyRate,
  call: repo.KeyCall,
  now: Date,
): Promise<repo.AdmittedKey | undefined> {
  const byRate = batchers.get(db) ?? new WeakMap<repo.KeyRate, CallAdmissions>();
  batchers.set(db, byRate);
  const admissions = byRate.get(rate) ?? new CallAdmissions(db, rate);
  byRate.set(rate, admissions);
  return admissions.admit(call, now);
}
