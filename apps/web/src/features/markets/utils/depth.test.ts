import { describe, expect, it } from 'vitest';
import { depthCurve, depthPaths } from './depth.ts';

describe('depth chart geometry', () => {
  it('sums each side outward from the spread and spans both sides', () => {
    const curve = depthCurve(
      [
        ['99', '1'],
        ['98', '2.5'],
      ],
      [
        ['101', '0.5'],
        ['103', '4'],
      ],
    );
    expect(curve?.minPrice).toBeCloseTo(97.75);
    expect(curve?.maxPrice).toBeCloseTo(103.25);
    expect({ ...curve, minPrice: 0, maxPrice: 0 }).toEqual({
      bids: [
        { price: 99, total: 1 },
        { price: 98, total: 3.5 },
      ],
      asks: [
        { price: 101, total: 0.5 },
        { price: 103, total: 4.5 },
      ],
      minPrice: 0,
      maxPrice: 0,
      maxTotal: 4.5,
    });
  });

  it('is null for an empty book and skips levels that are not positive numbers', () => {
    expect(depthCurve([], [])).toBeNull();
    const curve = depthCurve(
      [
        ['x', '1'],
        ['10', '0'],
        ['9', '2'],
      ],
      [],
    );
    expect(curve?.bids).toEqual([{ price: 9, total: 2 }]);
    // A single level is given room on both sides.
    expect(curve?.minPrice).toBeCloseTo(8.91);
    expect(curve?.maxPrice).toBeCloseTo(9.09);
  });

  it('draws bids as a staircase to the left edge and asks to the right edge, tallest at the top', () => {
    // Prices 98…101 with 5 % room each side: 97.85…101.15 across 100 px.
    const curve = depthCurve(
      [
        ['99', '1'],
        ['98', '1'],
      ],
      [['101', '2']],
    );
    if (!curve) throw new Error('no curve');
    const paths = depthPaths(curve, 100, 50, 10);
    // x: 99 → 34.85, 98 → 4.55, 101 → 95.45; y: 0 → 50, 1 → 30, 2 → 10.
    expect(paths.bidLine).toBe('M34.85,50V30H4.55V10H0');
    expect(paths.bidArea).toBe('M34.85,50V30H4.55V10H0V50Z');
    expect(paths.askLine).toBe('M95.45,50V10H100');
    expect(paths.askArea.endsWith('V50Z')).toBe(true);
  });

  it('leaves a missing side undrawn', () => {
    const curve = depthCurve([], [['5', '1']]);
    if (!curve) throw new Error('no curve');
    const paths = depthPaths(curve, 10, 10);
    expect(paths.bidLine).toBe('');
    expect(paths.askLine).not.toBe('');
  });
});
