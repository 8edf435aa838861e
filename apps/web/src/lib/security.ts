import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { useSignedIn } from './session.ts';

/** Cache key of GET /api/security: invalidate it after any change to the second factor or passkeys. */
export const SECURITY_QUERY_KEY = ['security'] as const;

/** GET /api/security: second factor, passkeys, whitelist, anti-phishing phrase, cool-down and freeze. */
export const securityQueryOptions = () =>
  queryOptions({
    queryKey: SECURITY_QUERY_KEY,
    queryFn: () => api.fetchData('security.get'),
  });

/** The security settings, fetched only while there is a session. */
export function useSecurity() {
  return useQuery({ ...securityQueryOptions(), enabled: useSignedIn() });
}
