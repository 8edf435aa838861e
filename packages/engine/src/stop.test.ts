import { describe, expect, it } from 'vitest';
import { ResultCode } from './codes.ts';
import { createEngine } from './engine.ts';
import { validateInternalState } from './invariants.ts';
import {
  brief,
  cancel,
  limit,
  marketBuy,
  marketSell,
  oco,
  stopLimit,
  stopMarketBuy,
  stopMarketSell,
} from './testing/commands.ts';
import type { Command, EngineEvent } from './types.ts';

/** An engine whose `run` returns the brief events of one command and checks the internal state after it. */
function stopBook() {
  let batch: EngineEvent[] = [];
  const engine = createEngine((event) => batch.push(event));
  const run = (command: Command): string[] => {
    batch = [];
    engine.execute(command);
    expect(validateInternalState(engine)).toEqual([]);
    return brief(batch);
  };
  const runAll = (commands: Command[]) => {
    for (const command of commands) run(command);
  };
  return { engine, run, runAll, last: () => batch };
}

describe('stop orders', () => {
  it('fire on the first trade that reaches the trigger, not before', () => {
    const book = stopBook();
    book.runAll([limit(1, 1, 'SELL', 104, 1), limit(2, 1, 'SELL', 105, 1), limit(3, 1, 'SELL', 106, 5)]);
    expect(book.run(stopLimit(10, 2, 'BUY', 105, 'ABOVE', 106, 2))).toEqual(['STOP_PLACED 10 ABOVE 105']);
    expect(book.run(marketBuy(4, 3, 104))).toEqual([
      'ACCEPTED 4',
      'TRADE 1<-4 1@104',
      'DONE 1 FILLED 1/104',
      'DONE 4 FILLED 1/104',
    ]);
    expect(book.engine.pendingStopCount).toBe(1);
    expect(book.run(marketBuy(5, 3, 105))).toEqual([
      'ACCEPTED 5',
      'TRADE 2<-5 1@105',
      'DONE 2 FILLED 1/105',
      'DONE 5 FILLED 1/105',
      'STOP_TRIGGERED 10 at 105',
      'ACCEPTED 10',
      'TRADE 3<-10 2@106',
      'DONE 10 FILLED 2/212',
    ]);
    expect(book.engine.pendingStopCount).toBe(0);
    expect(book.engine.depth().asks).toEqual([[106, 3]]);
  });

  it('wait for a trade even when the market is already beyond the trigger at placement', () => {
    const book = stopBook();
    book.runAll([limit(1, 1, 'SELL', 100, 5), limit(2, 2, 'BUY', 100, 1)]); // last price 100
    expect(book.run(stopLimit(10, 3, 'SELL', 101, 'BELOW', 90, 1))).toEqual(['STOP_PLACED 10 BELOW 101']);
    expect(book.engine.stop(10)).toMatchObject({ orderId: 10, trigger: 101, direction: 'BELOW', price: 90 });
    book.run(limit(3, 1, 'BUY', 95, 1)); // no trade: still pending
    expect(book.engine.pendingStopCount).toBe(1);
    expect(book.run(marketBuy(4, 2, 100)).slice(-5)).toEqual([
      'STOP_TRIGGERED 10 at 100',
      'ACCEPTED 10',
      'TRADE 3<-10 1@95',
      'DONE 3 FILLED 1/95',
      'DONE 10 FILLED 1/95',
    ]);
  });

  it('a stop-market SELL fired into an empty bid side ends NO_LIQUIDITY with nothing traded', () => {
    const book = stopBook();
    book.run(stopMarketSell(10, 3, 100, 4));
    book.run(limit(1, 1, 'BUY', 100, 2));
    expect(book.run(marketSell(2, 2, 2))).toEqual([
      'ACCEPTED 2',
      'TRADE 1<-2 2@100',
      'DONE 1 FILLED 2/200',
      'DONE 2 FILLED 2/200',
      'STOP_TRIGGERED 10 at 100',
      'ACCEPTED 10',
      'CANCELLED 10 NO_LIQUIDITY 4/0',
      'DONE 10 CANCELLED 0/0',
    ]);
  });

  it('a stop-market BUY spends its total like a market BUY placed at that moment', () => {
    const book = stopBook();
    book.runAll([limit(1, 1, 'SELL', 100, 1), limit(2, 1, 'SELL', 110, 10), stopMarketBuy(10, 3, 100, 250)]);
    const events = book.run(marketBuy(3, 2, 100));
    expect(events.slice(4)).toEqual([
      'STOP_TRIGGERED 10 at 100',
      'ACCEPTED 10',
      'TRADE 2<-10 2@110',
      'DONE 10 FILLED 2/220',
    ]);
    expect(book.last().find((e) => e.type === 'ACCEPTED' && e.orderId === 10)).toMatchObject({
      orderType: 'MARKET',
      total: 250,
      timeInForce: 'IOC',
    });
  });

  it('cascade: a released stop’s trades fire further stops, each once, in a fixed order', () => {
    const book = stopBook();
    book.runAll([
      limit(1, 1, 'BUY', 100, 1),
      limit(2, 1, 'BUY', 99, 1),
      limit(3, 1, 'BUY', 98, 1),
      limit(4, 1, 'BUY', 97, 5),
      stopMarketSell(20, 2, 99, 1), // fires at 99 (second)
      stopMarketSell(21, 3, 100, 1), // fires at 100 (first)
      stopMarketSell(22, 4, 98, 1), // fired by 20's trade at 98
      stopLimit(23, 5, 'SELL', 50, 'BELOW', 40, 1), // never reached
    ]);
    expect(book.run(marketSell(5, 6, 1))).toEqual([
      'ACCEPTED 5',
      'TRADE 1<-5 1@100',
      'DONE 1 FILLED 1/100',
      'DONE 5 FILLED 1/100',
      'STOP_TRIGGERED 21 at 100',
      'ACCEPTED 21',
      'TRADE 2<-21 1@99',
      'DONE 2 FILLED 1/99',
      'DONE 21 FILLED 1/99',
      'STOP_TRIGGERED 20 at 99',
      'ACCEPTED 20',
      'TRADE 3<-20 1@98',
      'DONE 3 FILLED 1/98',
      'DONE 20 FILLED 1/98',
      'STOP_TRIGGERED 22 at 98',
      'ACCEPTED 22',
      'TRADE 4<-22 1@97',
      'DONE 22 FILLED 1/97',
    ]);
    expect(book.engine.snapshot().stops?.map((s) => s.orderId)).toEqual([23]);
  });

  it('stops reached by one trade fire in placement order, after those of earlier trades', () => {
    const book = stopBook();
    book.runAll([
      limit(1, 1, 'SELL', 101, 1),
      limit(2, 1, 'SELL', 102, 1),
      stopLimit(10, 2, 'BUY', 102, 'ABOVE', 90, 1),
      stopLimit(11, 2, 'BUY', 101, 'ABOVE', 90, 1),
      stopLimit(12, 2, 'SELL', 102, 'BELOW', 200, 1),
      stopLimit(13, 2, 'BUY', 100, 'ABOVE', 90, 1),
    ]);
    const fired = book.run(limit(3, 3, 'BUY', 102, 2)).filter((e) => e.startsWith('STOP_TRIGGERED'));
    // the trade at 101 reaches 11, 12 (SELL ≤ 102) and 13, in placement order; the one at 102 reaches 10
    expect(fired).toEqual([
      'STOP_TRIGGERED 11 at 101',
      'STOP_TRIGGERED 12 at 101',
      'STOP_TRIGGERED 13 at 101',
      'STOP_TRIGGERED 10 at 102',
    ]);
  });

  it('cancel of a pending stop releases the whole order; a second cancel is UNKNOWN_ORDER', () => {
    const book = stopBook();
    book.run(stopMarketBuy(10, 2, 100, 500));
    book.run(stopLimit(11, 2, 'SELL', 90, 'BELOW', 89, 3));
    expect(book.run(cancel(10))).toEqual(['CANCELLED 10 USER 0/500', 'DONE 10 CANCELLED 0/0']);
    expect(book.run(cancel(11))).toEqual(['CANCELLED 11 USER 3/0', 'DONE 11 CANCELLED 0/0']);
    expect(book.engine.execute(cancel(11))).toBe(ResultCode.UNKNOWN_ORDER);
    expect(book.engine.pendingStopCount).toBe(0);
  });

  it('refuses bad triggers and ids already in use, resting or pending', () => {
    const book = stopBook();
    book.run(limit(1, 1, 'BUY', 100, 1));
    book.run(stopLimit(2, 1, 'BUY', 110, 'ABOVE', 111, 1));
    const code = (command: Command) => book.engine.execute(command);
    expect(code(stopLimit(3, 1, 'BUY', 0, 'ABOVE', 111, 1))).toBe(ResultCode.INVALID_TRIGGER);
    expect(code(stopLimit(3, 1, 'BUY', 1.5, 'ABOVE', 111, 1))).toBe(ResultCode.INVALID_TRIGGER);
    expect(code(stopLimit(3, 1, 'BUY', 110, 'UP' as never, 111, 1))).toBe(ResultCode.INVALID_DIRECTION);
    expect(code(stopLimit(3, 1, 'BUY', 110, 'ABOVE', 0, 1))).toBe(ResultCode.INVALID_PRICE);
    expect(code(stopLimit(3, 1, 'BUY', 110, 'ABOVE', 2 ** 30, 2 ** 30))).toBe(ResultCode.NOTIONAL_TOO_LARGE);
    expect(code(stopLimit(1, 1, 'BUY', 110, 'ABOVE', 111, 1))).toBe(ResultCode.DUPLICATE_ORDER_ID);
    expect(code(stopMarketBuy(2, 1, 110, 5))).toBe(ResultCode.DUPLICATE_ORDER_ID);
    expect(code(limit(2, 1, 'SELL', 120, 1))).toBe(ResultCode.DUPLICATE_ORDER_ID);
    expect(code(marketSell(2, 1, 1))).toBe(ResultCode.DUPLICATE_ORDER_ID);
    expect(book.run(stopMarketSell(3, 1, 90, 0))).toEqual([`REJECTED 3 ${ResultCode.INVALID_AMOUNT}`]);
    expect(book.engine.pendingStopCount).toBe(1);
  });

  it('a fired stop the book refuses now is REJECTED after its STOP_TRIGGERED', () => {
    const book = stopBook();
    const big = 2 ** 26;
    book.runAll([limit(1, 1, 'BUY', 2 ** 27, 1), stopLimit(10, 2, 'SELL', 2 ** 27, 'BELOW', 1, big)]);
    // a SELL's worst case is amount × best bid: 2^26 × 2^27 > 2^53 once a bid that high rests
    book.run(limit(2, 3, 'BUY', 2 ** 27, 1));
    expect(book.run(marketSell(3, 4, 1)).slice(-2)).toEqual([
      'STOP_TRIGGERED 10 at 134217728',
      'REJECTED 10 109',
    ]);
  });
});

describe('OCO', () => {
  // SELL 2 lots: take profit at 110, stop loss firing at ≤ 90 with limit 88.
  const takeProfitStopLoss = oco(1, 2, 7, 'SELL', 2, 110, 90, 'BELOW', 88);

  it('a fill of the limit leg cancels the stop leg, even a partial one', () => {
    const book = stopBook();
    expect(book.run(takeProfitStopLoss)).toEqual(['STOP_PLACED 2 BELOW 90', 'ACCEPTED 1', 'RESTED 1 2@110']);
    expect(book.run(limit(3, 8, 'BUY', 110, 1))).toEqual([
      'ACCEPTED 3',
      'TRADE 1<-3 1@110',
      'CANCELLED 2 OCO 2/0',
      'DONE 2 CANCELLED 0/0',
      'DONE 3 FILLED 1/110',
    ]);
    expect(book.engine.pendingStopCount).toBe(0);
    book.runAll([limit(4, 8, 'BUY', 90, 5), marketSell(5, 9, 1)]); // a trade at 90: nothing fires
    expect(book.last().some((e) => e.type === 'STOP_TRIGGERED')).toBe(false);
    expect(book.engine.order(1)).toMatchObject({ filled: 1 });
  });

  it('a limit leg that trades on placement cancels the stop leg at once', () => {
    const book = stopBook();
    book.run(limit(5, 8, 'BUY', 111, 2));
    expect(book.run(takeProfitStopLoss)).toEqual([
      'STOP_PLACED 2 BELOW 90',
      'ACCEPTED 1',
      'TRADE 5<-1 2@111',
      'DONE 5 FILLED 2/222',
      'CANCELLED 2 OCO 2/0',
      'DONE 2 CANCELLED 0/0',
      'DONE 1 FILLED 2/222',
    ]);
  });

  it('the stop leg firing cancels the limit leg before it goes live', () => {
    const book = stopBook();
    book.runAll([takeProfitStopLoss, limit(3, 8, 'BUY', 90, 1), limit(4, 8, 'BUY', 88, 5)]);
    expect(book.run(marketSell(5, 9, 1))).toEqual([
      'ACCEPTED 5',
      'TRADE 3<-5 1@90',
      'DONE 3 FILLED 1/90',
      'DONE 5 FILLED 1/90',
      'STOP_TRIGGERED 2 at 90',
      'CANCELLED 1 OCO 2/0',
      'DONE 1 CANCELLED 0/0',
      'ACCEPTED 2',
      'TRADE 4<-2 2@88',
      'DONE 2 FILLED 2/176',
    ]);
    expect(book.engine.order(1)).toBeUndefined();
  });

  it('a fired stop leg whose limit leg trades before its release is cancelled: never both legs', () => {
    // BUY OCO: limit leg at 98, stop leg firing at ≤ 99. One SELL sweep trades at 99 (fires the stop leg)
    // and then fills the limit leg at 98, before the stop leg is released.
    const book = stopBook();
    book.runAll([limit(3, 8, 'BUY', 99, 1), oco(1, 2, 7, 'BUY', 1, 98, 99, 'BELOW', 99)]);
    expect(book.run(marketSell(5, 9, 2))).toEqual([
      'ACCEPTED 5',
      'TRADE 3<-5 1@99',
      'DONE 3 FILLED 1/99',
      'TRADE 1<-5 1@98',
      'DONE 1 FILLED 1/98',
      'DONE 5 FILLED 2/197',
      'CANCELLED 2 OCO 1/0',
      'DONE 2 CANCELLED 0/0',
    ]);
  });

  it('cancelling either leg cancels both', () => {
    const book = stopBook();
    book.run(takeProfitStopLoss);
    expect(book.run(cancel(1))).toEqual([
      'CANCELLED 1 USER 2/0',
      'DONE 1 CANCELLED 0/0',
      'CANCELLED 2 OCO 2/0',
      'DONE 2 CANCELLED 0/0',
    ]);
    book.run(oco(3, 4, 7, 'SELL', 2, 110, 90, 'BELOW', 88));
    expect(book.run(cancel(4))).toEqual([
      'CANCELLED 4 USER 2/0',
      'DONE 4 CANCELLED 0/0',
      'CANCELLED 3 OCO 2/0',
      'DONE 3 CANCELLED 0/0',
    ]);
    expect(book.engine.restingCount + book.engine.pendingStopCount).toBe(0);
  });

  it('a post-only limit leg that would cross ends, and takes the stop leg with it', () => {
    const book = stopBook();
    book.run(limit(5, 8, 'BUY', 120, 1));
    expect(
      book.run({ ...(takeProfitStopLoss as Extract<Command, { type: 'OCO' }>), postOnly: true }),
    ).toEqual([
      'STOP_PLACED 2 BELOW 90',
      'ACCEPTED 1',
      'CANCELLED 1 POST_ONLY 2/0',
      'DONE 1 CANCELLED 0/0',
      'CANCELLED 2 OCO 2/0',
      'DONE 2 CANCELLED 0/0',
    ]);
  });

  it('is refused whole, with a REJECTED per leg', () => {
    const book = stopBook();
    book.run(limit(9, 1, 'BUY', 50, 1));
    for (const [command, code] of [
      [oco(1, 1, 7, 'SELL', 2, 110, 90, 'BELOW', 88), ResultCode.INVALID_OCO],
      [oco(9, 2, 7, 'SELL', 2, 110, 90, 'BELOW', 88), ResultCode.DUPLICATE_ORDER_ID],
      [oco(1, 9, 7, 'SELL', 2, 110, 90, 'BELOW', 88), ResultCode.DUPLICATE_ORDER_ID],
      [oco(1, 2, 7, 'SELL', 2, 110, 0, 'BELOW', 88), ResultCode.INVALID_TRIGGER],
    ] as const) {
      expect(book.run(command)).toEqual(
        [`REJECTED 1 ${code}`, `REJECTED 2 ${code}`].map((e, i) =>
          i === 0
            ? e.replace(' 1 ', ` ${(command as { orderId: number }).orderId} `)
            : e.replace(' 2 ', ` ${(command as { stopOrderId: number }).stopOrderId} `),
        ),
      );
    }
    expect(book.engine.pendingStopCount).toBe(0);
  });
});

describe('snapshot and restore with stops', () => {
  it('rebuild pending stops and OCO links, and refuse a broken link', () => {
    const book = stopBook();
    book.runAll([
      oco(1, 2, 7, 'SELL', 2, 110, 90, 'BELOW', 88),
      stopMarketBuy(3, 8, 105, 1000),
      stopLimit(4, 8, 'SELL', 90, 'BELOW', 89, 1),
    ]);
    const snapshot = book.engine.snapshot();
    expect(snapshot.stops?.map((s) => [s.orderId, s.ocoOrderId])).toEqual([
      [2, 1],
      [3, 0],
      [4, 0],
    ]);
    const copy = createEngine();
    expect(copy.restore(snapshot)).toBe(ResultCode.OK);
    expect(validateInternalState(copy)).toEqual([]);
    expect(copy.snapshot()).toEqual(snapshot);
    const broken = {
      ...snapshot,
      stops: snapshot.stops!.map((s) => ({ ...s, ocoOrderId: s.ocoOrderId && 99 })),
    };
    expect(copy.restore(broken)).toBe(ResultCode.RESTORE_INVALID_STOP);
    const clash = { ...snapshot, stops: [{ ...snapshot.stops![1]!, orderId: 1 }] };
    expect(copy.restore(clash)).toBe(ResultCode.RESTORE_DUPLICATE_ORDER);
    expect(copy.snapshot()).toEqual(snapshot);
    expect(createEngine().snapshot()).toEqual({ sequence: 0, orders: [] });
  });
});
