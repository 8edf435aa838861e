import { describe, expect, it } from 'vitest';
import { ResultCode } from './codes.ts';
import { brief, limit } from './testing/commands.ts';
import { CheckedEngine } from './testing/harness.ts';

describe('limit orders (GTC)', () => {
  it('rests when nothing crosses and reports the level in depth', () => {
    const book = new CheckedEngine();
    expect(brief(book.run(limit(1, 1, 'BUY', 100, 5)).events)).toEqual(['ACCEPTED 1', 'RESTED 1 5@100']);
    book.run(limit(2, 2, 'BUY', 100, 3));
    book.run(limit(3, 2, 'SELL', 102, 4));
    expect(book.engine.depth()).toEqual({ bids: [[100, 8]], asks: [[102, 4]] });
    expect(book.engine.order(2)).toEqual({
      orderId: 2,
      owner: 2,
      side: 'BUY',
      price: 100,
      amount: 3,
      filled: 0,
      filledQuote: 0,
    });
  });

  it('fills across levels at the makers’ prices and rests the remainder', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 1, 'SELL', 100, 5), limit(2, 1, 'SELL', 101, 5), limit(3, 1, 'SELL', 102, 5)]);
    expect(brief(book.run(limit(4, 2, 'BUY', 101, 8)).events)).toEqual([
      'ACCEPTED 4',
      'TRADE 1<-4 5@100',
      'DONE 1 FILLED 5/500',
      'TRADE 2<-4 3@101',
      'DONE 4 FILLED 8/803',
    ]);
    expect(brief(book.run(limit(5, 2, 'BUY', 101, 10)).events)).toEqual([
      'ACCEPTED 5',
      'TRADE 2<-5 2@101',
      'DONE 2 FILLED 5/505',
      'RESTED 5 8@101',
    ]);
    expect(book.engine.depth()).toEqual({ bids: [[101, 8]], asks: [[102, 5]] });
  });

  it('trades at the resting price even when the taker would pay more', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'BUY', 100, 2));
    const [, trade] = book.run(limit(2, 2, 'SELL', 90, 2)).events;
    expect(trade).toMatchObject({ type: 'TRADE', price: 100, amount: 2, quote: 200, takerSide: 'SELL' });
  });

  it('serves one level first in, first out', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 1, 'SELL', 100, 3), limit(2, 2, 'SELL', 100, 3), limit(3, 3, 'SELL', 100, 3)]);
    expect(brief(book.run(limit(4, 4, 'BUY', 100, 4)).events)).toEqual([
      'ACCEPTED 4',
      'TRADE 1<-4 3@100',
      'DONE 1 FILLED 3/300',
      'TRADE 2<-4 1@100',
      'DONE 4 FILLED 4/400',
    ]);
    expect(
      book.engine.snapshot().orders.map((order) => [order.orderId, order.amount - order.filled]),
    ).toEqual([
      [2, 2],
      [3, 3],
    ]);
  });
});

describe('IOC', () => {
  it('cancels the remainder after matching what crosses', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'SELL', 100, 5));
    book.run(limit(2, 1, 'SELL', 103, 5));
    expect(brief(book.run(limit(3, 2, 'BUY', 101, 8, 'IOC')).events)).toEqual([
      'ACCEPTED 3',
      'TRADE 1<-3 5@100',
      'DONE 1 FILLED 5/500',
      'CANCELLED 3 IOC 3/0',
      'DONE 3 CANCELLED 5/500',
    ]);
    expect(book.engine.depth()).toEqual({ bids: [], asks: [[103, 5]] });
  });

  it('cancels the whole order when nothing crosses', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'BUY', 99, 5));
    expect(brief(book.run(limit(2, 2, 'SELL', 100, 4, 'IOC')).events)).toEqual([
      'ACCEPTED 2',
      'CANCELLED 2 IOC 4/0',
      'DONE 2 CANCELLED 0/0',
    ]);
  });
});

describe('FOK', () => {
  it('does nothing, not even self-trade cancels, when the whole amount is not there', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 2, 'SELL', 100, 5), limit(2, 1, 'SELL', 100, 5), limit(3, 2, 'SELL', 102, 5)]);
    const before = book.engine.snapshot();
    // 15 lots cross, but 5 are the taker's own and would be cancelled rather than filled.
    expect(brief(book.run(limit(4, 1, 'BUY', 102, 11, 'FOK')).events)).toEqual([
      'ACCEPTED 4',
      'CANCELLED 4 FOK 11/0',
      'DONE 4 CANCELLED 0/0',
    ]);
    expect(book.engine.snapshot().orders).toEqual(before.orders);
  });

  it('fills entirely when the liquidity is there, cancelling own resting orders on the way', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 2, 'SELL', 100, 5), limit(2, 1, 'SELL', 100, 5), limit(3, 2, 'SELL', 102, 5)]);
    expect(brief(book.run(limit(4, 1, 'BUY', 102, 10, 'FOK')).events)).toEqual([
      'ACCEPTED 4',
      'TRADE 1<-4 5@100',
      'DONE 1 FILLED 5/500',
      'CANCELLED 2 SELF_TRADE 5/0',
      'DONE 2 CANCELLED 0/0',
      'TRADE 3<-4 5@102',
      'DONE 3 FILLED 5/510',
      'DONE 4 FILLED 10/1010',
    ]);
  });

  it('does not count liquidity beyond its limit price', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 2, 'BUY', 100, 5), limit(2, 2, 'BUY', 98, 5)]);
    expect(brief(book.run(limit(3, 1, 'SELL', 99, 6, 'FOK')).events)).toContain('CANCELLED 3 FOK 6/0');
    expect(book.engine.depth().bids).toEqual([
      [100, 5],
      [98, 5],
    ]);
  });
});

describe('post-only', () => {
  it('is cancelled instead of taking liquidity, and rests when it would not', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'SELL', 100, 5));
    expect(brief(book.run(limit(2, 2, 'BUY', 100, 5, 'GTC', true)).events)).toEqual([
      'ACCEPTED 2',
      'CANCELLED 2 POST_ONLY 5/0',
      'DONE 2 CANCELLED 0/0',
    ]);
    expect(brief(book.run(limit(3, 2, 'BUY', 99, 5, 'GTC', true)).events)).toEqual([
      'ACCEPTED 3',
      'RESTED 3 5@99',
    ]);
  });

  it('is cancelled even when the order it would take is its owner’s', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'SELL', 100, 5));
    expect(brief(book.run(limit(2, 1, 'BUY', 101, 5, 'GTC', true)).events)).toContain(
      'CANCELLED 2 POST_ONLY 5/0',
    );
    expect(book.engine.order(1)?.orderId).toBe(1);
  });

  it('is refused with IOC or FOK', () => {
    const book = new CheckedEngine();
    expect(book.run(limit(1, 1, 'BUY', 100, 5, 'IOC', true)).code).toBe(ResultCode.POST_ONLY_REQUIRES_GTC);
    expect(book.run(limit(2, 1, 'BUY', 100, 5, 'FOK', true)).code).toBe(ResultCode.POST_ONLY_REQUIRES_GTC);
  });
});

describe('self-trade prevention', () => {
  it('cancels the resting order of the same owner and lets the incoming one continue', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 7, 'SELL', 100, 5), limit(2, 8, 'SELL', 100, 5), limit(3, 7, 'SELL', 101, 5)]);
    expect(brief(book.run(limit(4, 7, 'BUY', 101, 7)).events)).toEqual([
      'ACCEPTED 4',
      'CANCELLED 1 SELF_TRADE 5/0',
      'DONE 1 CANCELLED 0/0',
      'TRADE 2<-4 5@100',
      'DONE 2 FILLED 5/500',
      'CANCELLED 3 SELF_TRADE 5/0',
      'DONE 3 CANCELLED 0/0',
      'RESTED 4 2@101',
    ]);
    expect(book.engine.depth()).toEqual({ bids: [[101, 2]], asks: [] });
    expect(
      book.events.filter((event) => event.type === 'TRADE').every((t) => t.makerOwner !== t.takerOwner),
    ).toBe(true);
  });

  it('reports the resting order’s partial fills in its DONE', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'SELL', 100, 5));
    book.run(limit(2, 2, 'BUY', 100, 2));
    expect(brief(book.run(limit(3, 1, 'BUY', 100, 1)).events)).toEqual([
      'ACCEPTED 3',
      'CANCELLED 1 SELF_TRADE 3/0',
      'DONE 1 CANCELLED 2/200',
      'RESTED 3 1@100',
    ]);
  });
});
