import type { TAffiliateTransaction } from '@fit24/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

type TxType = TAffiliateTransaction['tx_type'];

/**
 * GET /api/affiliate/transactions (every type) or …/transactions/type?type= (one type).
 * Keys `['transactions']` and `['transactions', type]` (spec §8).
 */
export const transactionsQueryOptions = (type?: TxType) =>
  queryOptions({
    queryKey: type ? (['transactions', type] as const) : (['transactions'] as const),
    queryFn: async () =>
      (type
        ? await api.fetchData('affiliate.transactionsByType', { query: { type } })
        : await api.fetchData('affiliate.transactions')
      ).transactions,
    staleTime: 0,
  });

export function useAffiliateTransactions(type?: TxType) {
  return useQuery({ ...transactionsQueryOptions(type), enabled: useSignedIn() });
}
