import { describe, expect, it } from 'vitest';
import { ResultCode } from './codes.ts';
import { createEngine } from './engine.ts';
import { cancel, limit, marketBuy } from './testing/commands.ts';
import { CheckedEngine } from './testing/harness.ts';
import { type EngineEvent, MAX_QUANTITY, type PlainCommand, type RestingOrder } from './types.ts';

describe('rejections are coded results with a REJECTED event, never throws', () => {
  const cases: [string, Exclude<PlainCommand, { type: 'CANCEL' }>, ResultCode][] = [
    ['order id 0', limit(0, 1, 'BUY', 100, 1), ResultCode.INVALID_ORDER_ID],
    ['fractional order id', limit(1.5, 1, 'BUY', 100, 1), ResultCode.INVALID_ORDER_ID],
    ['owner −1', limit(1, -1, 'BUY', 100, 1), ResultCode.INVALID_OWNER],
    ['side', limit(1, 1, 'HOLD' as never, 100, 1), ResultCode.INVALID_SIDE],
    ['price 0', limit(1, 1, 'BUY', 0, 1), ResultCode.INVALID_PRICE],
    ['price NaN', limit(1, 1, 'BUY', Number.NaN, 1), ResultCode.INVALID_PRICE],
    ['price 1.5', limit(1, 1, 'BUY', 1.5, 1), ResultCode.INVALID_PRICE],
    ['price beyond 2^53', limit(1, 1, 'BUY', MAX_QUANTITY + 1, 1), ResultCode.INVALID_PRICE],
    ['amount 0', limit(1, 1, 'SELL', 100, 0), ResultCode.INVALID_AMOUNT],
    ['time in force', limit(1, 1, 'SELL', 100, 1, 'GTD' as never), ResultCode.INVALID_TIME_IN_FORCE],
    ['notional beyond 2^53', limit(1, 1, 'BUY', 2 ** 30, 2 ** 30), ResultCode.NOTIONAL_TOO_LARGE],
    ['market total 0', marketBuy(1, 1, 0), ResultCode.INVALID_TOTAL],
  ];
  it.each(cases)('%s', (_name, command, code) => {
    const book = new CheckedEngine();
    const result = book.run(command);
    expect(result.code).toBe(code);
    expect(result.events).toEqual([
      { type: 'REJECTED', seq: 1, orderId: command.orderId, owner: command.owner, code },
    ]);
  });

  it('refuses an id that is resting, and an unknown command type', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'BUY', 100, 1));
    expect(book.run(limit(1, 2, 'SELL', 200, 1)).code).toBe(ResultCode.DUPLICATE_ORDER_ID);
    expect(book.engine.execute({ type: 'STOP' } as never)).toBe(ResultCode.UNKNOWN_COMMAND);
  });

  it('refuses a SELL whose proceeds at the best bid could pass 2^53, and a side whose total would', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'BUY', 1_000, 1));
    expect(book.run(limit(2, 2, 'SELL', 1, 2 ** 50)).code).toBe(ResultCode.NOTIONAL_TOO_LARGE);
    const sells = new CheckedEngine();
    sells.run(limit(3, 2, 'SELL', 1, 2 ** 52));
    expect(sells.run(limit(4, 2, 'SELL', 1, 2 ** 52)).code).toBe(ResultCode.SIDE_TOTAL_TOO_LARGE);
    expect(sells.run(limit(5, 2, 'SELL', 1, 2 ** 52, 'IOC')).code).toBe(ResultCode.OK);
  });
});

describe('events', () => {
  it('carry a sequence number that rises by one per event across commands', () => {
    const events: EngineEvent[] = [];
    const engine = createEngine((event) => events.push(event));
    engine.placeLimit(1, 1, 'SELL', 100, 5);
    engine.placeLimit(2, 2, 'BUY', 100, 2);
    engine.cancel(1);
    engine.placeLimit(3, 1, 'BUY', 0, 1);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(engine.sequence).toBe(8);
    expect(events[0]).toEqual({
      type: 'ACCEPTED',
      seq: 1,
      orderId: 1,
      owner: 1,
      side: 'SELL',
      orderType: 'LIMIT',
      price: 100,
      amount: 5,
      total: 0,
      timeInForce: 'GTC',
      postOnly: false,
    });
    expect(events[3]).toEqual({
      type: 'TRADE',
      seq: 4,
      makerOrderId: 1,
      takerOrderId: 2,
      makerOwner: 1,
      takerOwner: 2,
      takerSide: 'BUY',
      price: 100,
      amount: 2,
      quote: 200,
    });
  });
});

describe('depth and snapshot', () => {
  it('aggregates the top N levels best first, and answers one level', () => {
    const book = new CheckedEngine();
    book.runAll([100, 101, 99, 101, 98].map((price, i) => limit(i + 1, 1, 'BUY', price, i + 1)));
    book.runAll([105, 103].map((price, i) => limit(i + 10, 2, 'SELL', price, 1)));
    expect(book.engine.depth(2)).toEqual({
      bids: [
        [101, 6],
        [100, 1],
      ],
      asks: [
        [103, 1],
        [105, 1],
      ],
    });
    expect(book.engine.levelAmount('BUY', 101)).toBe(6);
    expect(book.engine.levelAmount('SELL', 101)).toBe(0);
    expect([book.engine.bestBid(), book.engine.bestAsk()]).toEqual([101, 103]);
  });
});

describe('restore (recovery)', () => {
  const commands = [
    limit(1, 1, 'BUY', 100, 5),
    limit(2, 2, 'BUY', 100, 3),
    limit(3, 3, 'SELL', 103, 4),
    limit(4, 3, 'SELL', 100, 2),
    limit(5, 1, 'BUY', 99, 7),
  ];

  it('rebuilds an identical book that then emits identical events', () => {
    const original = new CheckedEngine();
    original.runAll(commands);
    const snapshot = original.engine.snapshot();
    expect(snapshot.sequence).toBe(original.engine.sequence);
    const rebuilt = new CheckedEngine(snapshot);
    expect(rebuilt.engine.snapshot()).toEqual(snapshot);
    expect(rebuilt.engine.depth()).toEqual(original.engine.depth());
    const next = [limit(6, 4, 'SELL', 99, 9), cancel(3), marketBuy(7, 4, 10_000)];
    expect(next.map((command) => rebuilt.run(command).events)).toEqual(
      next.map((command) => original.run(command).events),
    );
  });

  it('refuses a bad state with a code and keeps the current book', () => {
    const book = new CheckedEngine();
    book.runAll(commands);
    const before = book.engine.snapshot();
    const order: RestingOrder = {
      orderId: 9,
      owner: 1,
      side: 'BUY',
      price: 100,
      amount: 5,
      filled: 0,
      filledQuote: 0,
    };
    const refused: [RestingOrder[], number, ResultCode][] = [
      [[order], -1, ResultCode.RESTORE_INVALID_SEQUENCE],
      [[{ ...order, filled: 5 }], 0, ResultCode.RESTORE_INVALID_ORDER],
      [[{ ...order, price: 0 }], 0, ResultCode.RESTORE_INVALID_ORDER],
      [[order, order], 0, ResultCode.RESTORE_DUPLICATE_ORDER],
      [[order, { ...order, orderId: 10, side: 'SELL' }], 0, ResultCode.RESTORE_CROSSED_BOOK],
      [
        [
          { ...order, price: 1, amount: MAX_QUANTITY },
          { ...order, orderId: 10, price: 1 },
        ],
        0,
        ResultCode.RESTORE_SIDE_TOTAL_TOO_LARGE,
      ],
    ];
    for (const [orders, sequence, code] of refused) {
      expect(book.engine.restore({ sequence, orders })).toBe(code);
      expect(book.engine.snapshot()).toEqual(before);
    }
  });
});
