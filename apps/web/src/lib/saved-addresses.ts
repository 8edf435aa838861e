import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { useVerifiedSession } from './signed-in.ts';

/** Cache key of the address book: invalidate it after an address is added, confirmed or removed. */
export const ADDRESSES_QUERY_KEY = ['addresses'] as const;

/** GET /api/security/addresses: the withdrawal address book, of every asset or of one. */
export const addressesQueryOptions = (assetId?: number) =>
  queryOptions({
    queryKey: [...ADDRESSES_QUERY_KEY, assetId ?? 'all'] as const,
    queryFn: () =>
      api.fetchData('security.addresses', {
        query: assetId === undefined ? {} : { asset_id: String(assetId) },
      }),
  });

export function useSavedAddresses(assetId?: number) {
  return useQuery({ ...addressesQueryOptions(assetId), enabled: useVerifiedSession() });
}
