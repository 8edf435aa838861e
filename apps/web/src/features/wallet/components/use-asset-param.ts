import { useIonRouter } from '@ionic/react';
import { useCallback } from 'react';
import { parseId, usePageParam } from '../../../lib/search-params.ts';

/**
 * The `asset_id` a funds page is for (null when absent or not an id), and `choose` to switch the page to
 * another asset in place (replacing the address, so Back still leaves the page).
 */
export function useAssetParam(path: string) {
  const router = useIonRouter();
  const assetId = parseId(usePageParam(path, 'asset_id'));
  const choose = useCallback(
    (id: number) => router.push(`${path}?asset_id=${id}`, 'none', 'replace'),
    [router, path],
  );
  return { assetId, choose };
}
