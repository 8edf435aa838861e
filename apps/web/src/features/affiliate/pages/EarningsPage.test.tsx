import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { walletQueryOptions } from '../api/get-wallet.ts';
import { EarningsPage } from './EarningsPage.tsx';

/** IonButton keeps `disabled` as a property of the element (no attribute in jsdom). */
const isDisabled = (testId: string) =>
  (screen.getByTestId(testId) as HTMLElement & { disabled?: boolean }).disabled;

function renderWith(balance: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(walletQueryOptions().queryKey, {
    balance,
    total_claimed: '12.5',
    min_claim: '1',
  } as never);
  render(
    <QueryClientProvider client={client}>
      <EarningsPage />
    </QueryClientProvider>,
  );
}

describe('EarningsPage claim', () => {
  it('cannot claim an empty wallet', () => {
    renderWith('0');
    expect(screen.getByTestId('earnings-wallet-balance').textContent).toBe('0.00');
    expect(isDisabled('earnings-claim')).toBe(true);
    expect(isDisabled('earnings-restake')).toBe(true);
  });

  it('claims a wallet that holds something', () => {
    renderWith('3.25');
    expect(screen.getByTestId('earnings-wallet-balance').textContent).toBe('3.25');
    expect(isDisabled('earnings-claim')).toBe(false);
    expect(isDisabled('earnings-restake')).toBe(false);
  });
});
