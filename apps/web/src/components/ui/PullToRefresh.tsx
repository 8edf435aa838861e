import { IonRefresher, IonRefresherContent } from '@ionic/react';

/**
 * Pull-to-refresh for a screen of lists (as on the wallet tab): `onRefresh` refetches the screen's data and
 * the spinner closes when it settles, whether it succeeded or not.
 */
export function PullToRefresh({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  return (
    <IonRefresher
      slot="fixed"
      onIonRefresh={(event) => void onRefresh().finally(() => event.detail.complete())}
      data-testid="pull-to-refresh"
    >
      <IonRefresherContent />
    </IonRefresher>
  );
}
