import type { ErrorEnvelope } from '@fit24/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client.ts';

/** Who a transfer would pay (their masked name), or the server's refusal of that recipient. */
export type RecipientAnswer = { masked_name: string } | { refusal: ErrorEnvelope };

/**
 * GET /api/asset/transfer/recipient?email_id=: the recipient's masked name, refused as the transfer
 * would be (404 no such user, 400 yourself, 422 unverified, 403 frozen, 429 too many lookups). A refusal
 * is an answer, not a failure; only a lost connection throws (and is retried).
 */
export async function lookupRecipient(email: string): Promise<RecipientAnswer> {
  const answer = await api.call('asset.transferRecipient', { query: { email_id: email } });
  if (!answer.error) return { masked_name: answer.data.masked_name };
  if (answer.code === NETWORK_ERROR_CODE) throw new ApiError(answer);
  return { refusal: answer };
}

/**
 * The recipient of a settled, well-formed email; `email` is null while there is nothing to look up.
 * Each lookup counts against the user's hourly limit, so answers are kept a while, except "too many".
 */
export function useRecipientLookup(email: string | null) {
  return useQuery({
    queryKey: ['asset', 'transfer', 'recipient', email] as const,
    queryFn: () => lookupRecipient(email!),
    enabled: email !== null,
    staleTime: (query) => {
      const data = query.state.data;
      return data && 'refusal' in data && data.refusal.code === 429 ? 0 : 5 * 60_000;
    },
    refetchOnWindowFocus: false,
  });
}
