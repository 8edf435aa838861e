import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { statsChartOutline } from 'ionicons/icons';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './LoadError.tsx';

describe('LoadError', () => {
  it('says why and refetches on "Try again", once at a time', async () => {
    let settle: () => void = () => {};
    const onRetry = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    render(
      <LoadError
        icon={statsChartOutline}
        title="Markets are unavailable"
        message="We could not reach FIT24 Exchange."
        onRetry={onRetry}
        testId="markets-error"
      />,
    );
    const panel = screen.getByTestId('markets-error');
    expect(panel.getAttribute('role')).toBe('alert');
    expect(panel.textContent).toContain('Markets are unavailable');
    expect(panel.textContent).toContain('We could not reach FIT24 Exchange.');
    const retry = screen.getByTestId('markets-error-retry');
    expect(retry.textContent).toContain('Try again');
    fireEvent.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(retry.getAttribute('disabled')).not.toBeNull());
    settle();
    await waitFor(() => expect(retry.getAttribute('disabled')).toBeNull());
  });

  it('fits inside a pane without a title', () => {
    render(<LoadError message="Timed out" onRetry={() => Promise.resolve()} testId="orderbook-error" />);
    expect(screen.getByTestId('orderbook-error').textContent).toContain('Timed out');
    expect(screen.getByTestId('orderbook-error-retry').textContent).toContain('Try again');
  });
});
