import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/bank: the user's bank accounts. */
export const banksQueryOptions = () =>
  queryOptions({
    queryKey: ['banks'] as const,
    queryFn: () => api.fetchData('bank.list'),
  });
