import { IonButton, IonButtons, IonHeader, IonIcon, IonTitle, IonToolbar } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';

/** A sheet's title bar with its close (×) button; `closeDisabled` while a call the sheet made runs. */
export function SheetHeader({
  title,
  onClose,
  closeDisabled,
}: {
  title: string;
  onClose: () => void;
  closeDisabled?: boolean;
}) {
  return (
    <IonHeader>
      <IonToolbar>
        <IonTitle>{title}</IonTitle>
        <IonButtons slot="end">
          <IonButton onClick={onClose} disabled={closeDisabled} aria-label="Close">
            <IonIcon icon={closeOutline} slot="icon-only" aria-hidden="true" />
          </IonButton>
        </IonButtons>
      </IonToolbar>
    </IonHeader>
  );
}
