import { IonSpinner } from '@ionic/react';
import { PageShell } from './PageShell.tsx';

/** A screen that waits for its data or its code: a spinner under the screen's own title. */
export function LoadingPage({ title, backHref = '/tabs/home' }: { title: string; backHref?: string }) {
  return (
    <PageShell page="loading" title={title} backHref={backHref}>
      <div className="fit24-center" role="status" aria-label="Loading">
        <IonSpinner name="crescent" color="primary" />
      </div>
    </PageShell>
  );
}
