// The market worker: the loop that runs a market's pipeline, batch after batch (exchange-core's
// pipeline, one thread per market, here one queue per market):
//   Stage 1 — ADMIT  (admit.ts):  claim Idempotency-Keys, check and hold funds, number the new orders;
//   Stage 2 — MATCH  (match.ts):  run the commands through the engine, in arrival order;
//   Stage 3 — SETTLE (settle.ts): the engine's events become fills, fees, order states and releases;
//   Stage 4 — WRITE  (write.ts):  all of it in the batch's one transaction, then callers are answered.
import { createEngine, type Engine, type EngineEvent, ResultCode } from '@fit24/engine';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema-trading.ts';
import { AppError } from '../../http/app-error.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import type { AccountIds } from '../../modules/ledger/ledger.batch.ts';
import * as ledger from '../../modules/ledger/ledger.service.ts';
import * as clusterRepo from '../cluster/cluster.repository.ts';
import { loadBook, loadPending, toPlacedOrder } from '../cluster/recovery.ts';
import type { MarketData } from '../market/market-data.ts';
import type { MarketInfo } from '../market/units.ts';
import { orderAnswer } from '../orders/orders.mappers.ts';
import { type Admission, admit, drawTradeIds, type NewOrder } from './admit.ts';
import { type CommittedBatch, type JobResult, type Market, touchedLevels } from './market.ts';
import { type MatchCommand, match } from './match.ts';
import * as pipelineRepo from './pipeline.repository.ts';
import { type KnownStop, type Outcome, type PlacedOrder, type Settlement, settle } from './settle.ts';
import { StageTimes } from './stage-times.ts';
import { TransactionAhead } from './transaction-ahead.ts';
import { type BatchExtras, type LoggedCommand, writeSettlement } from './write.ts';

type Job = (
  | { kind: 'open'; order: NewOrder; done(admission: Admission): void }
  | { kind: 'replay'; order: PlacedOrder; done(result: JobResult): void }
  | { kind: 'cancel'; orderId: number; done(result: JobResult): void }
) & { fail(error: unknown): void; queuedAt?: number };

/** Orders matched and committed together at most; the rest wait for the next batch. */
const MAX_BATCH = 256;

/**
 * The one owner of a market's book (DESIGN §5). Commands queue in arrival order and run one batch at a
 * time, in ONE transaction with a constant number of statements (group commit: while a batch commits, the
 * next one gathers): the new orders are admitted (keys claimed, funds checked and held, ids drawn), every
 * command is matched, then the batch's orders, fills, holds, releases, ledger postings and notifications
 * are written. Callers wait for their command's batch to commit: an order is answered after commit.
 *
 * Danger: the engine moves before the database commits. When a commit fails, the book is rebuilt from the
 * database (the committed truth) and the batch's commands run again one by one, so that one bad command
 * cannot sink the others; a command that fails alone is refused (a placement is REJECTED and its hold
 * released).
 */
export class MarketWorker implements Market {
  readonly owned = true;
  readonly engine: Engine;
  /** Committed batches and the commands they carried, for operators and tests. */
  readonly stats = { batches: 0, commands: 0 };
  /** Where the batches' time goes, stage by stage (the bench prints it). */
  readonly stages = new StageTimes();
  /** Told of each committed batch, after its callers (it must not throw or call back into the worker). */
  onCommitted: ((batch: CommittedBatch) => void) | null = null;
  private readonly events: EngineEvent[] = [];
  /** Orders queued from the database (replays, cancels asked elsewhere), so that each is queued once. */
  private readonly handedIn = new Set<number>();
  /** Ledger account ids this worker has used (they never change): most batches need not look them up. */
  private readonly accountIds: AccountIds = new Map();
  private queue: Job[] = [];
  /** Batches' transactions, the next one begun ahead on PostgreSQL (see `commit`). */
  private readonly transactions: TransactionAhead;
  private running: Promise<void> | null = null;
  private stopping = false;

  /**
   * `followed`: other processes share the database and follow this market, so each batch's commands are
   * logged for them (`market_batches`); a single process logs nothing.
   */
  constructor(
    private readonly ctx: AppContext,
    readonly market: MarketInfo,
    readonly data: MarketData,
    private readonly followed = false,
  ) {
    this.engine = createEngine((event) => this.events.push(event));
    this.transactions = new TransactionAhead(ctx.batchDb, ctx.dbKind === 'postgres');
  }

  /** Holds, numbers and matches a new order: answers how it was admitted and, if held, its row after matching. */
  open(order: NewOrder): Promise<Admission> {
    return new Promise((done, fail) => this.enqueue({ kind: 'open', order, done, fail }));
  }

  cancel(orderId: number): Promise<JobResult> {
    return new Promise((done, fail) => this.enqueue({ kind: 'cancel', orderId, done, fail }));
  }

  /** Queues an order held but not matched before a restart; nobody waits for its answer. */
  replay(order: PlacedOrder): void {
    if (this.handedIn.has(order.orderId)) return;
    this.handedIn.add(order.orderId);
    const done = () => this.handedIn.delete(order.orderId);
    this.enqueue({ kind: 'replay', order, done, fail: done });
  }

  /**
   * Takes what other processes left for this market in the database: orders held but not matched, in
   * arrival order, and cancels asked of them (DESIGN §1). Each is queued once; called when they say so
   * (NOTIFY) and now and then in case a notice was lost.
   */
  async pickUp(): Promise<void> {
    if (this.stopping) return;
    for (const order of await loadPending(this.ctx.db, this.market)) this.replay(order);
    for (const orderId of await pipelineRepo.cancelsAsked(this.ctx.db, this.market.marketId)) {
      if (this.handedIn.has(orderId)) continue;
      this.handedIn.add(orderId);
      const done = () => this.handedIn.delete(orderId);
      this.enqueue({ kind: 'cancel', orderId, done, fail: done });
    }
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
    job.queuedAt = performance.now();
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
    while (this.queue.length > 0) {
      // Let the event loop run first, so that every request already read reaches the queue: PGlite
      // answers without real I/O, so without this yield one request's whole path (its session lookup,
      // then this batch) would run before the next request is even parsed, and batches would hold one order.
      await new Promise((resolve) => setImmediate(resolve));
      await this.runBatch(null);
    }
    this.transactions.drop();
  }

  /**
   * Commits one batch: `given`, or (null) whatever is queued once the batch's transaction has its
   * connection — requests keep queueing while it waits, so under load batches grow instead of queueing.
   */
  private async runBatch(given: Job[] | null): Promise<void> {
    let jobs: Job[] = given ?? [];
    try {
      await this.commit(() => {
        jobs = given ?? this.queue.splice(0, MAX_BATCH);
        return jobs;
      });
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
        for (const job of jobs) await this.runBatch([job]);
      } else if (jobs.length === 1) {
        await this.refuse(jobs[0]!, error);
      }
    }
  }

  /**
   * Runs the four stages on one batch in one transaction, then answers its callers. On PostgreSQL the
   * next batch's transaction is begun (a connection and BEGIN, which takes no lock and, under READ
   * COMMITTED, no snapshot either) once this batch is admitted and more commands wait, so that its round
   * trip overlaps this batch's matching, writes and commit; the next batch's statements still start after
   * this batch has committed, and so read what it wrote.
   */
  private async commit(take: () => Job[]): Promise<void> {
    const m = this.market;
    const fromSequence = this.engine.sequence;
    const times = this.stages;
    times.start();
    const trx = await this.transactions.take();
    let batch: Awaited<ReturnType<MarketWorker['stagesOf']>>;
    try {
      times.lap('begin');
      batch = await this.stagesOf(trx, m, take, fromSequence);
      await trx.commit().execute();
    } catch (error) {
      this.transactions.drop();
      if (!trx.isCommitted && !trx.isRolledBack)
        await trx
          .rollback()
          .execute()
          .catch(() => {});
      throw error;
    }
    if (batch === null) return;
    times.lap('commit');
    this.committed(batch, fromSequence);
    times.lap('answer');
  }

  /** Stages 1–4 in `trx`: what `committed` needs once it commits, or null when no command is left. */
  private async stagesOf(trx: Database, m: MarketInfo, take: () => Job[], fromSequence: number) {
    const times = this.stages;
    const now = this.ctx.clock.now();
    const taken = take();
    times.taken(taken.map((job) => job.queuedAt ?? 0));
    const jobs = await this.stillPending(trx, taken);
    if (jobs.length === 0) return null;
    const opening = jobs.flatMap((job) => (job.kind === 'open' ? [job] : []));
    // Trade ids drawn ahead, so that the batch's writes need no round trip for them (rarely short).
    const orders = opening.map((job) => job.order);
    const intake = await admit(trx, m, orders, now, 2 * jobs.length + 8);
    times.lap('admit');
    if (this.queue.length > 0) this.transactions.beginNext();
    const admissions = new Map(opening.map((job, i) => [job, intake.admissions[i]!]));
    this.events.length = 0;
    const stopsBefore = this.engine.pendingStopCount;
    const { codes, opened, placed, ran } = match(
      this.engine,
      m,
      jobs.map((job) => matchCommand(job, admissions)),
    );
    times.lap('match');
    const holds = new Map([...opened].map(([id, row]) => [id, row.hold_remaining]));
    const known = await this.stopsOf(trx, placed, holds, stopsBefore);
    const settlement = settle(m, this.events, placed, (id) => this.engine.order(id), holds, known);
    for (const outcome of settlement.outcomes) {
      const row = opened.get(outcome.orderId);
      if (row) applyOutcome(row, outcome, now);
    }
    const short = settlement.fills.length - intake.tradeIds.length;
    const tradeIds = short > 0 ? [...intake.tradeIds, ...(await drawTradeIds(trx, short))] : intake.tradeIds;
    times.lap('settle');
    const written = await writeSettlement(trx, m, settlement, this.engine.sequence, now, {
      fromSequence,
      commands: this.followed ? loggedCommands(jobs, admissions, ran) : null,
      opened: [...opened.values()],
      holds,
      tradeIds,
      ...keyOutcomes(m, opening, admissions, intake.refusedKeys),
      accountIds: this.accountIds,
    });
    times.lap('write');
    return { jobs, codes, admissions, settlement, ...written };
  }

  /** After the commit: the callers get their answers, then the batch's listener hears of it. */
  private committed(
    batch: {
      jobs: Job[];
      codes: number[];
      admissions: Map<Job, Admission>;
      settlement: Settlement;
    } & Awaited<ReturnType<typeof writeSettlement>>,
    fromSequence: number,
  ): void {
    const { jobs, codes, admissions, settlement, trades, notifications, resolved } = batch;
    for (const [key, id] of resolved) this.accountIds.set(key, id);
    this.data.addTrades(trades);
    this.stats.batches += 1;
    this.stats.commands += jobs.length;
    for (const [i, job] of jobs.entries()) {
      if (job.kind === 'open') job.done(admissions.get(job)!);
      else job.done({ code: codes[i]! });
    }
    const levels = touchedLevels(this.engine, this.events);
    try {
      this.onCommitted?.({
        worker: this,
        fromSequence,
        sequence: this.engine.sequence,
        trades,
        levels,
        outcomes: settlement.outcomes,
        notifications,
      });
    } catch (error) {
      this.ctx.log.error({ err: error }, 'a batch listener failed');
    }
  }

  /**
   * What the stops the batch's events name hold, when the batch did not admit them: each stop placed by an
   * earlier batch (pending when it began: only then can one fire or be cancelled) is `known`; a replayed
   * stop's hold joins `holds`. One read in the batch's transaction, and none when no stop is involved.
   */
  private async stopsOf(
    trx: Database,
    placed: ReadonlyMap<number, PlacedOrder>,
    holds: Map<number, bigint>,
    stopsBefore: number,
  ): Promise<Map<number, KnownStop>> {
    const ids = new Set<number>();
    if (stopsBefore > 0) {
      for (const e of this.events) {
        const named = e.type === 'STOP_TRIGGERED' || e.type === 'CANCELLED' || e.type === 'REJECTED';
        if (named && !placed.has(e.orderId)) ids.add(e.orderId);
      }
    }
    for (const [id, o] of placed) {
      if (!holds.has(id) && (o.type === 'STOP_LIMIT' || o.type === 'STOP_MARKET')) ids.add(id);
    }
    const known = new Map<number, KnownStop>();
    if (ids.size === 0) return known;
    for (const row of await clusterRepo.untriggeredByIds(trx, [...ids].map(BigInt))) {
      const id = Number(row.order_id);
      if (placed.has(id)) holds.set(id, row.hold_remaining);
      else known.set(id, { order: toPlacedOrder(this.market, row), held: row.hold_remaining });
    }
    return known;
  }

  /**
   * A replayed order the database shows as matched already is answered OK and left out: its batch
   * committed after a pick-up had read it as pending (that pick-up's stale list queues it again once the
   * first batch has let it go), or before a failed commit's retry. Read in the batch's own transaction, after
   * every earlier batch of this market committed; no statement when the batch replays nothing.
   */
  private async stillPending(trx: Database, jobs: Job[]): Promise<Job[]> {
    const ids = jobs.flatMap((job) => (job.kind === 'replay' ? [BigInt(job.order.orderId)] : []));
    if (ids.length === 0) return jobs;
    const pending = await pipelineRepo.stillPending(trx, ids);
    return jobs.filter((job) => {
      if (job.kind !== 'replay' || pending.has(job.order.orderId)) return true;
      job.done({ code: ResultCode.OK });
      return false;
    });
  }

  private async rebuild(): Promise<void> {
    const code = this.engine.restore(await loadBook(this.ctx.db, this.market));
    if (code !== ResultCode.OK) throw new Error(`restore of ${this.market.symbol} refused: code ${code}`);
  }

  /**
   * A command that cannot commit even alone: a new order was never written (its request fails); a
   * replayed one ends REJECTED with its whole hold released.
   */
  private async refuse(job: Job, error: unknown): Promise<void> {
    if (job.kind === 'replay') {
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
      const first = await pipelineRepo.lockPending(trx, orderId);
      // An OCO is rejected whole: its stop leg with its limit leg.
      const rows = first?.oco_order_id
        ? [first, await pipelineRepo.lockPending(trx, first.oco_order_id)]
        : [first];
      for (const row of rows) {
        if (!row) continue;
        await pipelineRepo.markRejected(trx, row.order_id, now);
        if (row.hold_remaining > 0n) {
          await ledger.post(trx, {
            kind: 'ORDER_RELEASE',
            refType: 'order',
            refId: row.order_id,
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
      }
    });
  }
}

/** A job as stage 2 takes it. */
function matchCommand(job: Job, admissions: ReadonlyMap<Job, Admission>): MatchCommand {
  if (job.kind === 'cancel') return { kind: 'cancel', orderId: job.orderId };
  if (job.kind === 'replay') return { kind: 'replay', order: job.order };
  const admission = admissions.get(job)!;
  if (admission.kind !== 'accepted') return { kind: 'open', row: null };
  return { kind: 'open', row: admission.row, ocoRow: admission.ocoRow };
}

/** The batch's commands as the engine ran them, for the processes that follow the market. */
function loggedCommands(
  jobs: readonly Job[],
  admissions: ReadonlyMap<Job, Admission>,
  ran: ReadonlyMap<number, PlacedOrder>,
): LoggedCommand[] {
  return jobs.flatMap((job): LoggedCommand[] => {
    if (job.kind === 'cancel') return [{ cancel: job.orderId }];
    const orderId = job.kind === 'replay' ? job.order.orderId : null;
    const row = job.kind === 'open' ? admissions.get(job) : null;
    const id = orderId ?? (row?.kind === 'accepted' ? Number(row.row.order_id) : null);
    return id === null ? [] : [{ place: ran.get(id)! }];
  });
}

/**
 * What becomes of the batch's Idempotency-Keys: an order the batch kept stores its answer (the route's
 * data, `{ order }`); an order refused, or REJECTED by the book, gives its key up — a REJECTED order is
 * answered 422, and a stored answer is only ever a success.
 */
function keyOutcomes(
  m: MarketInfo,
  opening: readonly { order: NewOrder }[],
  admissions: ReadonlyMap<unknown, Admission>,
  refused: readonly IdempotencyClaim[],
): Pick<BatchExtras, 'answers' | 'refusedKeys'> {
  const answers: BatchExtras['answers'] = [];
  const refusedKeys = [...refused];
  for (const job of opening) {
    const admission = admissions.get(job)!;
    const claim = job.order.claim;
    if (!claim || admission.kind !== 'accepted') continue;
    if (admission.row.status === 'REJECTED') refusedKeys.push(claim);
    else answers.push({ claim, answer: orderAnswer(m, admission.row, admission.ocoRow) });
  }
  return { answers, refusedKeys };
}

/** A new order's row after its batch matched it. */
function applyOutcome(row: OrderRow, o: Outcome, now: Date): void {
  row.status = o.status;
  row.filled = o.filled;
  row.filled_quote = o.filledQuote;
  row.hold_remaining = o.holdRemaining;
  row.rest_seq = o.restSeq === null ? null : BigInt(o.restSeq);
  row.cancel_reason = o.cancelReason;
  if (o.triggered) row.triggered_at = now;
  row.updated_at = now;
}
