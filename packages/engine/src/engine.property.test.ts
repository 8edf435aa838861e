import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResultCode } from './codes.ts';
import { createEngine } from './engine.ts';
import { CheckedEngine } from './testing/harness.ts';
import type { EngineEvent, PlainCommand } from './types.ts';

/**
 * Random command sequences on a narrow book (11 prices, 3 owners) so that crossing, partial fills,
 * self-trade prevention and cancels of live orders happen often. Order ids are assigned in order; a
 * `cancel` or a `duplicate` points at an earlier id, which may still rest or may have ended.
 */
const owner = fc.integer({ min: 1, max: 3 });
const side = fc.constantFrom('BUY' as const, 'SELL' as const);
const limitFields = fc.record({
  owner,
  side,
  price: fc.integer({ min: 95, max: 105 }),
  amount: fc.integer({ min: 1, max: 12 }),
  timeInForce: fc.constantFrom(
    'GTC' as const,
    'GTC' as const,
    'GTC' as const,
    'IOC' as const,
    'FOK' as const,
  ),
  postOnly: fc.boolean(),
});
const step = fc.oneof(
  { weight: 12, arbitrary: limitFields.map((fields) => ({ kind: 'limit' as const, ...fields })) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      owner,
      total: fc.integer({ min: 1, max: 2500 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      owner,
      amount: fc.integer({ min: 1, max: 30 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('cancel' as const), target: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('duplicate' as const), target: fc.nat(), fields: limitFields }),
  },
);
const scripts = fc.array(step, { minLength: 1, maxLength: 150, size: 'max' });
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function toCommands(steps: Step[]): PlainCommand[] {
  let issued = 0;
  const earlier = (target: number) => (issued === 0 ? 1 : (target % issued) + 1);
  return steps.map((s): PlainCommand => {
    switch (s.kind) {
      case 'limit': {
        const { kind: _, ...fields } = s;
        return {
          type: 'LIMIT',
          orderId: ++issued,
          ...fields,
          postOnly: fields.postOnly && fields.timeInForce === 'GTC',
        };
      }
      case 'buy':
        return { type: 'MARKET', orderId: ++issued, owner: s.owner, side: 'BUY', total: s.total };
      case 'sell':
        return { type: 'MARKET', orderId: ++issued, owner: s.owner, side: 'SELL', amount: s.amount };
      case 'cancel':
        return { type: 'CANCEL', orderId: earlier(s.target) };
      default:
        return {
          type: 'LIMIT',
          orderId: issued === 0 ? ++issued : earlier(s.target),
          ...s.fields,
          postOnly: false,
        };
    }
  });
}

function eventsOf(commands: PlainCommand[]): EngineEvent[] {
  const events: EngineEvent[] = [];
  const engine = createEngine((event) => events.push(event));
  for (const command of commands) engine.execute(command);
  return events;
}

const runs = { numRuns: 300 };

describe('engine properties (random command sequences)', () => {
  it('keep every invariant after every step: internal state, events, priority, limits, time in force', () => {
    fc.assert(
      fc.property(scripts, (steps) => {
        new CheckedEngine().runAll(toCommands(steps));
      }),
      runs,
    );
  });

  it('never leave a crossed book', () => {
    fc.assert(
      fc.property(scripts, (steps) => {
        const engine = createEngine();
        for (const command of toCommands(steps)) {
          engine.execute(command);
          const [bid, ask] = [engine.bestBid(), engine.bestAsk()];
          expect(bid === undefined || ask === undefined || bid < ask).toBe(true);
        }
      }),
      runs,
    );
  });

  it('conserve quantity: filled + cancelled (or still resting) = amount, and filled ≤ amount', () => {
    fc.assert(
      fc.property(scripts, (steps) => {
        // An id is live at most once at a time, so one record per live id follows each order's life.
        const live = new Map<number, { amount: number; filled: number; cancelled: number }>();
        const engine = createEngine((event) => {
          if (event.type === 'ACCEPTED')
            live.set(event.orderId, { amount: event.amount, filled: 0, cancelled: 0 });
          if (event.type === 'TRADE') {
            live.get(event.makerOrderId)!.filled += event.amount;
            live.get(event.takerOrderId)!.filled += event.amount;
          }
          if (event.type === 'CANCELLED') live.get(event.orderId)!.cancelled += event.remaining;
          if (event.type !== 'DONE') return;
          const order = live.get(event.orderId)!;
          live.delete(event.orderId);
          expect(event.filled).toBe(order.filled);
          if (order.amount === 0) return; // a market BUY is bounded by its total, checked in the harness
          expect(order.filled).toBeLessThanOrEqual(order.amount);
          expect(order.filled + order.cancelled).toBe(order.amount);
          expect(event.status === 'FILLED').toBe(order.filled === order.amount);
        });
        for (const command of toCommands(steps)) engine.execute(command);
        expect(engine.restingCount).toBe(live.size);
        for (const [id, order] of live) {
          const resting = engine.order(id)!;
          expect(resting.filled).toBe(order.filled);
          expect(order.filled).toBeLessThan(order.amount);
          expect(resting.amount).toBe(order.amount);
        }
      }),
      runs,
    );
  });

  it('give the same events for the same commands', () => {
    fc.assert(
      fc.property(scripts, (steps) => {
        const commands = toCommands(steps);
        expect(eventsOf(commands)).toEqual(eventsOf(commands));
      }),
      runs,
    );
  });

  it('rebuild from the resting orders to the same depth and the same future events', () => {
    fc.assert(
      fc.property(scripts, scripts, (before, after) => {
        const commands = toCommands([...before, ...after]);
        const [first, rest] = [commands.slice(0, before.length), commands.slice(before.length)];
        const original = new CheckedEngine();
        original.runAll(first);
        const rebuilt = new CheckedEngine(original.engine.snapshot());
        expect(rebuilt.engine.depth(Infinity)).toEqual(original.engine.depth(Infinity));
        expect(rebuilt.engine.snapshot()).toEqual(original.engine.snapshot());
        expect(rest.map((c) => rebuilt.run(c).events)).toEqual(rest.map((c) => original.run(c).events));
      }),
      { numRuns: 150 },
    );
  });

  it('answer every command with a known code and never throw', () => {
    fc.assert(
      fc.property(scripts, (steps) => {
        const engine = createEngine();
        const known = new Set<number>(Object.values(ResultCode));
        for (const command of toCommands(steps)) expect(known.has(engine.execute(command))).toBe(true);
      }),
      runs,
    );
  });
});
