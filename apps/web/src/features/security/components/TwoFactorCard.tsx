import { IonIcon, IonSkeletonText } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { alertCircle, keyOutline, phonePortraitOutline } from 'ionicons/icons';
import { useState } from 'react';
import { SettingPill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { describeDelay } from '../../../lib/countdown.ts';
import { SECURITY_QUERY_KEY, useSecurity } from '../../../lib/security.ts';
import { ConfirmSecondFactor } from './ConfirmSecondFactor.tsx';
import { CooldownNotice } from './CooldownNotice.tsx';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import { type TotpSecret, TotpSetup } from './TotpSetup.tsx';
import './two-factor.css';

type Stage =
  | { name: 'idle' }
  | { name: 'setup'; setup: TotpSecret }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' }
  | { name: 'regenerate' };

/**
 * Two-factor authentication with an authenticator app: turn it on (QR, key, first code, recovery codes),
 * new recovery codes, and turning it off (second factor; starts the cool-down).
 */
export function TwoFactorCard({ email }: { email: string | undefined }) {
  const query = useSecurity();
  const security = query.data?.security;
  const queryClient = useQueryClient();
  const toast = useToast();
  const starting = useAction();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const idle = () => setStage({ name: 'idle' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });

  const startSetup = () =>
    starting.run({
      send: () => api.call('security.totpSetup'),
      onSuccess: (setup) => setStage({ name: 'setup', setup }),
    });

  const showCodes = async (codes: string[]) => {
    setStage({ name: 'codes', codes });
    await refresh();
  };

  const on = security?.two_factor_enabled === 1;
  return (
    <SecurityPanel
      name="2fa"
      title="Two-factor authentication"
      lead="A code from an authenticator app on your phone, asked when you sign in, withdraw or transfer."
      status={
        security && (
          <SettingPill done={on} testId="security-2fa-status">
            {on ? 'On' : 'Off'}
          </SettingPill>
        )
      }
    >
      {query.isPending && <IonSkeletonText animated className="tfa-skeleton" />}
      {query.isError && <p className="fit24-muted">{query.error.message}</p>}
      {security && stage.name === 'idle' && (
        <CooldownNotice security={security} testId="security-2fa-cooldown" />
      )}
      {security && stage.name === 'idle' && (
        <>
          <ul className="tfa-facts">
            <li>
              <IonIcon icon={phonePortraitOutline} aria-hidden="true" />
              <span>Authenticator app</span>
              <strong data-testid="security-2fa-app">{security.totp_enabled ? 'On' : 'Not set up'}</strong>
            </li>
            {on && (
              <li>
                <IonIcon icon={keyOutline} aria-hidden="true" />
                <span>Recovery codes left</span>
                <strong
                  data-testid="security-2fa-codes-left"
                  className={security.recovery_codes_left <= 2 ? 'tfa-facts--low' : undefined}
                >
                  {security.recovery_codes_left} of 10
                </strong>
                <button
                  type="button"
                  className="fit24-link tfa-facts__action"
                  onClick={() => setStage({ name: 'regenerate' })}
                  data-testid="security-2fa-regenerate"
                >
                  Renew
                </button>
              </li>
            )}
          </ul>
          {security.totp_enabled === 0 && (
            <SubmitButton busy={starting.busy} onClick={startSetup} testId="security-2fa-start">
              Set up authenticator app
            </SubmitButton>
          )}
          {security.totp_enabled === 1 && (
            <SubmitButton
              busy={false}
              fill="outline"
              color="danger"
              onClick={() => setStage({ name: 'disable' })}
              testId="security-2fa-disable"
            >
              Turn off authenticator app
            </SubmitButton>
          )}
        </>
      )}
      {stage.name === 'setup' && (
        <TotpSetup setup={stage.setup} onEnabled={(codes) => void showCodes(codes)} onCancel={idle} />
      )}
      {stage.name === 'codes' && <RecoveryCodesPanel codes={stage.codes} email={email} onDone={idle} />}
      {stage.name === 'regenerate' && (
        <ConfirmSecondFactor
          confirmLabel="Make new codes"
          send={(proof) => api.call('security.recoveryCodes', { body: proof })}
          onDone={(data) => showCodes(data.recovery_codes)}
          onCancel={idle}
          testId="security-2fa-regenerate-form"
        >
          <p className="tfa-lead">
            Your current recovery codes stop working as soon as the new ones are made.
          </p>
        </ConfirmSecondFactor>
      )}
      {stage.name === 'disable' && security && (
        <ConfirmSecondFactor
          confirmLabel="Turn off"
          color="danger"
          send={(proof) => api.call('security.totpDisable', { body: proof })}
          onDone={(data) => {
            queryClient.setQueryData(SECURITY_QUERY_KEY, data);
            toast.success('Your authenticator app is turned off');
            idle();
          }}
          onCancel={idle}
          testId="security-2fa-disable-form"
        >
          <div className="fit24-notice fit24-notice--danger">
            <IonIcon icon={alertCircle} color="danger" aria-hidden="true" />
            <span>
              Without the app, your account is protected by your password
              {security.passkeys.length > 0 ? ' and your passkeys' : ' alone'}. For your safety, withdrawals
              and transfers pause for {describeDelay(security.cooldown_seconds)} after you turn it off.
            </span>
          </div>
        </ConfirmSecondFactor>
      )}
    </SecurityPanel>
  );
}
