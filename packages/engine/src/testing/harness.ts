import { isDeepStrictEqual } from 'node:util';
import { ResultCode } from '../codes.ts';
import { Engine } from '../engine.ts';
import { validateInternalState } from '../invariants.ts';
import type {
  CancelledEvent,
  EngineEvent,
  EngineSnapshot,
  PlainCommand,
  RestingOrder,
  Side,
} from '../types.ts';
import { ShadowBook } from './shadow.ts';

type Placement = Exclude<PlainCommand, { type: 'CANCEL' }>;

/** The taker of the current command, as the checks follow its events. */
interface Taker {
  command: Placement;
  amount: number;
  filled: number;
  filledQuote: number;
  stpCancels: number;
  ended: 'RESTED' | 'DONE' | null;
  cancel: CancelledEvent | null;
}

/**
 * The shared engine suite's harness: runs each command on a real engine, then checks, after every step,
 * the book's internal state (`validateInternalState`), the events against a book rebuilt from events alone
 * (price-time priority, no self-trade, limits respected, quantities conserved, exactly one end per order),
 * and the engine's snapshot and depth against that rebuilt book. Any violation throws with the step.
 */
export class CheckedEngine {
  readonly events: EngineEvent[] = [];
  readonly shadow = new ShadowBook();
  readonly engine: Engine;
  private batch: EngineEvent[] = [];
  private step = 0;

  constructor(snapshot?: EngineSnapshot) {
    this.engine = new Engine((event) => this.batch.push(event));
    if (snapshot !== undefined) {
      const code = this.engine.restore(snapshot);
      if (code !== ResultCode.OK) throw new Error(`restore refused: ${code}`);
      for (const order of snapshot.orders) this.shadow.add(order);
    }
  }

  run(command: PlainCommand): { code: ResultCode; events: EngineEvent[] } {
    this.batch = [];
    const before = this.engine.sequence;
    const code = this.engine.execute(command);
    this.step++;
    try {
      this.checkSequence(before);
      if (command.type === 'CANCEL') this.checkCancel(command.orderId, code);
      else this.checkPlacement(command, code);
      this.checkState();
    } catch (error) {
      const events = this.batch.map((event) => JSON.stringify(event)).join('\n  ');
      throw new Error(
        `step ${this.step} ${JSON.stringify(command)} → ${code}: ${(error as Error).message}\n  ${events}`,
      );
    }
    this.events.push(...this.batch);
    return { code, events: this.batch };
  }

  runAll(commands: PlainCommand[]): ResultCode[] {
    return commands.map((command) => this.run(command).code);
  }

  private checkSequence(before: number): void {
    for (const [index, event] of this.batch.entries()) {
      expect(event.seq === before + index + 1, `sequence gap at ${event.seq}`);
    }
    expect(this.engine.sequence === before + this.batch.length, 'engine.sequence is not the last event');
  }

  private checkCancel(orderId: number, code: ResultCode): void {
    const resting = this.shadow.resting.get(orderId);
    if (code !== ResultCode.OK) {
      expect(this.batch.length === 0 && resting === undefined, 'a refused cancel must emit nothing');
      return;
    }
    expect(resting !== undefined, 'cancelled an order that was not resting');
    const [cancelled, done] = this.batch;
    expect(
      this.batch.length === 2 && cancelled?.type === 'CANCELLED' && cancelled.reason === 'USER',
      'cancel events',
    );
    expect(
      cancelled?.type === 'CANCELLED' && cancelled.remaining === resting!.amount - resting!.filled,
      'remaining',
    );
    this.checkRestingDone(done, resting!, 'CANCELLED');
  }

  private checkPlacement(command: Placement, code: ResultCode): void {
    const [first, ...rest] = this.batch;
    if (code !== ResultCode.OK) {
      expect(this.batch.length === 1 && first?.type === 'REJECTED' && first.code === code, 'rejection event');
      expect(first?.type === 'REJECTED' && first.orderId === command.orderId, 'rejection names the order');
      return;
    }
    expect(
      first?.type === 'ACCEPTED' && isDeepStrictEqual(first, accepted(first.seq, command)),
      'ACCEPTED fields',
    );
    const amount = 'amount' in command ? command.amount : 0;
    const taker: Taker = {
      command,
      amount,
      filled: 0,
      filledQuote: 0,
      stpCancels: 0,
      ended: null,
      cancel: null,
    };
    for (let i = 0; i < rest.length; i++) {
      const event = rest[i]!;
      expect(taker.ended === null, `event after the taker ended: ${event.type}`);
      if (event.type === 'TRADE') {
        if (this.checkTrade(event, taker, rest[i + 1])) i++;
      } else if (event.type === 'CANCELLED' && event.orderId !== command.orderId) {
        this.checkSelfTradeCancel(event, taker, rest[++i]);
      } else if (event.type === 'CANCELLED') taker.cancel = event;
      else if (event.type === 'RESTED') this.checkRested(event.remaining, event.price, taker);
      else if (event.type === 'DONE') {
        expect(event.orderId === command.orderId, 'DONE of a maker out of place');
        expect(event.filled === taker.filled && event.filledQuote === taker.filledQuote, 'taker DONE totals');
        expect((event.status === 'CANCELLED') === (taker.cancel !== null), 'DONE status versus CANCELLED');
        taker.ended = 'DONE';
      } else expect(false, `unexpected ${event.type}`);
    }
    expect(taker.ended !== null, 'the taker neither rested nor ended');
    this.checkTakerRules(taker);
  }

  /** Checks one trade; true when it filled the maker, whose DONE (the next event) it then checked too. */
  private checkTrade(event: EngineEvent, taker: Taker, next: EngineEvent | undefined): boolean {
    if (event.type !== 'TRADE') return false;
    const { command } = taker;
    const opposite: Side = command.side === 'BUY' ? 'SELL' : 'BUY';
    const maker = this.shadow.head(opposite);
    expect(
      maker !== undefined && maker.orderId === event.makerOrderId,
      'maker is not first in price-time priority',
    );
    expect(
      event.makerOwner === maker!.owner && event.makerOwner !== event.takerOwner,
      'self-trade or wrong owner',
    );
    expect(event.takerOrderId === command.orderId && event.takerSide === command.side, 'taker fields');
    expect(
      event.price === maker!.price && event.quote === event.price * event.amount,
      'trade price or quote',
    );
    expect(event.amount > 0 && event.amount <= maker!.amount - maker!.filled, 'trade amount');
    if (command.type === 'LIMIT') {
      expect(
        command.side === 'BUY' ? event.price <= command.price : event.price >= command.price,
        'limit crossed',
      );
    }
    maker!.filled += event.amount;
    maker!.filledQuote += event.quote;
    taker.filled += event.amount;
    taker.filledQuote += event.quote;
    if (maker!.filled !== maker!.amount) return false;
    this.checkRestingDone(next, maker!, 'FILLED');
    return true;
  }

  private checkSelfTradeCancel(event: CancelledEvent, taker: Taker, next: EngineEvent | undefined): void {
    const maker = this.shadow.head(event.side);
    expect(
      event.side !== taker.command.side && maker?.orderId === event.orderId,
      'STP cancelled a non-head order',
    );
    expect(event.reason === 'SELF_TRADE' && event.owner === taker.command.owner, 'STP of another owner');
    expect(event.remaining === maker!.amount - maker!.filled, 'STP remaining');
    taker.stpCancels++;
    this.checkRestingDone(next, maker!, 'CANCELLED');
  }

  private checkRestingDone(
    done: EngineEvent | undefined,
    order: RestingOrder,
    status: 'FILLED' | 'CANCELLED',
  ): void {
    expect(
      done?.type === 'DONE' && done.orderId === order.orderId && done.status === status,
      `resting ${status}`,
    );
    expect(
      done?.type === 'DONE' && done.filled === order.filled && done.filledQuote === order.filledQuote,
      'totals',
    );
    this.shadow.resting.delete(order.orderId);
  }

  private checkRested(remaining: number, price: number, taker: Taker): void {
    const { command } = taker;
    expect(command.type === 'LIMIT' && (command.timeInForce ?? 'GTC') === 'GTC', 'only GTC rests');
    expect(
      remaining > 0 &&
        remaining === taker.amount - taker.filled &&
        price === (command as { price: number }).price,
      'rest',
    );
    const { orderId, owner, side } = command;
    this.shadow.add({
      orderId,
      owner,
      side,
      price,
      amount: taker.amount,
      filled: taker.filled,
      filledQuote: taker.filledQuote,
    });
    taker.ended = 'RESTED';
  }

  /** Time in force, post-only, market totals, and "whatever could match did match". */
  private checkTakerRules(taker: Taker): void {
    const { command, cancel } = taker;
    const traded = taker.filled > 0;
    if (command.type === 'MARKET' && command.side === 'BUY') {
      expect(taker.filledQuote <= command.total, 'market BUY overspent');
      if (cancel !== null) {
        expect(
          cancel.remainingTotal === command.total - taker.filledQuote && cancel.remaining === 0,
          'unspent',
        );
      }
      const ask = this.shadow.head('SELL');
      expect(
        ask === undefined || ask.price > command.total - taker.filledQuote,
        'market BUY left affordable asks',
      );
      const filled = taker.filledQuote === command.total || (traded && ask !== undefined);
      expect((cancel === null) === filled, 'market BUY status');
      return;
    }
    if (cancel !== null) {
      expect(
        taker.filled + cancel.remaining === taker.amount && cancel.remainingTotal === 0,
        'quantity not conserved',
      );
    } else if (taker.ended === 'DONE') expect(taker.filled === taker.amount, 'FILLED but not filled');
    const limit = command.type === 'LIMIT' ? command.price : 0;
    const head = this.shadow.head(command.side === 'BUY' ? 'SELL' : 'BUY');
    const crossing =
      head !== undefined && (command.side === 'BUY' ? head.price <= limit : head.price >= limit);
    if (command.type === 'LIMIT' && command.postOnly) {
      expect(!traded && taker.stpCancels === 0, 'post-only took liquidity');
      expect((cancel?.reason === 'POST_ONLY') === crossing, 'post-only cancelled without cause');
      return;
    }
    if (cancel?.reason === 'FOK') {
      expect(!traded && taker.stpCancels === 0, 'FOK partly executed');
      const available = this.shadow.available(command.side, command.owner, limit);
      expect(available < taker.amount, 'FOK cancelled although fillable');
    } else if (taker.filled < taker.amount) expect(!crossing, 'crossing liquidity left unmatched');
    if (cancel !== null) {
      const tif = command.type === 'MARKET' ? 'MARKET' : (command.timeInForce ?? 'GTC');
      const expected = { MARKET: 'NO_LIQUIDITY', IOC: 'IOC', FOK: 'FOK', GTC: 'none' }[tif];
      expect(cancel.reason === expected, `cancel reason ${cancel.reason} for ${tif}`);
    }
  }

  private checkState(): void {
    const problems = validateInternalState(this.engine);
    expect(problems.length === 0, problems.join('; '));
    expect(
      isDeepStrictEqual(this.engine.snapshot().orders, this.shadow.orders()),
      'snapshot differs from events',
    );
    expect(isDeepStrictEqual(this.engine.depth(Infinity), this.shadow.depth()), 'depth differs from events');
  }
}

/** The ACCEPTED event a placement must produce. */
function accepted(seq: number, command: Placement): EngineEvent {
  const { orderId, owner, side } = command;
  const base = { type: 'ACCEPTED', seq, orderId, owner, side } as const;
  if (command.type === 'LIMIT') {
    const { price, amount, timeInForce = 'GTC', postOnly = false } = command;
    return { ...base, orderType: 'LIMIT', price, amount, total: 0, timeInForce, postOnly };
  }
  const amount = command.side === 'SELL' ? command.amount : 0;
  const total = command.side === 'BUY' ? command.total : 0;
  return { ...base, orderType: 'MARKET', price: 0, amount, total, timeInForce: 'IOC', postOnly: false };
}

function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
