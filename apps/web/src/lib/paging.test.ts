import { describe, expect, it } from 'vitest';
import { nextPageOf } from './paging.ts';

describe('nextPageOf', () => {
  it('asks for the next page until page × page_size reaches the total', () => {
    expect(nextPageOf({ page: 1, page_size: 20, total: 21 })).toBe(2);
    expect(nextPageOf({ page: 2, page_size: 20, total: 41 })).toBe(3);
    expect(nextPageOf({ page: 1, page_size: 20, total: 20 })).toBeUndefined();
    expect(nextPageOf({ page: 2, page_size: 20, total: 21 })).toBeUndefined();
    expect(nextPageOf({ page: 1, page_size: 20, total: 0 })).toBeUndefined();
  });
});
