import { describe, expect, it } from 'vitest';
import { parseId } from './search-params.ts';

describe('parseId', () => {
  it('reads positive whole numbers only', () => {
    expect(parseId('3')).toBe(3);
    expect(parseId(null)).toBeNull();
    expect(parseId('0')).toBeNull();
    expect(parseId('-1')).toBeNull();
    expect(parseId('2.5')).toBeNull();
    expect(parseId('abc')).toBeNull();
  });
});
