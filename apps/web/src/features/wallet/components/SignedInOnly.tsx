import { IonButton, IonIcon } from '@ionic/react';
import { lockClosedOutline, mailUnreadOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { useSession } from '../../../lib/session.ts';
import './funds-forms.css';

/**
 * The funds pages are open routes (spec §2) but show one user's money: a visitor is asked to sign in and
 * an unverified user to verify, instead of calls the server would refuse.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session || session.token.length === 0) {
    return (
      <EmptyState icon={lockClosedOutline} title="Sign in to see your funds" testId="funds-sign-in">
        <p>Your balances, deposit addresses and withdrawals are shown once you are signed in.</p>
        <IonButton routerLink="/login" className="funds__gate-button">
          <IonIcon icon={lockClosedOutline} slot="start" aria-hidden="true" />
          Sign in
        </IonButton>
      </EmptyState>
    );
  }
  if (session.user.is_email_verified !== 1) {
    return (
      <EmptyState icon={mailUnreadOutline} title="Verify your email first" testId="funds-verify">
        <p>Deposits, withdrawals and transfers open once your email address is verified.</p>
        <IonButton routerLink="/verify" className="funds__gate-button">
          Verify email
        </IonButton>
      </EmptyState>
    );
  }
  return children;
}
