import type { TAssetTransaction, TServerMessage } from '@fit24/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, loadSession } from '../../../lib/session.ts';
import type { LiveSubscription } from '../../../lib/ws-client.ts';
import { transactionsQueryOptions } from '../api/get-transactions.ts';
import { TransactionList } from './TransactionList.tsx';

/** The app's socket, faked: the test pushes what the server would send on each subscribed channel. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(message: unknown) => void>>();
  return {
    listeners,
    push(channel: string, message: unknown) {
      for (const listener of listeners.get(channel) ?? []) listener(message);
    },
  };
});
vi.mock('../../../lib/ws-client-app.ts', () => ({
  liveSocket: () => ({
    subscribe(subscription: LiveSubscription, listener: (message: TServerMessage) => void) {
      const set = socket.listeners.get(subscription.channel) ?? new Set();
      set.add(listener as (message: unknown) => void);
      socket.listeners.set(subscription.channel, set);
      return () => set.delete(listener as (message: unknown) => void);
    },
    onReconnect: () => () => {},
  }),
}));

const ETH = 2;
const line = (over: Partial<TAssetTransaction>): TAssetTransaction => ({
  id: 1,
  asset_id: ETH,
  type: 'DEPOSIT',
  amount: '0.25',
  fee: '0',
  status: 'PENDING',
  address: '0x5b38da6a701c568545dcfcb03fcb875f56beddc4',
  txid: `0x${'ab'.repeat(32)}`,
  note: null,
  network: 'ethereum',
  confirmations: 2,
  required_confirmations: 3,
  explorer_url: null,
  creation_date: 1_700_000_000,
  ...over,
});

function renderList(lines: TAssetTransaction[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(transactionsQueryOptions(ETH).queryKey, {
    pages: [{ transactions: lines, page: 1, page_size: 20, total: lines.length }],
    pageParams: [1],
  });
  render(
    <QueryClientProvider client={client}>
      <TransactionList assetId={ETH} symbol="ETH" />
    </QueryClientProvider>,
  );
  return client;
}

describe('TransactionList', () => {
  beforeEach(async () => {
    localStorage.setItem(
      'CapacitorStorage.session',
      JSON.stringify({ token: 't', user: { is_email_verified: 1 } }),
    );
    await loadSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new Error('no REST call expected: the list is fed by the socket');
      }),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    socket.listeners.clear();
    await clearSession();
  });

  it('shows "2/3 confirmations" under a pending deposit, nothing under a completed one', () => {
    renderList([line({ id: 2 }), line({ id: 1, status: 'COMPLETED', confirmations: 9 })]);
    const [pending, done] = screen.getAllByTestId('asset-tx');
    expect(within(pending!).getByTestId('asset-tx-confirmations').textContent).toBe('2/3 confirmations');
    expect(within(pending!).getByText('Pending')).toBeTruthy();
    expect(within(done!).queryByTestId('asset-tx-confirmations')).toBeNull();
    expect(within(done!).getByText('Completed')).toBeTruthy();
  });

  it('climbs live from the transactions channel, then shows the line completed, with no REST call', async () => {
    renderList([line({ confirmations: 1 })]);
    expect(screen.getByTestId('asset-tx-confirmations').textContent).toBe('1/3 confirmations');
    expect(socket.listeners.get('transactions')?.size).toBe(1);
    const update = (over: Partial<TAssetTransaction>) =>
      act(() =>
        socket.push('transactions', {
          channel: 'transactions',
          type: 'update',
          data: { transactions: [line(over)] },
        }),
      );
    update({ confirmations: 2 });
    await waitFor(() =>
      expect(screen.getByTestId('asset-tx-confirmations').textContent).toBe('2/3 confirmations'),
    );
    update({ confirmations: 3, status: 'COMPLETED' });
    await waitFor(() => expect(screen.getByTestId('asset-tx').getAttribute('data-status')).toBe('COMPLETED'));
    expect(screen.queryByTestId('asset-tx-confirmations')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts a new deposit seen on chain at the top of the list', async () => {
    renderList([line({ id: 1, status: 'COMPLETED', confirmations: 9 })]);
    act(() =>
      socket.push('transactions', {
        channel: 'transactions',
        type: 'update',
        data: { transactions: [line({ id: 4, confirmations: 0, amount: '1.5' })] },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('asset-tx')).toHaveLength(2));
    const lines = screen.getAllByTestId('asset-tx');
    expect(lines.map((l) => l.getAttribute('data-id'))).toEqual(['4', '1']);
    expect(within(lines[0]!).getByTestId('asset-tx-confirmations').textContent).toBe('0/3 confirmations');
    expect(within(lines[0]!).getByTestId('asset-tx-amount').textContent).toBe('+1.50 ETH');
  });
});
