import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBaseUnits, toBaseUnits, ZAmount } from './money.ts';

describe('money at the API edge', () => {
  it('reads decimal strings into base units exactly', () => {
    expect(toBaseUnits('1250.5', 2)).toBe(125050n);
    expect(toBaseUnits('0.00000001', 8)).toBe(1n);
    expect(toBaseUnits('1', 0)).toBe(1n);
    expect(toBaseUnits('10.10', 1)).toBe(101n);
    expect(toBaseUnits('0', 8)).toBe(0n);
  });

  it('refuses more decimals than the asset has, and anything that is not a plain decimal', () => {
    expect(toBaseUnits('0.000000001', 8)).toBeNull();
    expect(toBaseUnits('1.5', 0)).toBeNull();
    for (const bad of ['1e5', '-1', '01', '1.', '.5', ' 1', '0x10', 'NaN', 'Infinity', '']) {
      expect(toBaseUnits(bad, 8), bad).toBeNull();
    }
  });

  it('writes base units as plain decimals without trailing zeros', () => {
    expect(fromBaseUnits(125050n, 2)).toBe('1250.5');
    expect(fromBaseUnits(1n, 8)).toBe('0.00000001');
    expect(fromBaseUnits(0n, 8)).toBe('0');
    expect(fromBaseUnits(-325n, 2)).toBe('-3.25');
    expect(fromBaseUnits(12n, 0)).toBe('12');
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(
        // The edge accepts at most 20 whole digits: 10^20 − 1 base units is the largest whole amount.
        fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
        fc.integer({ min: 0, max: 8 }),
        (units, decimals) => {
          expect(toBaseUnits(fromBaseUnits(units, decimals), decimals)).toBe(units);
        },
      ),
    );
  });

  it('accepts JSON numbers through their shortest form, but not exponents', () => {
    expect(ZAmount.parse(12.5)).toBe('12.5');
    expect(ZAmount.parse(' 3 ')).toBe('3');
    expect(ZAmount.safeParse(1e21).success).toBe(false);
    expect(ZAmount.safeParse(1e-7).success).toBe(false);
    expect(ZAmount.safeParse(-1).success).toBe(false);
  });
});
