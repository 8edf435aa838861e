import { IonButton, IonButtons, IonHeader, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

/** A form in a dialog: its fields, then Cancel and the saving button (Enter submits). */
export function FormModal({
  open,
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <IonModal isOpen={open} onDidDismiss={onClose} className="adm-modal">
      <IonHeader className="adm-header">
        <IonToolbar>
          <IonTitle>
            <span className="adm-title">{title}</span>
          </IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>Close</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <div className="adm-modal__body">
        <form
          className="adm-form adm-form--modal"
          data-testid={testId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <div className="adm-actions adm-actions--end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={busy} testId={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </div>
    </IonModal>
  );
}
