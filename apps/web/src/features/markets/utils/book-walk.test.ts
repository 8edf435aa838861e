import { describe, expect, it } from 'vitest';
import { walkBook } from './book-walk.ts';

const btc = { price_decimals: 2, amount_decimals: 4 };
const asks = [
  ['60000', '0.1'],
  ['60100', '0.2'],
] as const;
const bids = [
  ['59900', '0.1'],
  ['59800', '0.3'],
] as const;

describe('walkBook', () => {
  it('fills a market buy level by level, in whole lots, at each level price', () => {
    // 6000 buys the first level; 3005 more buys 0.05 at 60100 (0.0500 × 60100 = 3005).
    expect(walkBook('BUY', asks, '9005', btc)).toEqual({
      amount: '0.15',
      total: '9005',
      averagePrice: '60033.33',
      complete: true,
    });
    // What is left after the last whole lot stays unspent, and the order is still complete.
    expect(walkBook('BUY', asks, '6010', btc)).toMatchObject({
      amount: '0.1001',
      total: '6006.01',
      complete: true,
    });
  });

  it('says when the book runs out before the money', () => {
    expect(walkBook('BUY', asks, '100000', btc)).toEqual({
      amount: '0.3',
      total: '18020',
      averagePrice: '60066.66',
      complete: false,
    });
  });

  it('fills a market sell by amount against the bids, or says how much is missing', () => {
    expect(walkBook('SELL', bids, '0.2', btc)).toEqual({
      amount: '0.2',
      total: '11970',
      averagePrice: '59850',
      complete: true,
    });
    expect(walkBook('SELL', bids, '1', btc)).toMatchObject({ amount: '0.4', complete: false });
  });

  it('answers null for an empty or malformed value, and an empty fill for an empty book', () => {
    expect(walkBook('BUY', asks, '', btc)).toBeNull();
    expect(walkBook('BUY', asks, '1.123', btc)).not.toBeNull();
    expect(walkBook('SELL', bids, '0.00001', btc)).toBeNull();
    expect(walkBook('SELL', [], '1', btc)).toEqual({
      amount: '0',
      total: '0',
      averagePrice: null,
      complete: false,
    });
  });
});
