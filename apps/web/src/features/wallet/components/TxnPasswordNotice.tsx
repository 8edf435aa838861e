import { IonButton, IonIcon } from '@ionic/react';
import { keyOutline } from 'ionicons/icons';
import '../../../components/ui/forms.css';
import './funds-forms.css';

/** Shown instead of a withdrawal or transfer form while the account has no transaction password. */
export function TxnPasswordNotice({ action, testId }: { action: string; testId: string }) {
  return (
    <section className="fit24-panel funds-txn-notice" data-testid={testId}>
      <div className="fit24-notice fit24-notice--warning">
        <IonIcon icon={keyOutline} aria-hidden="true" />
        <div>
          <strong>Set a transaction password first</strong>
          <p>
            Every {action} is confirmed with a transaction password, separate from the one you sign in with.
            It takes a minute: we email you a code, then you choose the password.
          </p>
        </div>
      </div>
      <IonButton expand="block" routerLink="/security" data-testid={`${testId}-link`}>
        Set transaction password
      </IonButton>
    </section>
  );
}
