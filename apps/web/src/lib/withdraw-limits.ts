import type { TWithdrawLimits } from '@fit24/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { ACCOUNT_QUERY_KEY } from './query-client.ts';
import { useVerifiedSession } from './signed-in.ts';

/**
 * GET /api/account/limits: the withdrawal limit per rolling 24 hours of the user's KYC tier and what is
 * left of it (read by the KYC and withdraw screens). Under the account's key, so whatever refreshes the
 * account (a KYC decision) refreshes the limits too.
 */
export const withdrawLimitsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'limits'] as const,
    queryFn: () => api.fetchData('account.limits'),
  });

export function useWithdrawLimits() {
  return useQuery({ ...withdrawLimitsQueryOptions(), enabled: useVerifiedSession() });
}

export type WithdrawTier = TWithdrawLimits['tier'];
