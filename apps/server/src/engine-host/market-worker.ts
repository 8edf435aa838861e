import { createEngine, type Engine, type EngineEvent, ResultCode } from '@fit24/engine';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/app-error.ts';
import * as ledger from '../modules/ledger/ledger.service.ts';
import type { NotificationRow } from '../modules/notifications/notifications.service.ts';
import { writeSettlement } from './batch-writer.ts';
import type { MarketData, PublicTrade } from './market-data.ts';
import { loadBook } from './recovery.ts';
import { type Outcome, type PlacedOrder, settle } from './settlement.ts';
import type { MarketInfo } from './units.ts';

/** What the engine answered a command: `ResultCode.OK`, or why it refused (UNKNOWN_ORDER for a cancel). */
export interface JobResult {
  code: number;
}

type Job = ({ kind: 'place'; order: PlacedOrder } | { kind: 'cancel'; orderId: number }) & {
  done(result: JobResult): void;
  fail(error: unknown): void;
};

/** What one committed batch changed, for the live feeds (prices in ticks, amounts in lots). */
export interface CommittedBatch {
  worker: MarketWorker;
  /** Engine sequence before and after the batch. */
  fromSequence: number;
  sequence: number;
  trades: PublicTrade[];
  /** Every price level the batch touched, with its amount now (0: the level is gone). */
  levels: { side: 'BUY' | 'SELL'; price: number; amount: number }[];
  outcomes: Outcome[];
  notifications: NotificationRow[];
}

/** Orders matched and committed together at most; the rest wait for the next batch. */
const MAX_BATCH = 256;

const ignore = () => {};

/**
 * The one owner of a market's book (DESIGN §5). Commands queue in arrival order and run one batch at a
 * time: every queued command is matched, then the batch's fills, order updates, ledger postings and
 * notifications commit in ONE transaction (group commit: while a batch commits, the next one gathers).
 * Callers wait for their command's batch to commit.
 *
 * Danger: the engine moves before the database commits. When a commit fails, the book is rebuilt from the
 * database (the committed truth) and the batch's commands run again one by one, so that one bad command
 * cannot sink the others; a command that fails alone is refused (a placement is REJECTED and its hold
 * released).
 */
export class MarketWorker {
  readonly engine: Engine;
  /** Committed batches and the commands they carried, for operators and tests. */
  readonly stats = { batches: 0, commands: 0 };
  /** Told of each committed batch, after its callers (it must not throw or call back into the worker). */
  onCommitted: ((batch: CommittedBatch) => void) | null = null;
  private readonly events: EngineEvent[] = [];
  private queue: Job[] = [];
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly ctx: AppContext,
    readonly market: MarketInfo,
    readonly data: MarketData,
  ) {
    this.engine = createEngine((event) => this.events.push(event));
  }

  /** Matches an order whose funds are already held (status NEW, pending). */
  place(order: PlacedOrder): Promise<JobResult> {
    return new Promise((done, fail) => this.enqueue({ kind: 'place', order, done, fail }));
  }

  cancel(orderId: number): Promise<JobResult> {
    return new Promise((done, fail) => this.enqueue({ kind: 'cancel', orderId, done, fail }));
  }

  /** Queues an order held before a restart; nobody waits for its answer. */
  replay(order: PlacedOrder): void {
    this.enqueue({ kind: 'place', order, done: ignore, fail: ignore });
  }

  /** Refuses new commands and waits for the queued ones to commit. */
  async stop(): Promise<void> {
    this.stopping = true;
    while (this.running) await this.running;
  }

  private enqueue(job: Job): void {
    if (this.stopping) {
      job.fail(new AppError('SERVICE_UNAVAILABLE', 'The market is shutting down. Please try again shortly.'));
      return;
    }
    this.queue.push(job);
    this.kick();
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async loop(): Promise<void> {
    // Commands submitted in the same turn (a replay at start, a burst) share the first batch.
    await Promise.resolve();
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await this.runBatch(batch);
    }
  }

  private async runBatch(jobs: Job[], retry = false): Promise<void> {
    try {
      await this.commit(jobs, retry);
    } catch (error) {
      this.ctx.log.error({ err: error, market: this.market.symbol }, 'batch failed; rebuilding the book');
      try {
        await this.rebuild();
      } catch (rebuildError) {
        this.ctx.log.fatal({ err: rebuildError, market: this.market.symbol }, 'book rebuild failed');
        for (const job of jobs) job.fail(error);
        return;
      }
      if (jobs.length > 1) {
        for (const job of jobs) await this.runBatch([job], true);
      } else {
        await this.refuse(jobs[0]!, error);
      }
    }
  }

  private async commit(jobs: Job[], retry: boolean): Promise<void> {
    if (retry) jobs = await this.stillPending(jobs);
    if (jobs.length === 0) return;
    this.events.length = 0;
    const fromSequence = this.engine.sequence;
    const placed = new Map<number, PlacedOrder>();
    const codes = jobs.map((job) => {
      if (job.kind === 'cancel') return this.engine.cancel(job.orderId);
      placed.set(job.order.orderId, job.order);
      return this.run(job.order);
    });
    const settlement = settle(this.market, this.events, placed, (id) => this.engine.order(id));
    const now = this.ctx.clock.now();
    const sequence = this.engine.sequence;
    const { trades, notifications } = await this.ctx.db
      .transaction()
      .execute((trx) => writeSettlement(trx, this.market, settlement, sequence, now));
    this.data.addTrades(trades);
    this.stats.batches += 1;
    this.stats.commands += jobs.length;
    for (const [i, job] of jobs.entries()) job.done({ code: codes[i]! });
    const levels = this.touchedLevels();
    try {
      this.onCommitted?.({
        worker: this,
        fromSequence,
        sequence,
        trades,
        levels,
        outcomes: settlement.outcomes,
        notifications,
      });
    } catch (error) {
      this.ctx.log.error({ err: error }, 'a batch listener failed');
    }
  }

  /** The book levels this batch's events touched, with their amounts after it. */
  private touchedLevels(): CommittedBatch['levels'] {
    const keys = new Set<string>();
    const levels: CommittedBatch['levels'] = [];
    const touch = (side: 'BUY' | 'SELL', price: number) => {
      const key = `${side}:${price}`;
      if (price <= 0 || keys.has(key)) return;
      keys.add(key);
      levels.push({ side, price, amount: this.engine.levelAmount(side, price) });
    };
    for (const e of this.events) {
      if (e.type === 'TRADE') touch(e.takerSide === 'BUY' ? 'SELL' : 'BUY', e.price);
      else if (e.type === 'RESTED' || e.type === 'CANCELLED') touch(e.side, e.price);
    }
    return levels;
  }

  private run(o: PlacedOrder): number {
    if (o.type === 'LIMIT') {
      return this.engine.placeLimit(
        o.orderId,
        o.userId,
        o.side,
        o.price,
        o.amount,
        o.timeInForce,
        o.postOnly,
      );
    }
    return o.side === 'BUY'
      ? this.engine.placeMarketBuy(o.orderId, o.userId, o.total)
      : this.engine.placeMarketSell(o.orderId, o.userId, o.amount);
  }

  /** After a failed commit: a placement the database shows as matched already committed (answer OK). */
  private async stillPending(jobs: Job[]): Promise<Job[]> {
    const ids = jobs.flatMap((job) => (job.kind === 'place' ? [BigInt(job.order.orderId)] : []));
    if (ids.length === 0) return jobs;
    const rows = await this.ctx.db
      .selectFrom('orders')
      .select('order_id')
      .where('order_id', 'in', ids)
      .where('pending', '=', true)
      .execute();
    const pending = new Set(rows.map((r) => Number(r.order_id)));
    return jobs.filter((job) => {
      if (job.kind === 'cancel' || pending.has(job.order.orderId)) return true;
      job.done({ code: ResultCode.OK });
      return false;
    });
  }

  private async rebuild(): Promise<void> {
    const code = this.engine.restore(await loadBook(this.ctx.db, this.market));
    if (code !== ResultCode.OK) throw new Error(`restore of ${this.market.symbol} refused: code ${code}`);
  }

  /** A command that cannot commit even alone: a placement ends REJECTED with its whole hold released. */
  private async refuse(job: Job, error: unknown): Promise<void> {
    if (job.kind === 'place') {
      try {
        await this.reject(BigInt(job.order.orderId));
      } catch (rejectError) {
        // The order stays pending with its hold: the next start replays it.
        this.ctx.log.error({ err: rejectError, orderId: job.order.orderId }, 'could not reject an order');
      }
    }
    job.fail(error);
  }

  private async reject(orderId: bigint): Promise<void> {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('orders')
        .select(['user_id', 'hold_asset_id', 'hold_remaining'])
        .where('order_id', '=', orderId)
        .where('pending', '=', true)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return;
      await trx
        .updateTable('orders')
        .set({ status: 'REJECTED', pending: false, hold_remaining: 0n, updated_at: now })
        .where('order_id', '=', orderId)
        .execute();
      if (row.hold_remaining > 0n) {
        await ledger.post(trx, {
          kind: 'ORDER_RELEASE',
          refType: 'order',
          refId: orderId,
          now,
          legs: [
            {
              from: { userId: row.user_id, kind: 'on_hold' },
              to: { userId: row.user_id, kind: 'available' },
              assetId: row.hold_asset_id,
              amount: row.hold_remaining,
            },
          ],
        });
      }
    });
  }
}
