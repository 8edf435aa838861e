import type { TAssetTransaction, TServerMessage } from '@fit24/contract';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useVerifiedSession } from '../../../lib/signed-in.ts';
import { useLiveChannel, useLiveReconnect } from '../../../lib/ws-client-react.ts';
import { transactionQueryOptions } from './get-transaction.ts';
import { type HistoryData, transactionsQueryOptions } from './get-transactions.ts';

export type TransactionsMessage = Extract<TServerMessage, { channel: 'transactions' }>;

/** Messages already applied: every listener of a channel gets the same message object. */
const handled = new WeakSet<TransactionsMessage>();

/**
 * The `transactions` channel: the user's deposits and withdrawals on chain as their confirmations climb
 * and their status moves, written into the REST caches of the histories and of the single transactions
 * (no refetch). Mounted wherever a history or a transaction's page is on screen; screens share one
 * server subscription. Lines that became final while the socket was down are in no snapshot: refetched.
 */
export function useLiveTransactions(): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  useLiveChannel('transactions', { enabled }, (message) => {
    if (message.channel !== 'transactions' || handled.has(message)) return;
    handled.add(message);
    applyTransactionsMessage(client, message);
  });
  useLiveReconnect(enabled, () => {
    void client.invalidateQueries({ queryKey: ['asset', 'transaction'] });
    void client.invalidateQueries({ queryKey: ['asset', 'transactions'] });
  });
}

/**
 * Writes a snapshot or an update into the caches that are loaded: each asset's history (the line replaced
 * in place, or put first when it is newer than the first page's newest) and each line's own query. A
 * cache whose REST answer is on its way (and may predate the message) is fetched again after.
 */
export function applyTransactionsMessage(client: QueryClient, message: TransactionsMessage): void {
  const byAsset = new Map<number, TAssetTransaction[]>();
  for (const line of message.data.transactions) {
    byAsset.set(line.asset_id, [...(byAsset.get(line.asset_id) ?? []), line]);
  }
  for (const [assetId, lines] of byAsset) {
    const { queryKey } = transactionsQueryOptions(assetId);
    client.setQueryData(queryKey, (old) => (old ? mergeLines(old, lines) : old));
    refetchIfLoading(client, queryKey);
  }
  for (const line of message.data.transactions) {
    const { queryKey } = transactionQueryOptions(line.id);
    client.setQueryData(queryKey, (old) => (old ? { transaction: line } : old));
    refetchIfLoading(client, queryKey);
  }
}

function refetchIfLoading(client: QueryClient, queryKey: QueryKey): void {
  if (client.getQueryState(queryKey)?.fetchStatus === 'fetching') void client.invalidateQueries({ queryKey });
}

/**
 * The history with `incoming` lines merged: a line it holds is replaced where it stands; one it lacks that
 * is newer than the first page's newest (ids grow with time) is put in front, newest first, and `total`
 * follows. An older line it lacks is on a page not loaded: left to that page's answer. Answers `old`
 * itself when nothing changed, so nothing re-renders.
 */
export function mergeLines(old: HistoryData, incoming: readonly TAssetTransaction[]): HistoryData {
  const byId = new Map(incoming.map((line) => [line.id, line]));
  const held = new Set<number>();
  let changed = false;
  const pages = old.pages.map((page) => {
    let pageChanged = false;
    const transactions = page.transactions.map((line) => {
      const next = byId.get(line.id);
      if (!next) return line;
      held.add(line.id);
      if (JSON.stringify(next) === JSON.stringify(line)) return line;
      pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, transactions };
  });
  const [first, ...rest] = pages;
  const newest = first?.transactions[0]?.id ?? 0;
  const fresh = [...byId.values()]
    .filter((line) => !held.has(line.id) && line.id > newest)
    .sort((a, b) => b.id - a.id);
  if (!first || fresh.length === 0) return changed ? { ...old, pages } : old;
  const grown = (page: (typeof pages)[number]) => ({ ...page, total: page.total + fresh.length });
  return {
    ...old,
    pages: [{ ...grown(first), transactions: [...fresh, ...first.transactions] }, ...rest.map(grown)],
  };
}

/**
 * The lines of a history in order, each once: after lines were put in front of the first page, the next
 * page fetched by number may repeat a line the first one pushed down.
 */
export function listedTransactions(data: HistoryData | undefined): TAssetTransaction[] {
  const seen = new Set<number>();
  const listed: TAssetTransaction[] = [];
  for (const page of data?.pages ?? []) {
    for (const line of page.transactions) {
      if (seen.has(line.id)) continue;
      seen.add(line.id);
      listed.push(line);
    }
  }
  return listed;
}
