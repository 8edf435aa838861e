import type { RouteData, TServerMessage } from '@fit24/contract';
import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { useVerifiedSession } from './signed-in.ts';
import { useLiveChannel, useLiveReconnect } from './ws-client-react.ts';

export type Balances = RouteData<'asset.balances'>;
export type BalancesMessage = Extract<TServerMessage, { channel: 'balances' }>;

/**
 * GET /api/asset/balances: every balance with its USD value, and the total. One cache entry for every
 * screen that reads it (the wallet, home, the trade screen, the address book's asset picker).
 */
export const balancesQueryOptions = () =>
  queryOptions({
    queryKey: ['asset', 'balances'] as const,
    queryFn: () => api.fetchData('asset.balances'),
  });

/** What each message changed, worked out once: every listener of a channel gets the same message object. */
const applied = new WeakMap<BalancesMessage, number[]>();

/**
 * The socket's `balances` message carries the `asset/balances` answer itself (DESIGN §3): it is written
 * into that cache as it is. Answers the assets whose balance an update changed (all of them when nothing
 * was cached), the same for every listener of the message.
 */
export function applyBalancesMessage(client: QueryClient, message: BalancesMessage): number[] {
  const known = applied.get(message);
  if (known) return known;
  const { queryKey } = balancesQueryOptions();
  const old = client.getQueryData(queryKey);
  const changed =
    message.type !== 'update'
      ? []
      : message.data.balances
          .filter((b) => {
            const before = old?.balances.find((o) => o.asset_id === b.asset_id);
            return JSON.stringify(before) !== JSON.stringify(b);
          })
          .map((b) => b.asset_id);
  client.setQueryData(queryKey, message.data);
  applied.set(message, changed);
  return changed;
}

/**
 * Keeps the balances cache live while mounted; `onChanged` hears the assets an update changed. Money that
 * moved while the socket was down reached no cache: the answer is fetched again after a reconnect.
 */
export function useLiveBalances(onChanged?: (assetIds: number[]) => void): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  useLiveChannel('balances', { enabled }, (message) => {
    if (message.channel !== 'balances') return;
    const changed = applyBalancesMessage(client, message);
    if (changed.length > 0) onChanged?.(changed);
  });
  useLiveReconnect(
    enabled,
    () => void client.invalidateQueries({ queryKey: balancesQueryOptions().queryKey }),
  );
}
