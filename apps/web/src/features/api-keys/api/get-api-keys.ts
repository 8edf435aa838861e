import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

/** GET /api/api-keys: the user's personal keys, never their secrets, with when each was last used. */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: () => api.fetchData('apiKey.list'),
  });

export function useApiKeys() {
  return useQuery({ ...apiKeysQueryOptions(), refetchOnMount: 'always' });
}
