import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { ACCOUNT_QUERY_KEY } from './query-client.ts';
import { useSignedIn } from './session.ts';

/** GET /api/account: the signed-in user's account, shared by the screens that show who is signed in. */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ACCOUNT_QUERY_KEY,
    queryFn: () => api.fetchData('account.get'),
  });

/** The account, fetched only while there is a token (a 502 ends the session and stops asking). */
export function useAccount() {
  return useQuery({ ...accountQueryOptions(), enabled: useSignedIn() });
}
