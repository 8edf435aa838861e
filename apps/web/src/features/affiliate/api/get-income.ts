import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

/** GET /api/affiliate/income: total income and income by kind. Key `['income']` (spec §8). */
export const incomeQueryOptions = () =>
  queryOptions({
    queryKey: ['income'] as const,
    queryFn: async () => (await api.fetchData('affiliate.income')).income,
    staleTime: 0,
  });

export function useIncome() {
  return useQuery({ ...incomeQueryOptions(), enabled: useSignedIn() });
}
