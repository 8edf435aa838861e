import { IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import type { ReactNode } from 'react';

export interface PageFrameProps {
  /** The route, without the leading '/', as `data-page` (e.g. "tabs/home"); browser tests select on it. */
  page: string;
  title: string;
  /** Buttons at the start of the toolbar (PageShell's back button). */
  start?: ReactNode;
  /** Buttons at the end of the toolbar. */
  end?: ReactNode;
  children: ReactNode;
}

/**
 * One screen: IonPage (swipe-back in the stack) with a toolbar, its title and a padded content area.
 * The tabs' own pages, which have no back button, use it directly, so the back button's element loads
 * with the pushed pages only (PageShell; issue 15: the first screen loads its own code).
 */
export function PageFrame({ page, title, start, end, children }: PageFrameProps) {
  return (
    <IonPage data-page={page}>
      <IonHeader translucent={false}>
        <IonToolbar>
          {start && <IonButtons slot="start">{start}</IonButtons>}
          <IonTitle>{title}</IonTitle>
          {end && <IonButtons slot="end">{end}</IonButtons>}
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <div className="fit24-narrow">{children}</div>
      </IonContent>
    </IonPage>
  );
}
