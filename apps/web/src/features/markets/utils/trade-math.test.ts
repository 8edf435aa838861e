import { describe, expect, it } from 'vitest';
import { byAbsChange, depthWidths, divide, isNegative, midPrice, multiply, percentOf } from './trade-math.ts';

describe('trade math', () => {
  it('depth bars are proportional to the largest level', () => {
    expect(
      depthWidths([
        ['1', '2'],
        ['1', '0.5'],
        ['1', '1'],
      ]),
    ).toEqual([100, 25, 50]);
    expect(depthWidths([])).toEqual([]);
    expect(depthWidths([['1', '0']])).toEqual([0]);
  });
  it('percent of a balance rounds down with bigint', () => {
    expect(percentOf('10000', 25, 2)).toMatch(/^2500(\.0+)?$/);
    expect(Number(percentOf('0.00000003', 50, 8))).toBe(0.00000001);
    expect(percentOf('1.5', 100, 8)).toMatch(/^1\.50*$/);
  });
  it('multiplies and divides decimal strings', () => {
    expect(Number(multiply('30000.5', '0.1', 2))).toBe(3000.05);
    expect(multiply('abc', '1', 2)).toBe('');
    expect(Number(divide('100', '3', 4))).toBe(33.3333);
    expect(divide('100', '0', 4)).toBe('');
  });
  it('signs and sorting', () => {
    expect(isNegative('-1.25')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('2.00')).toBe(false);
    const sorted = byAbsChange([{ change_24h: '1.00' }, { change_24h: '-5.50' }, { change_24h: '3.00' }]);
    expect(sorted.map((m) => m.change_24h)).toEqual(['-5.50', '3.00', '1.00']);
  });
});

describe('midPrice', () => {
  it('halves the spread exactly, with one more decimal when it needs one', () => {
    expect(midPrice('100.01', '100.02', 2)).toBe('100.015');
    expect(midPrice('0.1', '0.2', 2)).toBe('0.15');
    expect(midPrice('64000', '64002', 2)).toBe('64001');
    // Floats say (0.00000001 + 0.00000002) / 2 = 1.5000000000000002e-8.
    expect(midPrice('0.00000001', '0.00000002', 8)).toBe('0.000000015');
  });
});
