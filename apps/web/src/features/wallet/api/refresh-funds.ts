import type { QueryClient } from '@tanstack/react-query';

/** After money moved: the balances, the asset's history and the notifications it made are stale. */
export function refreshFunds(queryClient: QueryClient, assetId: number): void {
  void queryClient.invalidateQueries({ queryKey: ['asset', 'balances'] });
  void queryClient.invalidateQueries({ queryKey: ['asset', 'transactions', assetId] });
  void queryClient.invalidateQueries({ queryKey: ['notifications'] });
}
