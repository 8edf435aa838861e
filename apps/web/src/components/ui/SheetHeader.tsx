import { IonButton, IonButtons, IonHeader, IonIcon, IonTitle, IonToolbar } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return (
    <IonHeader>
      <IonToolbar>
        <IonTitle>{title}</IonTitle>
        <IonButtons slot="end">
          <IonButton onClick={onClose} disabled={closeDisabled} aria-label={t('actions.close')}>
            <IonIcon icon={closeOutline} slot="icon-only" aria-hidden="true" />
          </IonButton>
        </IonButtons>
      </IonToolbar>
    </IonHeader>
  );
}
