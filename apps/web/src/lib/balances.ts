import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * GET /api/asset/balances: every balance with its USD value, and the total. One cache entry for every
 * screen that reads it (the wallet, home, the address book's asset picker).
 */
export const balancesQueryOptions = () =>
  queryOptions({
    queryKey: ['asset', 'balances'] as const,
    queryFn: () => api.fetchData('asset.balances'),
  });
