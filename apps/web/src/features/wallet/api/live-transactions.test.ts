import type { TAssetTransaction } from '@fit24/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { transactionQueryOptions } from './get-transaction.ts';
import { type HistoryData, transactionsQueryOptions } from './get-transactions.ts';
import {
  applyTransactionsMessage,
  listedTransactions,
  mergeLines,
  type TransactionsMessage,
} from './live-transactions.ts';

const ETH = 2;
const line = (id: number, over: Partial<TAssetTransaction> = {}): TAssetTransaction => ({
  id,
  asset_id: ETH,
  type: 'DEPOSIT',
  amount: '0.25',
  fee: '0',
  status: 'COMPLETED',
  address: '0xabc',
  txid: `0x${String(id).padStart(64, '0')}`,
  note: null,
  network: 'ethereum',
  confirmations: 9,
  required_confirmations: 6,
  explorer_url: null,
  creation_date: 1_700_000_000 + id,
  ...over,
});

function history(...pages: TAssetTransaction[][]): HistoryData {
  const total = pages.reduce((sum, p) => sum + p.length, 0);
  return {
    pages: pages.map((transactions, index) => ({ transactions, page: index + 1, page_size: 20, total })),
    pageParams: pages.map((_, index) => index + 1),
  };
}

const message = (type: 'snapshot' | 'update', transactions: TAssetTransaction[]): TransactionsMessage => ({
  channel: 'transactions',
  type,
  data: { transactions },
});

describe('mergeLines', () => {
  it('replaces a line where it stands, leaving the others and the total alone', () => {
    const old = history([line(5, { status: 'PENDING', confirmations: 1 }), line(4)], [line(3)]);
    const next = mergeLines(old, [line(5, { status: 'PENDING', confirmations: 2 })]);
    expect(next.pages[0]!.transactions.map((t) => [t.id, t.confirmations])).toEqual([
      [5, 2],
      [4, 9],
    ]);
    expect(next.pages[0]!.total).toBe(3);
    // An untouched page keeps its identity (no re-render of what did not change).
    expect(next.pages[1]).toBe(old.pages[1]);
  });

  it('replaces a line on a later page too', () => {
    const old = history([line(5)], [line(3, { status: 'PENDING', confirmations: 4 })]);
    const next = mergeLines(old, [line(3, { status: 'COMPLETED', confirmations: 6 })]);
    expect(next.pages[1]!.transactions[0]).toMatchObject({ id: 3, status: 'COMPLETED', confirmations: 6 });
  });

  it('puts a new line first on page 1, newest first, and counts it in every page total', () => {
    const old = history([line(5), line(4)], [line(3)]);
    const next = mergeLines(old, [line(7, { status: 'PENDING' }), line(6, { status: 'PENDING' })]);
    expect(next.pages[0]!.transactions.map((t) => t.id)).toEqual([7, 6, 5, 4]);
    expect(next.pages.map((p) => p.total)).toEqual([5, 5]);
  });

  it('fills an empty history with its first line', () => {
    const next = mergeLines(history([]), [line(1, { status: 'PENDING', confirmations: 0 })]);
    expect(next.pages[0]!.transactions.map((t) => t.id)).toEqual([1]);
    expect(next.pages[0]!.total).toBe(1);
  });

  it('leaves an older line it does not hold to the page that will load it', () => {
    const old = history([line(9), line(8)]);
    expect(mergeLines(old, [line(2, { status: 'PENDING' })])).toBe(old);
  });

  it('answers the same object when nothing changed (a snapshot of what it holds)', () => {
    const old = history([line(5, { status: 'PENDING', confirmations: 3 })]);
    expect(mergeLines(old, [line(5, { status: 'PENDING', confirmations: 3 })])).toBe(old);
  });
});

describe('listedTransactions', () => {
  it('lists each line once when the next page repeats one the first pushed down', () => {
    const data = history([line(7), line(6), line(5)], [line(5), line(4)]);
    expect(listedTransactions(data).map((t) => t.id)).toEqual([7, 6, 5, 4]);
    expect(listedTransactions(undefined)).toEqual([]);
  });
});

describe('applyTransactionsMessage', () => {
  it('writes an update into the loaded history of its asset and into the line’s own query', () => {
    const client = new QueryClient();
    const historyKey = transactionsQueryOptions(ETH).queryKey;
    const otherKey = transactionsQueryOptions(1).queryKey;
    client.setQueryData(historyKey, history([line(5, { status: 'PENDING', confirmations: 1 })]));
    client.setQueryData(otherKey, history([line(3, { asset_id: 1 })]));
    client.setQueryData(transactionQueryOptions(5).queryKey, {
      transaction: line(5, { status: 'PENDING', confirmations: 1 }),
    });

    applyTransactionsMessage(client, message('update', [line(5, { status: 'PENDING', confirmations: 2 })]));
    expect(client.getQueryData(historyKey)!.pages[0]!.transactions[0]!.confirmations).toBe(2);
    expect(client.getQueryData(transactionQueryOptions(5).queryKey)!.transaction.confirmations).toBe(2);
    expect(client.getQueryData(otherKey)!.pages[0]!.transactions.map((t) => t.id)).toEqual([3]);

    applyTransactionsMessage(client, message('update', [line(5, { status: 'COMPLETED', confirmations: 6 })]));
    expect(client.getQueryData(historyKey)!.pages[0]!.transactions[0]!.status).toBe('COMPLETED');
    expect(client.getQueryData(transactionQueryOptions(5).queryKey)!.transaction.status).toBe('COMPLETED');
  });

  it('makes no cache for a history or a line nobody loaded', () => {
    const client = new QueryClient();
    applyTransactionsMessage(client, message('snapshot', [line(5, { status: 'PENDING' })]));
    expect(client.getQueryData(transactionsQueryOptions(ETH).queryKey)).toBeUndefined();
    expect(client.getQueryData(transactionQueryOptions(5).queryKey)).toBeUndefined();
  });
});
