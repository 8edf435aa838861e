import { useQueryClient } from '@tanstack/react-query';
import { useLiveBalances } from '../../../lib/balances.ts';
import { useVerifiedSession } from '../../../lib/signed-in.ts';
import { useLiveReconnect } from '../../../lib/ws-client-react.ts';

/**
 * The `balances` channel keeping the wallet current (DESIGN §3): a pushed message is the `asset/balances`
 * answer, written into its cache as it is (lib/balances.ts); the histories of the assets whose balance
 * changed are refetched. Mounted by the wallet's screens.
 */
export function useLiveWalletBalances(): void {
  const client = useQueryClient();
  const enabled = useVerifiedSession();
  useLiveBalances((assetIds) => {
    for (const assetId of assetIds) {
      void client.invalidateQueries({ queryKey: ['asset', 'transactions', assetId] });
    }
  });
  // Money that moved while the socket was down reached no history.
  useLiveReconnect(enabled, () => void client.invalidateQueries({ queryKey: ['asset', 'transactions'] }));
}
