import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { dailyYield, fitUnits, formatFixed2, percentOfUnits } from './fit-amount.ts';
import { formatSurge, surgeBadge, txDirection, yieldLabel } from './labels.ts';

describe('formatFixed2: amounts with exactly two decimals (spec §9)', () => {
  it('pads and groups', () => {
    expect(formatFixed2('100')).toBe('100.00');
    expect(formatFixed2('1250.5')).toBe('1,250.50');
    expect(formatFixed2('0')).toBe('0.00');
    expect(formatFixed2('1234567.1')).toBe('1,234,567.10');
  });

  it('cuts extra decimals on the text, never rounding up or losing precision', () => {
    expect(formatFixed2('0.129')).toBe('0.12');
    expect(formatFixed2('0.99999999')).toBe('0.99');
    expect(formatFixed2('90071992547409.99999999')).toBe('90,071,992,547,409.99');
    expect(formatFixed2('0.30000000000000004')).toBe('0.30');
  });

  it('shows 0.00 for nothing or unreadable text, and no negative zero', () => {
    expect(formatFixed2(undefined)).toBe('0.00');
    expect(formatFixed2(null)).toBe('0.00');
    expect(formatFixed2('abc')).toBe('0.00');
    expect(formatFixed2('-0.001')).toBe('0.00');
    expect(formatFixed2('-3.256')).toBe('-3.25');
  });
});

describe('amounts follow the language on screen', () => {
  it('writes Spanish marks, with the same digits', async () => {
    await i18n.changeLanguage('es');
    try {
      expect(formatFixed2('1250.5')).toBe('1.250,50');
      expect(formatFixed2('0.129')).toBe('0,12');
      expect(yieldLabel('0.30')).toBe('0,30%');
      expect(surgeBadge(1.5, i18n.getFixedT('es', 'affiliate'))).toBe('Surge 1,5 X');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(formatFixed2('1250.5')).toBe('1,250.50');
  });
});

describe('FIT24 arithmetic', () => {
  it('reads amounts in base units, 0 for unreadable', () => {
    expect(fitUnits('1.5')).toBe(150_000_000n);
    expect(fitUnits('-2')).toBe(-200_000_000n);
    expect(fitUnits('1.123456789')).toBe(0n);
    expect(fitUnits(undefined)).toBe(0n);
  });

  it('takes a percent exactly, rounding down', () => {
    expect(dailyYield('100', '0.30')).toBe('0.3');
    expect(dailyYield('100', '0.6')).toBe('0.6');
    expect(dailyYield('33.33333333', '0.30')).toBe('0.09999999');
    expect(dailyYield('0', '0.30')).toBe('0');
    expect(percentOfUnits(1n, '0.30')).toBe(0n);
    expect(percentOfUnits(100n, 'x')).toBe(0n);
  });
});

describe('labels', () => {
  it('shows the surge with one decimal in the badge', () => {
    const t = i18n.getFixedT('en', 'affiliate');
    expect(surgeBadge(1.5, t)).toBe('Surge 1.5 X');
    expect(surgeBadge(1, t)).toBe('Surge 1.0 X');
    expect(formatSurge(2.25)).toBe('2.3');
    expect(formatSurge(0.1 + 0.2)).toBe('0.3');
    expect(formatSurge(Number.NaN)).toBe('1.0');
  });

  it('points REWARD in and STAKE or WITHDRAWAL out', () => {
    expect(txDirection('REWARD')).toBe('in');
    expect(txDirection('STAKE')).toBe('out');
    expect(txDirection('WITHDRAWAL')).toBe('out');
  });

  it('labels a yield', () => {
    expect(yieldLabel('0.3')).toBe('0.3%');
    expect(yieldLabel('0.6')).toBe('0.6%');
  });
});
