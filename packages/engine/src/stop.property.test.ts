import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResultCode } from './codes.ts';
import { createEngine, type Engine } from './engine.ts';
import { validateInternalState } from './invariants.ts';
import { CheckedEngine } from './testing/harness.ts';
import type { Command, EngineEvent, PlainCommand, TriggerDirection } from './types.ts';

/**
 * Random sequences of plain orders, stops and OCOs on a narrow book (prices and triggers 95–105, 3 owners),
 * so that triggers, cascades, OCO races and cancels of pending, fired and finished orders happen often.
 * Ids are unique; a cancel points at any earlier id (resting, pending, fired or gone).
 */
const owner = fc.integer({ min: 1, max: 3 });
const side = fc.constantFrom('BUY' as const, 'SELL' as const);
const price = fc.integer({ min: 95, max: 105 });
const amount = fc.integer({ min: 1, max: 8 });
const direction = fc.constantFrom<TriggerDirection>('ABOVE', 'BELOW');
const step = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      owner,
      side,
      price,
      amount,
      timeInForce: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      owner,
      total: fc.integer({ min: 1, max: 1500 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      owner,
      amount: fc.integer({ min: 1, max: 15 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('stopLimit' as const),
      owner,
      side,
      trigger: price,
      direction,
      price,
      amount,
      timeInForce: fc.constantFrom('GTC' as const, 'IOC' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('stopMarket' as const),
      owner,
      side,
      trigger: price,
      direction,
      amount,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('oco' as const),
      owner,
      side,
      amount,
      price,
      postOnly: fc.boolean(),
      trigger: price,
      direction,
      stopPrice: price,
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('cancel' as const), target: fc.nat() }) },
);
const scripts = fc.array(step, { minLength: 1, maxLength: 120, size: 'max' });
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function toCommands(steps: Step[]): Command[] {
  let issued = 0;
  return steps.map((s): Command => {
    switch (s.kind) {
      case 'limit':
        return {
          type: 'LIMIT',
          orderId: ++issued,
          owner: s.owner,
          side: s.side,
          price: s.price,
          amount: s.amount,
          timeInForce: s.timeInForce,
        };
      case 'buy':
        return { type: 'MARKET', orderId: ++issued, owner: s.owner, side: 'BUY', total: s.total };
      case 'sell':
        return { type: 'MARKET', orderId: ++issued, owner: s.owner, side: 'SELL', amount: s.amount };
      case 'stopLimit': {
        const { kind: _, ...fields } = s;
        return { type: 'STOP_LIMIT', orderId: ++issued, ...fields };
      }
      case 'stopMarket': {
        const { owner, side, trigger, direction } = s;
        const base = { type: 'STOP_MARKET', orderId: ++issued, owner, trigger, direction } as const;
        return side === 'BUY'
          ? { ...base, side, total: s.amount * 100 }
          : { ...base, side, amount: s.amount };
      }
      case 'oco': {
        const { kind: _, ...fields } = s;
        const orderId = ++issued;
        return { type: 'OCO', orderId, stopOrderId: ++issued, ...fields };
      }
      default:
        return { type: 'CANCEL', orderId: issued === 0 ? 1 : (s.target % issued) + 1 };
    }
  });
}

/** The plain order a stop (or an OCO's stop leg) becomes when it fires. */
function plainOf(command: Command, stopId: number): PlainCommand {
  switch (command.type) {
    case 'STOP_LIMIT': {
      const { orderId, owner, side, price, amount, timeInForce = 'GTC', postOnly = false } = command;
      return { type: 'LIMIT', orderId, owner, side, price, amount, timeInForce, postOnly };
    }
    case 'STOP_MARKET':
      return command.side === 'BUY'
        ? {
            type: 'MARKET',
            orderId: command.orderId,
            owner: command.owner,
            side: 'BUY',
            total: command.total,
          }
        : {
            type: 'MARKET',
            orderId: command.orderId,
            owner: command.owner,
            side: 'SELL',
            amount: command.amount,
          };
    case 'OCO': {
      const { owner, side, amount, stopPrice } = command;
      return {
        type: 'LIMIT',
        orderId: stopId,
        owner,
        side,
        price: stopPrice,
        amount,
        timeInForce: 'GTC',
        postOnly: false,
      };
    }
    default:
      throw new Error(`not a stop: ${command.type}`);
  }
}

const withoutSeq = ({ seq: _, ...rest }: EngineEvent) => rest;

interface Outcome {
  /** Every event of the engine with stops. */
  events: EngineEvent[];
  /** Those events with the stops' own removed (OCO reasons read as USER), and what the plain engine emitted. */
  filtered: object[];
  plain: object[];
}

/**
 * Runs the commands on an engine with stops (checking its invariants after each) and, beside it, on a
 * checked plain engine that receives, at each moment a stop fires, the plain order it becomes (and the
 * cancel of an OCO's limit leg that the firing causes). Returns both event streams for comparison.
 */
function runBoth(commands: Command[]): Outcome {
  let batch: EngineEvent[] = [];
  const events: EngineEvent[] = [];
  const engine = createEngine((event) => batch.push(event));
  const plainEngine = new CheckedEngine();
  const stopSource = new Map<number, Command>();
  const pending = new Set<number>();
  /** Pending stops as their STOP_PLACED described them, and those a trade has reached since. */
  const triggers = new Map<number, { trigger: number; direction: TriggerDirection }>();
  const due = new Set<number>();
  const filtered: object[] = [];
  const plain: object[] = [];
  for (const command of commands) {
    batch = [];
    const wasPending = command.type === 'CANCEL' && pending.has(command.orderId);
    const code = engine.execute(command);
    const problems = validateInternalState(engine);
    if (problems.length > 0) throw new Error(`${JSON.stringify(command)}: ${problems.join('; ')}`);
    const toPlain: PlainCommand[] = [];
    if (command.type === 'LIMIT' || command.type === 'MARKET') toPlain.push(command);
    if (command.type === 'CANCEL' && !wasPending) toPlain.push(command);
    if (command.type === 'OCO' && code === ResultCode.OK) {
      const { orderId, owner, side, price, amount, postOnly = false } = command;
      toPlain.push({ type: 'LIMIT', orderId, owner, side, price, amount, timeInForce: 'GTC', postOnly });
    }
    const placement =
      command.type === 'STOP_LIMIT' || command.type === 'STOP_MARKET' || command.type === 'OCO';
    let skipDone = -1;
    for (let i = 0; i < batch.length; i++) {
      const event = batch[i]!;
      if (event.type === 'TRADE') {
        for (const [id, t] of triggers) {
          if (t.direction === 'ABOVE' ? event.price >= t.trigger : event.price <= t.trigger) due.add(id);
        }
      }
      if (event.type === 'STOP_PLACED') {
        triggers.set(event.orderId, { trigger: event.trigger, direction: event.direction });
        pending.add(event.orderId);
        stopSource.set(event.orderId, command);
        continue;
      }
      if (event.type === 'REJECTED' && placement && i < (command.type === 'OCO' ? 2 : 1)) continue;
      if (event.type === 'STOP_TRIGGERED') {
        if (!due.has(event.orderId)) throw new Error(`stop ${event.orderId} fired before a trade reached it`);
        const { trigger, direction } = triggers.get(event.orderId)!;
        const reached = direction === 'ABOVE' ? event.lastPrice >= trigger : event.lastPrice <= trigger;
        if (!reached || event.trigger !== trigger)
          throw new Error(`stop ${event.orderId} fired at ${event.lastPrice}`);
        triggers.delete(event.orderId);
        due.delete(event.orderId);
        pending.delete(event.orderId);
        const next = batch[i + 1]!;
        if (next.type === 'CANCELLED' && next.reason === 'OCO')
          toPlain.push({ type: 'CANCEL', orderId: next.orderId });
        toPlain.push(plainOf(stopSource.get(event.orderId)!, event.orderId));
        continue;
      }
      if (event.type === 'CANCELLED' && pending.has(event.orderId)) {
        triggers.delete(event.orderId);
        due.delete(event.orderId);
        pending.delete(event.orderId);
        skipDone = event.orderId;
        if (wasPending && command.orderId !== event.orderId) throw new Error('cancelled another stop');
        continue;
      }
      if (event.type === 'DONE' && event.orderId === skipDone) {
        skipDone = -1;
        continue;
      }
      if (event.type === 'CANCELLED' && event.reason === 'OCO') {
        if (wasPending) toPlain.push({ type: 'CANCEL', orderId: event.orderId });
        filtered.push({ ...withoutSeq(event), reason: 'USER' });
        continue;
      }
      filtered.push(withoutSeq(event));
    }
    if (due.size > 0) throw new Error(`stops ${[...due]} reached by a trade but still pending`);
    for (const c of toPlain) plain.push(...plainEngine.run(c).events.map(withoutSeq));
    events.push(...batch);
  }
  return { events, filtered, plain };
}

const runs = { numRuns: 300 };

describe('stop and OCO properties (random command sequences)', () => {
  it('a stop fires on the first trade that reaches it and then behaves exactly as the plain order placed at that moment; invariants hold after every step', () => {
    fc.assert(
      fc.property(scripts, (steps) => {
        const { filtered, plain } = runBoth(toCommands(steps));
        expect(filtered).toEqual(plain);
      }),
      runs,
    );
  });

  it('an OCO never trades both legs, and every leg ends once', () => {
    fc.assert(
      fc.property(scripts, (steps) => {
        const commands = toCommands(steps);
        const { events } = runBoth(commands);
        const traded = new Set<number>();
        const done = new Map<number, number>();
        for (const e of events) {
          if (e.type === 'TRADE') traded.add(e.makerOrderId).add(e.takerOrderId);
          if (e.type === 'DONE') done.set(e.orderId, (done.get(e.orderId) ?? 0) + 1);
        }
        for (const c of commands) {
          if (c.type !== 'OCO') continue;
          expect(traded.has(c.orderId) && traded.has(c.stopOrderId)).toBe(false);
        }
        for (const count of done.values()) expect(count).toBe(1);
      }),
      runs,
    );
  });

  it('cancel releases: a stop cancelled before it fired ends with its whole order remaining and nothing filled', () => {
    fc.assert(
      fc.property(scripts, (steps) => {
        const commands = toCommands(steps);
        const { events } = runBoth(commands);
        const placed = new Map<number, Extract<EngineEvent, { type: 'STOP_PLACED' }>>();
        const live = new Set<number>();
        const ended = new Set<number>();
        for (const [i, e] of events.entries()) {
          if (e.type === 'STOP_PLACED') placed.set(e.orderId, e);
          if (e.type === 'STOP_TRIGGERED') live.add(e.orderId);
          if (e.type === 'CANCELLED' && placed.has(e.orderId) && !live.has(e.orderId)) {
            const stop = placed.get(e.orderId)!;
            expect(['USER', 'OCO']).toContain(e.reason);
            expect([e.remaining, e.remainingTotal]).toEqual([stop.amount, stop.total]);
            expect(events[i + 1]).toMatchObject({
              type: 'DONE',
              orderId: e.orderId,
              filled: 0,
              filledQuote: 0,
            });
            ended.add(e.orderId);
          }
        }
        // every placed stop is cancelled, went live, or is still pending: nothing is lost
        const engine = createEngine();
        for (const c of commands) engine.execute(c);
        for (const id of placed.keys()) {
          expect(ended.has(id) || live.has(id) || engine.stop(id) !== undefined).toBe(true);
        }
        expect(engine.pendingStopCount).toBe(
          [...placed.keys()].filter((id) => !ended.has(id) && !live.has(id)).length,
        );
      }),
      runs,
    );
  });

  it('give the same events for the same commands', () => {
    fc.assert(
      fc.property(scripts, (steps) => {
        const commands = toCommands(steps);
        expect(runBoth(commands).events).toEqual(runBoth(commands).events);
      }),
      { numRuns: 150 },
    );
  });

  it('rebuild from a snapshot with pending stops to the same future events', () => {
    fc.assert(
      fc.property(scripts, scripts, (before, after) => {
        const commands = toCommands([...before, ...after]);
        const run = (engine: Engine, list: Command[], out: EngineEvent[]) => {
          for (const c of list) engine.execute(c);
          return out;
        };
        const originalEvents: EngineEvent[] = [];
        const original = createEngine((e) => originalEvents.push(e));
        run(original, commands.slice(0, before.length), originalEvents);
        const rebuiltEvents: EngineEvent[] = [];
        const rebuilt = createEngine((e) => rebuiltEvents.push(e));
        expect(rebuilt.restore(original.snapshot())).toBe(ResultCode.OK);
        expect(validateInternalState(rebuilt)).toEqual([]);
        expect(rebuilt.snapshot()).toEqual(original.snapshot());
        originalEvents.length = 0;
        run(original, commands.slice(before.length), originalEvents);
        run(rebuilt, commands.slice(before.length), rebuiltEvents);
        expect(rebuiltEvents).toEqual(originalEvents);
      }),
      { numRuns: 150 },
    );
  });
});
