import { IonSpinner } from '@ionic/react';

/**
 * What a route shows while it waits for its data or its code: a full-screen spinner. Deliberately not an
 * IonPage: Ionic's stack binds one IonPage to a route, and swapping a loading IonPage for the real one
 * leaves the real one invisible. The real page's IonPage then enters with the usual transition.
 */
export function LoadingPage({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="fit24-loading" role="status" aria-label={label} data-page="loading">
      <IonSpinner name="crescent" color="primary" />
    </div>
  );
}
