import { IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { alertCircle, keyOutline, phonePortraitOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
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

/** How many recovery codes the server makes at a time. */
const RECOVERY_CODES = 10;

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
  const { t } = useTranslation('security');
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
      title={t('twoFactor.title')}
      lead={t('twoFactor.lead')}
      status={
        security && (
          <SettingPill done={on} testId="security-2fa-status">
            {on ? t('setting.on') : t('setting.off')}
          </SettingPill>
        )
      }
    >
      {query.isPending && <Bone className="tfa-skeleton" />}
      {query.isError && <p className="fit24-muted">{query.error.message}</p>}
      {security && stage.name === 'idle' && (
        <CooldownNotice security={security} testId="security-2fa-cooldown" />
      )}
      {security && stage.name === 'idle' && (
        <>
          <ul className="tfa-facts">
            <li>
              <IonIcon icon={phonePortraitOutline} aria-hidden="true" />
              <span>{t('twoFactor.app')}</span>
              <strong data-testid="security-2fa-app">
                {security.totp_enabled ? t('setting.on') : t('twoFactor.appNotSetUp')}
              </strong>
            </li>
            {on && (
              <li>
                <IonIcon icon={keyOutline} aria-hidden="true" />
                <span>{t('twoFactor.codesLeft')}</span>
                <strong
                  data-testid="security-2fa-codes-left"
                  className={security.recovery_codes_left <= 2 ? 'tfa-facts--low' : undefined}
                >
                  {t('twoFactor.codesLeftCount', {
                    left: security.recovery_codes_left,
                    total: RECOVERY_CODES,
                  })}
                </strong>
                <button
                  type="button"
                  className="fit24-link tfa-facts__action"
                  onClick={() => setStage({ name: 'regenerate' })}
                  data-testid="security-2fa-regenerate"
                >
                  {t('twoFactor.renew')}
                </button>
              </li>
            )}
          </ul>
          {security.totp_enabled === 0 && (
            <SubmitButton busy={starting.busy} onClick={startSetup} testId="security-2fa-start">
              {t('twoFactor.setUp')}
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
              {t('twoFactor.turnOffApp')}
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
          confirmLabel={t('twoFactor.regenerate.confirm')}
          send={(proof) => api.call('security.recoveryCodes', { body: proof })}
          onDone={(data) => showCodes(data.recovery_codes)}
          onCancel={idle}
          testId="security-2fa-regenerate-form"
        >
          <p className="tfa-lead">{t('twoFactor.regenerate.lead')}</p>
        </ConfirmSecondFactor>
      )}
      {stage.name === 'disable' && security && (
        <ConfirmSecondFactor
          confirmLabel={t('twoFactor.disable.confirm')}
          color="danger"
          send={(proof) => api.call('security.totpDisable', { body: proof })}
          onDone={(data) => {
            queryClient.setQueryData(SECURITY_QUERY_KEY, data);
            toast.success(t('twoFactor.disable.done'));
            idle();
          }}
          onCancel={idle}
          testId="security-2fa-disable-form"
        >
          <div className="fit24-notice fit24-notice--danger">
            <IonIcon icon={alertCircle} color="danger" aria-hidden="true" />
            <span>
              {t(
                security.passkeys.length > 0
                  ? 'twoFactor.disable.warningWithPasskeys'
                  : 'twoFactor.disable.warningAlone',
                {
                  delay: describeDelay(security.cooldown_seconds),
                },
              )}
            </span>
          </div>
        </ConfirmSecondFactor>
      )}
    </SecurityPanel>
  );
}
