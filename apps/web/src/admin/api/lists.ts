import type { RouteData, RouteQuery } from '@fit24/contract';
import { useQuery } from '@tanstack/react-query';
import type { PageOf } from '../lib/csv.ts';
import { ops } from '../lib/ops.ts';

/**
 * The console's lists: the paged ones as `fetchPage` functions for the table (its query key holds the
 * filters), the whole ones as queries filtered on screen.
 */

type Paged = { page: number; page_size: number; total: number };
const pageOf = <Row>(rows: Row[], answer: Paged): PageOf<Row> => ({
  rows,
  page: answer.page,
  pageSize: answer.page_size,
  total: answer.total,
});

export type TOpsUserRow = RouteData<'ops.users'>['users'][number];
export type TKycSubmission = RouteData<'ops.kycQueue'>['submissions'][number];
export type TOpsDeposit = RouteData<'ops.deposits'>['deposits'][number];
export type TTrailLine = RouteData<'ops.trail'>['entries'][number];
export type TOpsWithdrawalRow = RouteData<'ops.withdrawals'>['withdrawals'][number];
export type TOpsMarket = RouteData<'ops.markets'>['markets'][number];
export type TOpsAsset = RouteData<'ops.assets'>['assets'][number];
export type TOperatorRow = RouteData<'ops.operators'>['operators'][number];

export const usersKey = (q: string) => ['ops', 'users', q] as const;
export async function fetchUsers(q: string, page: number): Promise<PageOf<TOpsUserRow>> {
  const data = await ops.fetchData('ops.users', { query: { q: q || undefined, page } });
  return pageOf(data.users, data);
}

export const kycKey = (status: string) => ['ops', 'kyc', status] as const;
export async function fetchKyc(status: string, page: number): Promise<PageOf<TKycSubmission>> {
  const query: RouteQuery<'ops.kycQueue'> = { page };
  if (status) query.status = status as NonNullable<RouteQuery<'ops.kycQueue'>['status']>;
  const data = await ops.fetchData('ops.kycQueue', { query });
  return pageOf(data.submissions, data);
}

export const depositsKey = (status: string) => ['ops', 'deposits', status] as const;
export async function fetchDeposits(status: string, page: number): Promise<PageOf<TOpsDeposit>> {
  const query: RouteQuery<'ops.deposits'> = { page };
  if (status) query.status = status as NonNullable<RouteQuery<'ops.deposits'>['status']>;
  const data = await ops.fetchData('ops.deposits', { query });
  return pageOf(data.deposits, data);
}

export interface TrailFilters {
  operator_id: string;
  action: string;
  target: string;
}
export const trailKey = (filters: TrailFilters) => ['ops', 'trail', filters] as const;
export async function fetchTrail(filters: TrailFilters, page: number): Promise<PageOf<TTrailLine>> {
  const operator = Number(filters.operator_id);
  const data = await ops.fetchData('ops.trail', {
    query: {
      page,
      ...(Number.isInteger(operator) && operator > 0 ? { operator_id: operator } : {}),
      ...(filters.action.trim() ? { action: filters.action.trim() } : {}),
      ...(filters.target.trim() ? { target: filters.target.trim() } : {}),
    },
  });
  return pageOf(data.entries, data);
}

export const withdrawalsKey = (status: string) => ['ops', 'withdrawals', status] as const;
export function useWithdrawals(status: string) {
  return useQuery({
    queryKey: withdrawalsKey(status),
    queryFn: () =>
      ops.fetchData('ops.withdrawals', {
        query: status ? { status: status as NonNullable<RouteQuery<'ops.withdrawals'>['status']> } : {},
      }),
  });
}

export const MARKETS_KEY = ['ops', 'markets'] as const;
export function useOpsMarkets(enabled = true) {
  return useQuery({ queryKey: MARKETS_KEY, queryFn: () => ops.fetchData('ops.markets'), enabled });
}

export const ASSETS_KEY = ['ops', 'assets'] as const;
export function useOpsAssets(enabled = true) {
  return useQuery({ queryKey: ASSETS_KEY, queryFn: () => ops.fetchData('ops.assets'), enabled });
}

export const OPERATORS_KEY = ['ops', 'operators'] as const;
export function useOperators(enabled = true) {
  return useQuery({ queryKey: OPERATORS_KEY, queryFn: () => ops.fetchData('ops.operators'), enabled });
}

export const userKey = (userId: number) => ['ops', 'user', userId] as const;
export function useOpsUser(userId: number) {
  return useQuery({
    queryKey: userKey(userId),
    queryFn: () => ops.fetchData('ops.user', { query: { user_id: userId } }),
    enabled: Number.isInteger(userId) && userId > 0,
  });
}
