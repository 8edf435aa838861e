import { IonRefresher, IonRefresherContent } from '@ionic/react';
import { useDrawnInTurn } from '../../lib/use-drawn-in-turn.ts';

/**
 * Pull-to-refresh for a screen of lists (as on the wallet tab): `onRefresh` refetches the screen's data and
 * the spinner closes when it settles, whether it succeeded or not. It comes a frame after the screen: it
 * shows nothing until pulled, and its Ionic parts (refresher, content, spinner, icon) need not be built in
 * the screen's first render, the longest task of a phone's start (issue 15).
 */
export function PullToRefresh({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  const drawn = useDrawnInTurn(2, true);
  if (drawn < 2) return null;
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
