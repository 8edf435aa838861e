import { useIonViewWillEnter } from '@ionic/react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * Refetches the screen's queries each time its page is entered (spec §2: "all data is refreshed each time
 * the screen is entered"), including a return by the back button, when Ionic keeps the page mounted and
 * nothing would otherwise refetch. A query already loading (the first entry) is not asked twice.
 */
export function useRefreshOnEnter(keys: readonly QueryKey[]): void {
  const client = useQueryClient();
  const latest = useRef(keys);
  latest.current = keys;
  useIonViewWillEnter(() => {
    for (const queryKey of latest.current) {
      void client.refetchQueries({ queryKey, exact: true, type: 'active' }, { cancelRefetch: false });
    }
  });
}
