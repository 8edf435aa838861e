import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { stakeProblem } from './StakePage.tsx';

const t = i18n.getFixedT('en', 'affiliate');
const check = (amount: string, over: { balance?: string; minimum?: string } = {}) =>
  stakeProblem(t, { amount, balance: '250', minimum: '10', source: 'AVAILABLE', ...over });

describe('stakeProblem: a stake is checked before it is confirmed', () => {
  it('accepts an amount from the minimum up to the balance', () => {
    expect(check('10')).toBeNull();
    expect(check('250')).toBeNull();
    expect(check('99.12345678')).toBeNull();
  });

  it('refuses what is not an amount, zero, and too many decimals', () => {
    expect(check('')).toBe('Enter an amount such as 100');
    expect(check('1.')).toBe('Enter an amount such as 100');
    expect(check('0')).toBe('The amount must be more than zero.');
    expect(check('0.000000001')).toBe('FIT24 amounts have at most 8 decimals.');
  });

  it('refuses less than the programme’s minimum stake, as the server words it', () => {
    expect(check('5')).toBe('The minimum stake is 10 FIT24.');
    expect(check('9.99999999')).toBe('The minimum stake is 10 FIT24.');
    expect(check('30', { minimum: '25.5' })).toBeNull();
    expect(check('25', { minimum: '25.5' })).toBe('The minimum stake is 25.5 FIT24.');
  });

  it('refuses more than the chosen balance holds', () => {
    expect(check('250.00000001')).toBe('Your available balance holds only 250.00 FIT24.');
    expect(stakeProblem(t, { amount: '20', balance: '12.5', minimum: '10', source: 'WALLET' })).toBe(
      'Your affiliate wallet holds only 12.50 FIT24.',
    );
  });

  it('leaves the minimum and the balance to the server until they are known', () => {
    expect(check('5', { minimum: undefined })).toBeNull();
    expect(
      stakeProblem(t, { amount: '1000', balance: undefined, minimum: '10', source: 'LOCKED' }),
    ).toBeNull();
  });
});
