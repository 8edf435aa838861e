import type { TAffiliateTransaction, TStake } from '@fit24/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AffiliateTxList } from './AffiliateTxList.tsx';
import { StakeList } from './StakeList.tsx';

const NOW = 1_700_000_000;
/** The boost numbers as GET /api/affiliate/programme serves them by default. */
const RULES = { boost_window_seconds: 1_296_000, target_multiplier: 2, target_multiplier_after_window: 4 };
const stake = (over: Partial<TStake>): TStake => ({
  stake_id: 1,
  amount: '100',
  start_date: NOW - 1000,
  boost_progress: '75',
  is_boosted: 0,
  creation_date: NOW - 1000,
  yield: '0.3',
  source: 'AVAILABLE',
  ...over,
});

describe('StakeList', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows an unboosted stake with its progress and a ticking countdown', () => {
    render(<StakeList stakes={[stake({})]} loading={false} rules={RULES} />);
    expect(screen.getByTestId('stake-amount').textContent).toBe('100.00 FIT24');
    expect(screen.getByTestId('stake-yield').textContent).toBe('0.3%');
    expect(screen.getByTestId('stake-progress').textContent).toBe('37.50%');
    expect(screen.getByTestId('stake-countdown').textContent).toBe('14:23:43:20');
    expect(screen.queryByTestId('stake-boosted')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('stake-countdown').textContent).toBe('14:23:43:19');
  });

  it('shows a boosted stake with a full bar and BOOSTED instead of a countdown', () => {
    render(
      <StakeList
        stakes={[stake({ is_boosted: 1, yield: '0.6', boost_progress: '10' })]}
        loading={false}
        rules={RULES}
      />,
    );
    expect(screen.getByTestId('stake-progress').textContent).toBe('100.00%');
    expect(screen.getByTestId('stake-boosted').textContent).toBe('BOOSTED');
    expect(screen.getByTestId('stake-yield').textContent).toBe('0.6%');
    expect(screen.queryByTestId('stake-countdown')).toBeNull();
  });

  it('shows a loading image, then the empty state', () => {
    const { rerender } = render(<StakeList stakes={[]} loading rules={RULES} />);
    expect(screen.getByTestId('stakings-loading')).toBeTruthy();
    rerender(<StakeList stakes={[]} loading={false} rules={RULES} />);
    expect(screen.getByTestId('stakings-empty').textContent).toContain('No Stakings Found');
  });
});

describe('StakeList with other served numbers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down the served window and measures progress against the served target', () => {
    const served = { boost_window_seconds: 3600, target_multiplier: 3, target_multiplier_after_window: 5 };
    render(<StakeList stakes={[stake({})]} loading={false} rules={served} />);
    expect(screen.getByTestId('stake-progress').textContent).toBe('25.00%');
    expect(screen.getByTestId('stake-countdown').textContent).toBe('00:00:43:20');
  });

  it('waits for the served numbers before showing a stake', () => {
    render(<StakeList stakes={[stake({})]} loading={false} rules={undefined} />);
    expect(screen.getByTestId('stakings-loading')).toBeTruthy();
    expect(screen.queryByTestId('stake-countdown')).toBeNull();
  });
});

describe('AffiliateTxList', () => {
  const tx = (tx_id: number, tx_type: TAffiliateTransaction['tx_type'], amount: string) => ({
    tx_id,
    tx_type,
    amount,
    note: `${tx_type} note`,
    creation_date: NOW,
  });

  it('points rewards in and stakes and withdrawals out', () => {
    render(
      <AffiliateTxList
        transactions={[tx(1, 'REWARD', '0.3'), tx(2, 'STAKE', '100'), tx(3, 'WITHDRAWAL', '5.129')]}
        loading={false}
      />,
    );
    const items = screen.getAllByTestId('affiliate-tx-item');
    expect(items.map((item) => item.dataset.type)).toEqual(['REWARD', 'STAKE', 'WITHDRAWAL']);
    const icons = screen.getAllByTestId('affiliate-tx-icon');
    expect(icons.map((icon) => icon.dataset.direction)).toEqual(['in', 'out', 'out']);
    const amounts = screen.getAllByTestId('affiliate-tx-amount').map((a) => a.textContent);
    expect(amounts).toEqual(['+0.30 FIT24', '−100.00 FIT24', '−5.12 FIT24']);
    expect(screen.getAllByTestId('affiliate-tx-note')[0]!.textContent).toBe('REWARD note');
  });

  it('says so when there is none', () => {
    render(<AffiliateTxList transactions={[]} loading={false} />);
    expect(screen.getByTestId('transactions-empty').textContent).toContain('No transactions Found');
  });
});
