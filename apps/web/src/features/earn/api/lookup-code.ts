import type { RouteData } from '@fit24/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** The referrer as GET /api/affiliate/code answers it, without its id. */
export type Sponsor = Pick<RouteData<'affiliate.code'>['referrer'], 'name' | 'code'>;

/**
 * GET /api/affiliate/code?code=: the affiliate a referral code belongs to, with a masked name; null when
 * no affiliate has it (404). Other failures throw, so the form can say the code could not be checked.
 */
export async function lookupCode(code: string): Promise<Sponsor | null> {
  const answer = await api.call('affiliate.code', { query: { code } });
  if (!answer.error) return { name: answer.data.referrer.name, code: answer.data.referrer.code };
  if (answer.code === 404) return null;
  throw new ApiError(answer);
}

/** The live check of a typed code; `code` is null while there is nothing valid to check. */
export function useCodeLookup(code: string | null) {
  return useQuery({
    queryKey: ['affiliate', 'code', code] as const,
    queryFn: () => lookupCode(code!),
    enabled: code !== null,
    staleTime: 60_000,
    retry: false,
  });
}
