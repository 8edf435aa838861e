import {
  IonBackButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import type { ReactNode } from 'react';

export interface PageShellProps {
  /** The route, without the leading '/', as `data-page` (e.g. "tabs/home"); browser tests select on it. */
  page: string;
  title: string;
  /** Where the back button goes when there is no history (deep link); no back button when absent. */
  backHref?: string;
  /** Buttons at the end of the toolbar. */
  end?: ReactNode;
  children: ReactNode;
}

/** One screen: IonPage (swipe-back in the stack) with a toolbar, its title and a padded content area. */
export function PageShell({ page, title, backHref, end, children }: PageShellProps) {
  return (
    <IonPage data-page={page}>
      <IonHeader translucent={false}>
        <IonToolbar>
          {backHref !== undefined && (
            <IonButtons slot="start">
              <IonBackButton defaultHref={backHref} text="" />
            </IonButtons>
          )}
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
