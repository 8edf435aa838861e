import type { TWithdrawal } from '@fit24/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithdrawResult } from './WithdrawResult.tsx';

const withdrawal = (status: TWithdrawal['status']): TWithdrawal => ({
  id: 7,
  asset_id: 2,
  symbol: 'ETH',
  address: '0x5b38da6a701c568545dcfcb03fcb875f56beddc4',
  amount: '0.5',
  fee: '0.001',
  status,
  txid: null,
  creation_date: 1_700_000_000,
});

describe('WithdrawResult', () => {
  it('reads an auto-approved withdrawal (PROCESSING) as approved and being sent, in amber', () => {
    render(<WithdrawResult withdrawal={withdrawal('PROCESSING')} decimals={8} onAgain={() => {}} />);
    expect(screen.getByTestId('withdraw-result-text').textContent).toBe(
      'Approved — being sent to the network.',
    );
    const chip = screen.getByTestId('withdraw-result-status');
    expect(chip.textContent).toBe('Processing');
    expect(chip.className).toContain('fit24-chip--warning');
  });

  it('says a PENDING withdrawal waits for approval', () => {
    render(<WithdrawResult withdrawal={withdrawal('PENDING')} decimals={8} onAgain={() => {}} />);
    expect(screen.getByTestId('withdraw-result-text').textContent).toMatch(/^Waiting for approval/);
    expect(screen.getByTestId('withdraw-result-status').textContent).toBe('Pending');
  });

  it('shows a FAILED one in red, with the funds returned', () => {
    render(<WithdrawResult withdrawal={withdrawal('FAILED')} decimals={8} onAgain={() => {}} />);
    const chip = screen.getByTestId('withdraw-result-status');
    expect(chip.textContent).toBe('Failed');
    expect(chip.className).toContain('fit24-chip--danger');
    expect(screen.getByTestId('withdraw-result-text').textContent).toMatch(/returned to your balance/);
  });
});
