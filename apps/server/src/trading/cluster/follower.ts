import { createEngine, type Engine, type EngineEvent, ResultCode } from '@fit24/engine';
import type { AppContext } from '../../context.ts';
import { OPEN_STATUSES, type OrderRow } from '../../db/schema-trading.ts';
import { AppError } from '../../http/app-error.ts';
import * as keysRepo from '../../http/idempotency.repository.ts';
import type { MarketData } from '../market/market-data.ts';
import type { MarketInfo } from '../market/units.ts';
import { orderRowToOrder } from '../orders/orders.mappers.ts';
import { type Admission, type NewOrder, recordPending } from '../pipeline/admit.ts';
import {
  type CommittedBatch,
  type JobResult,
  type Market,
  runPlaced,
  touchedLevels,
} from '../pipeline/market.ts';
import { legsOf, type PlacedOrder, settle } from '../pipeline/settle.ts';
import type { LoggedCommand } from '../pipeline/write.ts';
import * as clusterRepo from './cluster.repository.ts';
import { loadBook } from './recovery.ts';

/** How long a request waits for the owner to match its order or cancel before answering as it stands. */
const HAND_OVER_MS = 10_000;
const POLL_MS = 50;

/**
 * A market run by another process (DESIGN §1), followed here: a copy of its book kept by applying the
 * owner's committed batches (`market_batches`) in sequence — the engine is deterministic, so the same
 * commands give the same book and the same events — from which this process serves the book, trades,
 * candles and the live feeds exactly as the owner does. An order placed here is held and recorded as
 * pending and handed to the owner through the database (NOTIFY); a cancel is recorded as a request. The
 * caller waits for the owner's answer.
 */
export class FollowedMarket implements Market {
  readonly owned = false;
  readonly engine: Engine;
  readonly stats = { batches: 0, commands: 0 };
  onCommitted: ((batch: CommittedBatch) => void) | null = null;
  private readonly events: EngineEvent[] = [];
  private catchingUp: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    readonly market: MarketInfo,
    readonly data: MarketData,
  ) {
    this.engine = createEngine((event) => this.events.push(event));
  }

  /** Starts from the book as committed, then applies what was committed since. */
  async start(): Promise<void> {
    await this.resync();
    await this.catchUp();
  }

  /** Applies the owner's batches committed since the last one applied; concurrent calls share the work. */
  catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.again = true;
      return this.catchingUp;
    }
    this.catchingUp = (async () => {
      do {
        this.again = false;
        await this.applyNew();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  async open(order: NewOrder): Promise<Admission> {
    if (this.stopped) throw unavailable();
    const m = this.market;
    const now = this.ctx.clock.now();
    const submitted = await this.ctx.db.transaction().execute(async (trx) => {
      if (order.claim && !(await keysRepo.claim(trx, order.claim, now))) return null;
      const orderId = await recordPending(trx, m, order.userId, order.spec, now);
      await clusterRepo.notifyOwner(trx, m.marketId);
      return orderId;
    });
    if (submitted === null) return { kind: 'repeat' };
    const row = await this.waitFor(submitted, (r) => !r.pending);
    // Stored after the owner's commit, in its own statement: until then a repeat is answered 409. A
    // REJECTED order gives its key up, as in the owner's batch.
    if (order.claim && !row.pending) {
      if (row.status === 'REJECTED') await keysRepo.release([order.claim]).execute(this.ctx.db);
      else await keysRepo.saveAnswer(this.ctx.db, order.claim, { order: orderRowToOrder(m, row) });
    }
    return { kind: 'accepted', row };
  }

  async cancel(orderId: number): Promise<JobResult> {
    if (this.stopped) throw unavailable();
    const asked = await this.ctx.db.transaction().execute(async (trx) => {
      const requested = await clusterRepo.requestCancel(trx, BigInt(orderId));
      if (requested) await clusterRepo.notifyOwner(trx, this.market.marketId);
      return requested;
    });
    if (!asked) return { code: ResultCode.UNKNOWN_ORDER };
    await this.waitFor(BigInt(orderId), (r) => !OPEN_STATUSES.includes(r.status));
    return { code: ResultCode.OK };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    while (this.catchingUp) await this.catchingUp;
  }

  /** The order's row once `ready` holds for it, or as it stands after `HAND_OVER_MS`. */
  private async waitFor(orderId: bigint, ready: (row: OrderRow) => boolean): Promise<OrderRow> {
    const until = Date.now() + HAND_OVER_MS;
    for (;;) {
      const row = await clusterRepo.orderById(this.ctx.db, orderId);
      if (ready(row) || Date.now() > until) return row;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** The book as the database holds it now (at start, or when a batch is missing from the log). */
  private async resync(): Promise<void> {
    const code = this.engine.restore(await loadBook(this.ctx.db, this.market));
    if (code !== ResultCode.OK) throw new Error(`restore of ${this.market.symbol} refused: code ${code}`);
  }

  private async applyNew(): Promise<void> {
    const rows = await clusterRepo.batchesAfter(
      this.ctx.db,
      this.market.marketId,
      this.engine.sequence,
      1000,
    );
    for (const row of rows) {
      if (this.stopped) return;
      if (Number(row.sequence) <= this.engine.sequence) continue;
      if (Number(row.from_sequence) !== this.engine.sequence) {
        // A batch is gone from the log (pruned while this process was away): start again from the book.
        this.ctx.log.warn({ market: this.market.symbol }, 'followed book out of step; reloading it');
        await this.resync();
        continue;
      }
      this.apply(
        row.commands as LoggedCommand[],
        (row.trade_ids as string[]).map(Number),
        Math.floor(row.created_at.getTime() / 1000),
      );
    }
    if (rows.length === 1000) this.again = true;
  }

  /** Runs one batch's commands on the copy of the book and tells the live feeds, as the owner did. */
  private apply(commands: LoggedCommand[], tradeIds: number[], time: number): void {
    const m = this.market;
    const fromSequence = this.engine.sequence;
    this.events.length = 0;
    const placed = new Map<number, PlacedOrder>();
    for (const command of commands) {
      if ('cancel' in command) this.engine.cancel(command.cancel);
      else {
        for (const leg of legsOf(command.place)) placed.set(leg.orderId, leg);
        runPlaced(this.engine, command.place);
      }
    }
    const settlement = settle(m, this.events, placed, (id) => this.engine.order(id));
    const trades = settlement.fills.map((f, i) => ({
      tradeId: tradeIds[i]!,
      price: f.price,
      amount: f.amount,
      takerSide: f.takerSide,
      time,
    }));
    this.data.addTrades(trades);
    this.stats.batches += 1;
    this.stats.commands += commands.length;
    try {
      this.onCommitted?.({
        worker: this,
        fromSequence,
        sequence: this.engine.sequence,
        trades,
        levels: touchedLevels(this.engine, this.events),
        outcomes: settlement.outcomes,
        notifications: [],
      });
    } catch (error) {
      this.ctx.log.error({ err: error }, 'a batch listener failed');
    }
  }
}

function unavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The market is shutting down. Please try again shortly.');
}
