import { describe, expect, it } from 'vitest';
import { ResultCode, resultCodeName, resultCodeRanges } from './codes.ts';

describe('result codes', () => {
  it('never share a number', () => {
    const numbers = Object.values(ResultCode);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('lie in their subsystem’s range', () => {
    const rangeOf = (name: string): keyof typeof resultCodeRanges => {
      if (name === 'OK') return 'success';
      if (name.startsWith('RESTORE_')) return 'restore';
      return ['DUPLICATE_ORDER_ID', 'UNKNOWN_ORDER', 'SIDE_TOTAL_TOO_LARGE'].includes(name)
        ? 'book'
        : 'validation';
    };
    for (const [name, code] of Object.entries(ResultCode)) {
      const [low, high] = resultCodeRanges[rangeOf(name)];
      expect(code >= low && code <= high, `${name} = ${code}`).toBe(true);
    }
  });

  it('name themselves for logs', () => {
    expect(resultCodeName(ResultCode.UNKNOWN_ORDER)).toBe('UNKNOWN_ORDER');
    expect(resultCodeName(999)).toBeUndefined();
  });
});
