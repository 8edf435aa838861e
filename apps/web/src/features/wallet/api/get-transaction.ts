import type { RouteData, TAssetTransaction } from '@fit24/contract';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';
import type { HistoryData } from './get-transactions.ts';

export type TransactionData = RouteData<'asset.transaction'>;

/**
 * GET /api/asset/transaction?id=: one line of the user's history with its confirmations on chain (404 for
 * an id that is not theirs). Kept live by the `transactions` channel (live-transactions.ts).
 */
export const transactionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['asset', 'transaction', id] as const,
    queryFn: () => api.fetchData('asset.transaction', { query: { id: String(id) } }),
  });

/** The line as an asset's history already holds it (the list the user tapped it in), or undefined. */
export function cachedLine(client: QueryClient, id: number): TAssetTransaction | undefined {
  for (const [, data] of client.getQueriesData<HistoryData>({ queryKey: ['asset', 'transactions'] })) {
    for (const page of data?.pages ?? []) {
      const line = page.transactions.find((tx) => tx.id === id);
      if (line) return line;
    }
  }
  return undefined;
}

/** One transaction; shown at once from the history it was tapped in while its own answer loads. */
export function useTransaction(id: number | null) {
  const allowed = useVerifiedSession();
  const client = useQueryClient();
  return useQuery({
    ...transactionQueryOptions(id ?? 0),
    enabled: allowed && id !== null,
    placeholderData: () => {
      const line = id === null ? undefined : cachedLine(client, id);
      return line ? { transaction: line } : undefined;
    },
  });
}
