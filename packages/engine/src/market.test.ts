import { describe, expect, it } from 'vitest';
import { ResultCode } from './codes.ts';
import { brief, cancel, limit, marketBuy, marketSell } from './testing/commands.ts';
import { CheckedEngine } from './testing/harness.ts';
import { MAX_QUANTITY } from './types.ts';

describe('market BUY by total (quote units = price ticks × lots)', () => {
  it('never overspends: buys whole lots it can afford and leaves the dust', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 1, 'SELL', 100, 2), limit(2, 1, 'SELL', 150, 10)]);
    expect(brief(book.run(marketBuy(3, 2, 420)).events)).toEqual([
      'ACCEPTED 3',
      'TRADE 1<-3 2@100',
      'DONE 1 FILLED 2/200',
      'TRADE 2<-3 1@150',
      'DONE 3 FILLED 3/350',
    ]);
    expect(book.engine.depth().asks).toEqual([[150, 9]]);
  });

  it('spends the exact total when it divides evenly', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'SELL', 125, 10));
    expect(brief(book.run(marketBuy(2, 2, 500)).events).at(-1)).toBe('DONE 2 FILLED 4/500');
  });

  it('is cancelled with NO_LIQUIDITY, the unspent total reported, when the asks run out', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'SELL', 100, 2));
    expect(brief(book.run(marketBuy(2, 2, 1000)).events)).toEqual([
      'ACCEPTED 2',
      'TRADE 1<-2 2@100',
      'DONE 1 FILLED 2/200',
      'CANCELLED 2 NO_LIQUIDITY 0/800',
      'DONE 2 CANCELLED 2/200',
    ]);
  });

  it('is cancelled untouched when the total cannot buy one lot at the best ask, or there is no ask', () => {
    const book = new CheckedEngine();
    expect(brief(book.run(marketBuy(1, 2, 50)).events)).toContain('CANCELLED 1 NO_LIQUIDITY 0/50');
    book.run(limit(2, 1, 'SELL', 100, 2));
    expect(brief(book.run(marketBuy(3, 2, 99)).events)).toContain('CANCELLED 3 NO_LIQUIDITY 0/99');
    expect(book.engine.depth().asks).toEqual([[100, 2]]);
  });

  it('cancels its owner’s asks and keeps buying from others', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 2, 'SELL', 100, 5), limit(2, 1, 'SELL', 100, 5)]);
    expect(brief(book.run(marketBuy(3, 2, 300)).events)).toEqual([
      'ACCEPTED 3',
      'CANCELLED 1 SELF_TRADE 5/0',
      'DONE 1 CANCELLED 0/0',
      'TRADE 2<-3 3@100',
      'DONE 3 FILLED 3/300',
    ]);
  });

  it('stays exact near the numeric bound', () => {
    const book = new CheckedEngine();
    const price = 94_906_263; // price × amount and the total stay ≤ 2^53 − 1
    book.runAll([limit(1, 1, 'SELL', price, 94_906_265), limit(2, 3, 'SELL', price, 94_906_265)]);
    const { events } = book.run(marketBuy(3, 2, MAX_QUANTITY));
    const done = events.at(-1);
    // floor((2^53 − 1) / price) = 94 906 268 lots: all of the first ask and 3 of the second.
    expect(done).toMatchObject({ type: 'DONE', status: 'FILLED', filled: 94_906_268 });
    expect(done?.type === 'DONE' && done.filledQuote).toBe(price * 94_906_268);
    expect(book.engine.depth().asks).toEqual([[price, 94_906_262]]);
    expect(book.run(marketBuy(4, 2, MAX_QUANTITY + 1)).code).toBe(ResultCode.INVALID_TOTAL);
  });
});

describe('market SELL by amount', () => {
  it('walks the bids best first and ends FILLED', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 2, 'BUY', 99, 3), limit(2, 3, 'BUY', 100, 3)]);
    expect(brief(book.run(marketSell(3, 1, 5)).events)).toEqual([
      'ACCEPTED 3',
      'TRADE 2<-3 3@100',
      'DONE 2 FILLED 3/300',
      'TRADE 1<-3 2@99',
      'DONE 3 FILLED 5/498',
    ]);
  });

  it('cancels what the bids cannot take with NO_LIQUIDITY', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 2, 'BUY', 100, 3));
    expect(brief(book.run(marketSell(2, 1, 5)).events).slice(-2)).toEqual([
      'CANCELLED 2 NO_LIQUIDITY 2/0',
      'DONE 2 CANCELLED 3/300',
    ]);
  });

  it('refuses an amount whose proceeds at the best bid could pass the numeric bound', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 2, 'BUY', 1_000, 1));
    expect(book.run(marketSell(2, 1, 2 ** 50)).code).toBe(ResultCode.NOTIONAL_TOO_LARGE);
    expect(book.run(marketSell(3, 1, 0)).code).toBe(ResultCode.INVALID_AMOUNT);
  });
});

describe('cancel', () => {
  it('removes a resting order with reason USER and its fills so far', () => {
    const book = new CheckedEngine();
    book.runAll([limit(1, 1, 'BUY', 100, 5), limit(2, 2, 'SELL', 100, 2)]);
    expect(brief(book.run(cancel(1)).events)).toEqual(['CANCELLED 1 USER 3/0', 'DONE 1 CANCELLED 2/200']);
    expect(book.engine.depth()).toEqual({ bids: [], asks: [] });
  });

  it('answers UNKNOWN_ORDER, with no event, for an id that is not resting', () => {
    const book = new CheckedEngine();
    book.run(limit(1, 1, 'BUY', 100, 5));
    const sequence = book.engine.sequence;
    expect(book.run(cancel(42))).toEqual({ code: ResultCode.UNKNOWN_ORDER, events: [] });
    book.run(cancel(1));
    expect(book.run(cancel(1)).code).toBe(ResultCode.UNKNOWN_ORDER);
    expect(book.run(cancel(0)).code).toBe(ResultCode.INVALID_ORDER_ID);
    expect(book.engine.sequence).toBe(sequence + 2);
  });

  it('keeps the other orders of the level in their order (O(1) unlink from the middle)', () => {
    const book = new CheckedEngine();
    book.runAll([1, 2, 3, 4].map((id) => limit(id, id, 'SELL', 100, 1)));
    book.run(cancel(2));
    book.run(cancel(4));
    expect(book.engine.snapshot().orders.map((order) => order.orderId)).toEqual([1, 3]);
    book.run(cancel(1));
    book.run(cancel(3));
    expect(book.engine.depth().asks).toEqual([]);
  });
});
