import type { TUser } from '@fit24/contract';
import type { QueryClient } from '@tanstack/react-query';
import { accountQueryOptions } from '../../../lib/account.ts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client.ts';
import { SECURITY_QUERY_KEY } from '../../../lib/security.ts';
import { updateSessionUser } from '../../../lib/session.ts';

/**
 * After POST /api/account/email/confirm: the new address at once in the cached account and the stored
 * session (the account tab and the next start read them), then the account and the security settings
 * (the cool-down the change started) fetched again.
 */
export async function keepChangedEmail(queryClient: QueryClient, user: TUser): Promise<void> {
  queryClient.setQueryData(accountQueryOptions().queryKey, (old) =>
    old ? { account: { ...old.account, ...user } } : old,
  );
  await updateSessionUser(user);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY }),
  ]);
}
