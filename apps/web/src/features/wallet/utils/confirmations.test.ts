import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { confirmationsLong, confirmationsOf, confirmationsShort, statusSentence } from './confirmations.ts';

const t = i18n.getFixedT('en', 'wallet');

const deposit = (confirmations: number | null, status: 'PENDING' | 'COMPLETED' | 'FAILED' = 'PENDING') => ({
  type: 'DEPOSIT' as const,
  status,
  confirmations,
  required_confirmations: confirmations === null ? null : 6,
});

describe('confirmations of a history line', () => {
  it('counts a pending deposit: "2/6" in the list, "2 of 6" on its page, a third of the bar', () => {
    const view = confirmationsOf(deposit(2));
    expect(view).toEqual({ done: 2, required: 6, counting: true, progress: 2 / 6 });
    expect(confirmationsShort(t, deposit(2))).toBe('2/6 confirmations');
    expect(confirmationsLong(t, view!)).toBe('2 of 6 confirmations');
    expect(confirmationsShort(t, deposit(0))).toBe('0/6 confirmations');
  });

  it('shows a completed line as done at what was required, however deep it is now', () => {
    const view = confirmationsOf(deposit(14, 'COMPLETED'));
    expect(view).toEqual({ done: 6, required: 6, counting: false, progress: 1 });
    expect(confirmationsLong(t, view!)).toBe('6 of 6 confirmations');
    // Nothing under the amount in the list once it is final.
    expect(confirmationsShort(t, deposit(14, 'COMPLETED'))).toBeNull();
  });

  it('never shows more than required while counting (a line one block from credit)', () => {
    expect(confirmationsShort(t, { ...deposit(7), required_confirmations: 6 })).toBe('6/6 confirmations');
  });

  it('says nothing for lines off chain, failed, or withdrawals not yet sent', () => {
    expect(confirmationsOf(deposit(null))).toBeNull();
    expect(confirmationsOf(deposit(3, 'FAILED'))).toBeNull();
    const withdrawal = { type: 'WITHDRAWAL' as const, confirmations: 0, required_confirmations: 3 };
    expect(confirmationsOf({ ...withdrawal, status: 'PENDING' })).toBeNull();
    expect(confirmationsOf({ ...withdrawal, status: 'PROCESSING' })).toBeNull();
    expect(confirmationsShort(t, { ...withdrawal, status: 'BROADCAST', confirmations: 1 })).toBe(
      '1/3 confirmations',
    );
  });

  it('reads one confirmation in the singular', () => {
    expect(confirmationsLong(t, { done: 1, required: 1, counting: false, progress: 1 })).toBe(
      '1 of 1 confirmation',
    );
  });
});

describe('statusSentence', () => {
  it('tells what a withdrawal status means', () => {
    expect(statusSentence(t, 'WITHDRAWAL', 'PROCESSING')).toBe('Approved — being sent to the network.');
    expect(statusSentence(t, 'WITHDRAWAL', 'PENDING')).toMatch(/^Waiting for approval/);
    expect(statusSentence(t, 'WITHDRAWAL', 'BROADCAST', 3)).toBe(
      'Sent to the network. It completes after 3 confirmations.',
    );
    expect(statusSentence(t, 'WITHDRAWAL', 'BROADCAST')).toBe(
      'Sent to the network. It completes once the network confirms it.',
    );
    expect(statusSentence(t, 'WITHDRAWAL', 'FAILED')).toMatch(/returned to your balance/);
  });

  it('tells what a deposit status means, and nothing for a transfer', () => {
    expect(statusSentence(t, 'DEPOSIT', 'PENDING', 6)).toBe(
      'Seen on the network. It is credited to your balance after 6 confirmations.',
    );
    expect(statusSentence(t, 'DEPOSIT', 'COMPLETED')).toBe('Credited to your balance.');
    expect(statusSentence(t, 'DEPOSIT', 'FAILED')).toMatch(/left the chain/);
    expect(statusSentence(t, 'TRANSFER_IN', 'COMPLETED')).toBeNull();
  });
});
