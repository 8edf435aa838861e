import type { TServerMessage } from '@fit24/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useVerifiedSession } from '../../../lib/signed-in.ts';
import { useLiveChannel, useLiveReconnect } from '../../../lib/ws-client-react.ts';

type BalancesMessage = Extract<TServerMessage, { channel: 'balances' }>;

/** Messages already acted on: every listener of a channel gets the same message object. */
const handled = new WeakSet<BalancesMessage>();

/**
 * The `balances` channel keeping the wallet current (DESIGN §3): a pushed balance (a fill, a hold, a
 * release) refetches the balances and the touched assets' histories. The push carries only `available`
 * and `on_hold` of a market's two assets, while the wallet also shows locked, staked, total and the USD
 * value: the REST answer stays the one source of those numbers. Mounted by the wallet's screens.
 */
export function useLiveWalletBalances(): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  useLiveChannel('balances', { enabled }, (message) => {
    if (message.channel !== 'balances' || handled.has(message)) return;
    handled.add(message);
    applyBalancesMessage(client, message);
  });
  // Money that moved while the socket was down reached no cache.
  useLiveReconnect(enabled, () => {
    void client.invalidateQueries({ queryKey: ['asset', 'balances'] });
    void client.invalidateQueries({ queryKey: ['asset', 'transactions'] });
  });
}

/**
 * An update marks the balances and the touched assets' histories stale (shown screens refetch them now).
 * The snapshot sent on subscribe changes nothing: the screens' REST answers are as fresh.
 */
export function applyBalancesMessage(client: QueryClient, message: BalancesMessage): void {
  if (message.type !== 'update') return;
  void client.invalidateQueries({ queryKey: ['asset', 'balances'] });
  for (const { asset_id } of message.data.balances) {
    void client.invalidateQueries({ queryKey: ['asset', 'transactions', asset_id] });
  }
}
