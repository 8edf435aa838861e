import { IonIcon, useIonAlert } from '@ionic/react';
import { lockClosedOutline, snowOutline } from 'ionicons/icons';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { useSecurity } from '../../../lib/security.ts';
import { SecurityPanel } from './SecurityPanel.tsx';
import './money-controls.css';

/**
 * Danger zone: freeze the account (security.freeze). Every session ends on the server, this one too, so
 * the app ends it here at once and goes to the root, as it does for a 502.
 */
export function FreezeCard() {
  const security = useSecurity().data?.security;
  const freezing = useAction();
  const toast = useToast();
  const [presentAlert] = useIonAlert();

  const freeze = () =>
    freezing.run({
      send: () => api.call('security.freeze'),
      onSuccess: async () => {
        toast.info('Your account is frozen and every device is signed out. Contact support to unfreeze it.');
        await api.endSession();
      },
    });

  const confirm = () =>
    void presentAlert({
      header: 'Freeze your account?',
      message:
        'Withdrawals and transfers stop until our support team unfreezes your account, and every device is signed out at once, this one included.',
      buttons: [
        { text: 'Cancel', role: 'cancel', htmlAttributes: { 'data-testid': 'freeze-cancel' } },
        {
          text: 'Freeze account',
          role: 'destructive',
          cssClass: 'security__alert-danger',
          htmlAttributes: { 'data-testid': 'freeze-confirm' },
          handler: () => void freeze(),
        },
      ],
    });

  const frozen = security?.frozen === 1;
  return (
    <SecurityPanel
      name="freeze"
      title="Freeze account"
      lead={
        <>
          Think someone else is in your account? Freezing signs out every device at once and stops withdrawals
          and transfers until our support team unfreezes it. You can still sign in to see your balances.
        </>
      }
      kicker={<p className="controls-danger-zone__kicker">Danger zone</p>}
      className="controls-danger-zone"
    >
      {frozen ? (
        <div className="fit24-notice fit24-notice--danger controls-notice" data-testid="freeze-frozen">
          <IonIcon icon={lockClosedOutline} aria-hidden="true" />
          <span>
            Your account is frozen: withdrawals and transfers are stopped. Contact support to unfreeze it once
            your email and password are secure.
          </span>
        </div>
      ) : (
        <SubmitButton
          busy={freezing.busy}
          color="danger"
          fill="outline"
          onClick={confirm}
          disabled={!security}
          testId="freeze-open"
        >
          {!freezing.busy && <IonIcon icon={snowOutline} slot="start" aria-hidden="true" />}
          Freeze my account
        </SubmitButton>
      )}
    </SecurityPanel>
  );
}
