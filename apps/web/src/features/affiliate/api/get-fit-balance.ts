import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';
import { FIT24 } from '../lib/fit-amount.ts';

/** GET /api/asset/balance?symbol=FIT24: the FIT24 balance row (available, locked, staked …). */
export const fitBalanceQueryOptions = () =>
  queryOptions({
    queryKey: ['asset', 'balance', FIT24] as const,
    queryFn: async () => (await api.fetchData('asset.balance', { query: { symbol: FIT24 } })).balance,
    staleTime: 0,
  });

export function useFitBalance() {
  return useQuery({ ...fitBalanceQueryOptions(), enabled: useSignedIn() });
}
