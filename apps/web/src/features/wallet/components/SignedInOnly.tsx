import { IonButton, IonIcon } from '@ionic/react';
import { lockClosedOutline, mailUnreadOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { useSession } from '../../../lib/session.ts';
import './funds-forms.css';

/**
 * The funds pages are open routes (spec §2) but show one user's money: a visitor is asked to sign in and
 * an unverified user to verify, instead of calls the server would refuse.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('wallet');
  const session = useSession();
  if (!session || session.token.length === 0) {
    return (
      <EmptyState icon={lockClosedOutline} title={t('signedIn.signInTitle')} testId="funds-sign-in">
        <p>{t('signedIn.signInText')}</p>
        <IonButton routerLink="/login" className="funds__gate-button">
          <IonIcon icon={lockClosedOutline} slot="start" aria-hidden="true" />
          {t('signedIn.signIn')}
        </IonButton>
      </EmptyState>
    );
  }
  if (session.user.is_email_verified !== 1) {
    return (
      <EmptyState icon={mailUnreadOutline} title={t('signedIn.verifyTitle')} testId="funds-verify">
        <p>{t('signedIn.verifyText')}</p>
        <IonButton routerLink="/verify" className="funds__gate-button">
          {t('signedIn.verify')}
        </IonButton>
      </EmptyState>
    );
  }
  return children;
}
