import { QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_CODE } from './api-client.ts';

/**
 * First elements of the query keys of the data the specification has the app drop when a session ends
 * (spec §8). Features use exactly these strings, e.g. `['stakings']`, `['surge', 'previous']`.
 */
export const SESSION_QUERY_KEYS = [
  'affiliate',
  'income',
  'surge',
  'version',
  'wallet',
  'stakings',
  'transactions',
] as const;

/** The signed-in user's account (GET /api/account), read by several features. */
export const ACCOUNT_QUERY_KEY = ['account'] as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // Retrying a refused call (4xx, 502) changes nothing; a network failure may heal.
        retry: (failureCount, error) =>
          failureCount < 2 && error instanceof ApiError && error.code === NETWORK_ERROR_CODE,
      },
    },
  });
}

/**
 * Drops what the ended session cached: the spec's list (affiliate, income, surge, version, wallet, stakings,
 * transactions) and every other cached answer too, so nothing of one user is shown to the next.
 */
export function forgetUserData(client: QueryClient): void {
  for (const key of SESSION_QUERY_KEYS) client.removeQueries({ queryKey: [key] });
  client.removeQueries();
}

export const queryClient = createQueryClient();
