import type { QueryClient } from '@tanstack/react-query';

/**
 * After money moved in the programme (a stake, a claim): every affiliate figure may have changed — the
 * profile's total, the stakes, the wallet, the income, the transactions and the FIT24 balances.
 */
export async function refreshAffiliateData(client: QueryClient): Promise<void> {
  await Promise.all(
    [['affiliate'], ['stakings'], ['wallet'], ['income'], ['transactions'], ['asset'], ['notifications']].map(
      (queryKey) => client.invalidateQueries({ queryKey }),
    ),
  );
}
