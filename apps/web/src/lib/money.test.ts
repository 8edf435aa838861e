import { LANGUAGES } from '@fit24/contract';
import { describe, expect, it } from 'vitest';
import { localeOf } from '../i18n/i18n.ts';
import {
  amountProblemMessage,
  checkAmount,
  cleanAmountInput,
  formatAmount,
  formatUsd,
  MARKS,
  maxWithdrawable,
  unitsOf,
} from './money.ts';

describe('MARKS', () => {
  it("writes each language's digit group and decimal point as Intl does for its locale", () => {
    for (const language of LANGUAGES) {
      const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(12345.6);
      expect(MARKS[language].group).toBe(parts.find((part) => part.type === 'group')?.value);
      expect(MARKS[language].decimal).toBe(parts.find((part) => part.type === 'decimal')?.value);
    }
  });
});

describe('formatAmount', () => {
  it('groups thousands and keeps every decimal of the asset, padding to two', () => {
    expect(formatAmount('1250.5')).toBe('1,250.50');
    expect(formatAmount('1234567.12345678')).toBe('1,234,567.12345678');
    expect(formatAmount('0.00012345')).toBe('0.00012345');
    expect(formatAmount('0')).toBe('0.00');
    expect(formatAmount('10', 0)).toBe('10');
    expect(formatAmount('-3.25')).toBe('-3.25');
    expect(formatAmount('-0')).toBe('0.00');
  });

  it('never rounds: more decimals than a float holds stay exact', () => {
    expect(formatAmount('90071992547409.99999999')).toBe('90,071,992,547,409.99999999');
  });

  it('returns text that is not a decimal unchanged', () => {
    expect(formatAmount('n/a')).toBe('n/a');
  });
});

describe('formatUsd', () => {
  it('prefixes the dollar sign after the minus', () => {
    expect(formatUsd('80312.4')).toBe('$80,312.40');
    expect(formatUsd('0')).toBe('$0.00');
    expect(formatUsd('-5.5')).toBe('-$5.50');
  });
});

describe('cleanAmountInput', () => {
  it('reads a comma as the point and cuts at the asset decimals', () => {
    expect(cleanAmountInput('1,5', 8)).toBe('1.5');
    expect(cleanAmountInput('0.123456789', 8)).toBe('0.12345678');
    expect(cleanAmountInput('12.3456789', 6)).toBe('12.345678');
    expect(cleanAmountInput('.5', 8)).toBe('0.5');
    expect(cleanAmountInput('1.2.3', 8)).toBe('1.23');
    expect(cleanAmountInput('abc12', 8)).toBe('12');
    expect(cleanAmountInput('007.5', 8)).toBe('7.5');
    expect(cleanAmountInput('12.', 8)).toBe('12.');
    expect(cleanAmountInput('12.5', 0)).toBe('12');
  });
});

describe('maxWithdrawable', () => {
  it('is available minus the fee, in exact base units', () => {
    expect(maxWithdrawable('1.5', '0.0002', 8)).toBe('1.4998');
    expect(maxWithdrawable('0.30000001', '0.1', 8)).toBe('0.20000001');
    expect(maxWithdrawable('12.000001', '2', 6)).toBe('10.000001');
  });

  it('is never negative', () => {
    expect(maxWithdrawable('0.0001', '0.0002', 8)).toBe('0');
    expect(maxWithdrawable('0', '2', 6)).toBe('0');
    expect(maxWithdrawable('2', '2', 6)).toBe('0');
  });
});

describe('unitsOf', () => {
  it('reads signed API amounts', () => {
    expect(unitsOf('1.5', 8)).toBe(150000000n);
    expect(unitsOf('-0.25', 2)).toBe(-25n);
    expect(unitsOf('garbage', 2)).toBe(0n);
  });
});

describe('checkAmount (fee preview)', () => {
  const btc = { decimals: 8, available: '1', fee: '0.0002', minimum: '0.001' };

  it('adds the fee to the amount for the total deducted', () => {
    expect(checkAmount({ ...btc, amount: '0.5' })).toEqual({
      units: 50000000n,
      total: '0.5002',
      problem: null,
    });
    // 0.1 + 0.2 in floats is 0.30000000000000004; in base units it is exact.
    expect(checkAmount({ ...btc, fee: '0.2', amount: '0.1' }).total).toBe('0.3');
  });

  it('accepts exactly the whole balance minus the fee, and refuses one base unit more', () => {
    expect(checkAmount({ ...btc, amount: '0.9998' }).problem).toBeNull();
    expect(checkAmount({ ...btc, amount: '0.99980001' }).problem).toBe('insufficient');
  });

  it('names what is wrong', () => {
    expect(checkAmount({ ...btc, amount: '' }).problem).toBe('invalid');
    expect(checkAmount({ ...btc, amount: '12.' }).problem).toBe('invalid');
    expect(checkAmount({ ...btc, amount: '0' }).problem).toBe('zero');
    expect(checkAmount({ ...btc, amount: '0.0005' }).problem).toBe('below-minimum');
    expect(checkAmount({ ...btc, amount: '0.123456789' }).problem).toBe('too-many-decimals');
    expect(checkAmount({ ...btc, amount: '0.500000000' }).problem).toBeNull();
    expect(checkAmount({ ...btc, amount: '2' }).problem).toBe('insufficient');
  });

  it('without a fee or minimum checks the available balance alone (transfers)', () => {
    expect(checkAmount({ amount: '1', decimals: 6, available: '1' }).problem).toBeNull();
    expect(checkAmount({ amount: '1.000001', decimals: 6, available: '1' }).problem).toBe('insufficient');
  });
});

describe('amountProblemMessage', () => {
  const ctx = { symbol: 'BTC', decimals: 8, minimum: '0.001', fee: '0.0002', amount: '5' };
  it('uses the server wording', () => {
    expect(amountProblemMessage('below-minimum', ctx)).toBe('The minimum withdrawal is 0.001 BTC.');
    expect(amountProblemMessage('insufficient', ctx)).toBe(
      'Insufficient BTC balance for 5 plus the 0.0002 fee.',
    );
    expect(amountProblemMessage('insufficient', { ...ctx, fee: '0' })).toBe('Insufficient BTC balance.');
    expect(amountProblemMessage('too-many-decimals', ctx)).toBe('BTC amounts have at most 8 decimals.');
  });
});
