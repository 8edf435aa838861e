import { describe, expect, it } from 'vitest';
import { applyLevels, BOOK_DEPTH, compareDecimal, type LiveBook, stepBook } from './ws-client-book.ts';

const book: LiveBook = {
  bids: [
    ['100', '1'],
    ['99.5', '2'],
  ],
  asks: [
    ['101', '0.5'],
    ['102', '3'],
  ],
  sequence: 10,
};

describe('the live order book', () => {
  it('applies an update that follows the book: changed amounts, new levels in price order, zero removes', () => {
    const step = stepBook(book, {
      sequence: 12,
      prev_sequence: 10,
      bids: [
        ['99.75', '4'],
        ['100', '0'],
      ],
      asks: [
        ['101', '0.25'],
        ['100.5', '1'],
      ],
    });
    expect(step).toEqual({
      kind: 'apply',
      book: {
        bids: [
          ['99.75', '4'],
          ['99.5', '2'],
        ],
        asks: [
          ['100.5', '1'],
          ['101', '0.25'],
          ['102', '3'],
        ],
        sequence: 12,
      },
    });
  });

  it('asks for a fresh snapshot when an update does not follow the book (a gap)', () => {
    expect(stepBook(book, { sequence: 13, prev_sequence: 12, bids: [], asks: [] })).toEqual({ kind: 'gap' });
    expect(stepBook(book, { sequence: 11, bids: [], asks: [] })).toEqual({ kind: 'gap' });
  });

  it('ignores an update the book already holds (a snapshot taken after it, or a repeat)', () => {
    expect(stepBook(book, { sequence: 10, prev_sequence: 9, bids: [['1', '1']], asks: [] })).toEqual({
      kind: 'stale',
    });
    expect(stepBook(book, { sequence: 8, prev_sequence: 7, bids: [], asks: [] })).toEqual({ kind: 'stale' });
  });

  it('keeps the original book untouched (a new book each step)', () => {
    stepBook(book, { sequence: 11, prev_sequence: 10, bids: [['100', '0']], asks: [] });
    expect(book.bids[0]).toEqual(['100', '1']);
  });

  it('orders prices by value, not as text, and keeps at most BOOK_DEPTH levels', () => {
    const many = Array.from({ length: BOOK_DEPTH + 5 }, (_, i) => [String(i + 1), '1'] as const);
    const asks = applyLevels([], many, 'asc');
    expect(asks).toHaveLength(BOOK_DEPTH);
    expect(asks.slice(0, 3).map(([p]) => p)).toEqual(['1', '2', '3']);
    const bids = applyLevels(
      [['9', '1']],
      [
        ['10', '1'],
        ['9.99', '1'],
      ],
      'desc',
    );
    expect(bids.map(([p]) => p)).toEqual(['10', '9.99', '9']);
  });

  it('compares decimal strings exactly, beyond float precision', () => {
    expect(compareDecimal('10', '9.99')).toBe(1);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('-1.5', '1')).toBe(-1);
    expect(compareDecimal('12345678901234567.000000000000000001', '12345678901234567')).toBe(1);
  });
});
