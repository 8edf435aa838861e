/**
 * The order book kept live from the socket (DESIGN §3): a snapshot, then updates of the levels that changed,
 * each naming the `prev_sequence` it follows. Pure functions, decimal strings throughout (no floats).
 */

import type { TServerMessage } from '@fit24/contract';

export type BookLevel = readonly [price: string, amount: string];

export interface LiveBook {
  /** Best (highest) first. */
  bids: BookLevel[];
  /** Best (lowest) first. */
  asks: BookLevel[];
  /** The engine sequence this book reflects. */
  sequence: number;
}

export interface BookUpdate {
  sequence: number;
  prev_sequence?: number | undefined;
  bids: readonly BookLevel[];
  asks: readonly BookLevel[];
}

/**
 * What an update does to a book: `apply` (it follows the book: the new book), `stale` (the book already
 * includes it: a snapshot taken after the change, or a repeat) or `gap` (updates were missed: the client
 * must subscribe again for a fresh snapshot).
 */
export type BookStep = { kind: 'apply'; book: LiveBook } | { kind: 'stale' } | { kind: 'gap' };

/** Levels a snapshot holds at most (`market/orderbook` answers 50 a side); deeper levels are dropped. */
export const BOOK_DEPTH = 50;

export function stepBook(book: LiveBook, update: BookUpdate): BookStep {
  if (update.sequence <= book.sequence) return { kind: 'stale' };
  // An update without prev_sequence can't be chained: treat it as a gap rather than guess.
  if (update.prev_sequence !== book.sequence) return { kind: 'gap' };
  return {
    kind: 'apply',
    book: {
      bids: applyLevels(book.bids, update.bids, 'desc'),
      asks: applyLevels(book.asks, update.asks, 'asc'),
      sequence: update.sequence,
    },
  };
}

/**
 * One side with changed levels applied: a level's amount replaces the old one, amount 0 removes it; the side
 * stays sorted best first (`desc` for bids, `asc` for asks) and at most BOOK_DEPTH long.
 */
export function applyLevels(
  side: readonly BookLevel[],
  changes: readonly BookLevel[],
  order: 'asc' | 'desc',
): BookLevel[] {
  if (changes.length === 0) return [...side];
  const byPrice = new Map<string, string>(side.map(([price, amount]) => [price, amount]));
  for (const [price, amount] of changes) {
    if (isZero(amount)) byPrice.delete(price);
    else byPrice.set(price, amount);
  }
  const sign = order === 'asc' ? 1 : -1;
  return [...byPrice.entries()]
    .sort(([a], [b]) => sign * compareDecimal(a, b))
    .slice(0, BOOK_DEPTH)
    .map(([price, amount]) => [price, amount] as const);
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Compares two decimal strings by value (−1, 0, 1) without converting them to floats. */
export function compareDecimal(a: string, b: string): number {
  const x = DECIMAL.exec(a);
  const y = DECIMAL.exec(b);
  if (!x || !y) return a < b ? -1 : a > b ? 1 : 0;
  const scale = Math.max(x[3]?.length ?? 0, y[3]?.length ?? 0);
  const units = (m: RegExpExecArray) => BigInt(`${m[1]}${m[2]}${(m[3] ?? '').padEnd(scale, '0')}`);
  const diff = units(x) - units(y);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

function isZero(amount: string): boolean {
  return /^-?0*(\.0*)?$/.test(amount);
}

/** The book as the `orderbook` snapshot message that book listeners get after every change. */
export function bookMessage(
  marketId: number,
  book: LiveBook,
): Extract<TServerMessage, { channel: 'orderbook' }> {
  return {
    channel: 'orderbook',
    market_id: marketId,
    type: 'snapshot',
    sequence: book.sequence,
    data: { bids: book.bids.map(([p, a]) => [p, a]), asks: book.asks.map(([p, a]) => [p, a]) },
  };
}
