import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import {
  shortenHash,
  signedAmount,
  statusView,
  transactionDirection,
  transactionView,
} from './transactions.ts';

const t = i18n.getFixedT('en', 'wallet');

describe('transaction lines', () => {
  it('signs money in with + and money out with −', () => {
    expect(signedAmount('DEPOSIT', '0.5')).toEqual({ text: '+0.5', direction: 'in' });
    expect(signedAmount('TRANSFER_IN', '10')).toEqual({ text: '+10', direction: 'in' });
    expect(signedAmount('WITHDRAWAL', '0.5')).toEqual({ text: '−0.5', direction: 'out' });
    expect(signedAmount('TRANSFER_OUT', '10')).toEqual({ text: '−10', direction: 'out' });
    expect(signedAmount('STAKE', '100')).toEqual({ text: '−100', direction: 'out' });
    expect(signedAmount('CLAIM', '3.2')).toEqual({ text: '+3.2', direction: 'in' });
  });

  it('never doubles a sign the server already put on the amount', () => {
    expect(signedAmount('WITHDRAWAL', '-0.5').text).toBe('−0.5');
  });

  it('lets a trade line take its direction from its own sign', () => {
    expect(transactionDirection('TRADE', '-1.5')).toBe('out');
    expect(transactionDirection('TRADE', '1.5')).toBe('in');
  });

  it('names each type', () => {
    expect(transactionView(t, 'DEPOSIT').label).toBe('Deposit');
    expect(transactionView(t, 'WITHDRAWAL').label).toBe('Withdrawal');
    expect(transactionView(t, 'TRANSFER_IN').label).toBe('Transfer in');
    expect(transactionView(t, 'TRANSFER_OUT').label).toBe('Transfer out');
  });
});

describe('statusView', () => {
  it('gives each status its words and colour', () => {
    expect(statusView(t, 'PENDING')).toEqual({ label: 'Pending', tone: 'warning' });
    expect(statusView(t, 'BROADCAST')).toEqual({ label: 'Broadcast', tone: 'secondary' });
    expect(statusView(t, 'COMPLETED')).toEqual({ label: 'Completed', tone: 'success' });
    expect(statusView(t, 'REJECTED')).toEqual({ label: 'Rejected', tone: 'danger' });
    expect(statusView(t, 'CANCELLED')).toEqual({ label: 'Cancelled', tone: 'danger' });
    expect(statusView(t, 'PROCESSING')).toEqual({ label: 'Processing', tone: 'warning' });
    expect(statusView(t, 'FAILED')).toEqual({ label: 'Failed', tone: 'danger' });
  });
});

describe('shortenHash', () => {
  it('keeps both ends of a long hash', () => {
    expect(shortenHash('a'.repeat(6) + 'b'.repeat(52) + 'c'.repeat(6))).toBe('aaaaaa…cccccc');
    expect(shortenHash('short')).toBe('short');
  });
});
