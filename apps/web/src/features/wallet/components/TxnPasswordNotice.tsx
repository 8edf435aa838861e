import { IonButton, IonIcon } from '@ionic/react';
import { keyOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import '../../../components/ui/forms.css';
import './funds-forms.css';

/** Shown instead of a withdrawal or transfer form while the account has no transaction password. */
export function TxnPasswordNotice({ action, testId }: { action: 'withdrawal' | 'transfer'; testId: string }) {
  const { t } = useTranslation('wallet');
  return (
    <section className="fit24-panel funds-txn-notice" data-testid={testId}>
      <div className="fit24-notice fit24-notice--warning">
        <IonIcon icon={keyOutline} aria-hidden="true" />
        <div>
          <strong>{t('txnPassword.title')}</strong>
          <p>{t(`txnPassword.${action}`)}</p>
        </div>
      </div>
      <IonButton expand="block" routerLink="/security" data-testid={`${testId}-link`}>
        {t('txnPassword.set')}
      </IonButton>
    </section>
  );
}
