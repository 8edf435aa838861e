import { ZWhitelistBody } from '@fit24/contract';
import { IonIcon, IonToggle } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { alertCircleOutline, checkmarkCircle, ellipseOutline, hourglassOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSecondFactor } from '../../../components/ui/SecondFactorField.tsx';
import { Pill } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useSecondFactorErrorReset } from '../../../components/ui/second-factor-error.ts';
import { useToast } from '../../../components/ui/toast.ts';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { describeDelay } from '../../../lib/countdown.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useSavedAddresses } from '../../../lib/saved-addresses.ts';
import { SECURITY_QUERY_KEY, useSecurity } from '../../../lib/security.ts';
import { InsetForm } from './InsetForm.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import './money-controls.css';

/**
 * Whitelist-only withdrawals: on at once; off only with the second factor, and even then it holds for
 * the safety delay (`whitelist_off_date`), which the card says before and after.
 */
export function WhitelistCard() {
  const { t } = useTranslation('security');
  const security = useSecurity().data?.security;
  const queryClient = useQueryClient();
  const toast = useToast();
  const addresses = useSavedAddresses();
  const form = useForm({});
  const [turningOff, setTurningOff] = useState(false);
  // The toggle is drawn from the server's state: a refused or unconfirmed change snaps it back.
  const [redraw, setRedraw] = useState(0);
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const secondFactor = useSecondFactor({
    error: form.errors.two_factor_code ?? form.errors.passkey_token,
    onEnter: () => void turnOff(),
    testId: 'whitelist-2fa',
  });
  useSecondFactorErrorReset(secondFactor.proof, form.setErrors);

  const on = security?.whitelist_only === 1;
  const endsAt = security?.whitelist_off_date ?? null;
  const delay = security ? describeDelay(security.address_delay_seconds) : '';
  const hasActive = (addresses.data?.addresses ?? []).some((address) => address.status === 'ACTIVE');

  /** Sends the change; resolves whether the request went out (the second factor's check passed). */
  const send = async (enabled: 0 | 1, proof = {}): Promise<boolean> => {
    let sent = false;
    await form.submit({
      schema: ZWhitelistBody,
      body: { enabled, ...proof },
      check: () => (enabled === 0 ? secondFactor.check() : null),
      send: (body) => {
        sent = true;
        return api.call('security.whitelist', { body });
      },
      onSuccess: (data) => {
        queryClient.setQueryData(SECURITY_QUERY_KEY, data);
        setTurningOff(false);
        if (enabled === 1) toast.success(t('whitelist.turnedOn'));
        else if (data.security.whitelist_off_date) {
          toast.success(t('whitelist.endsOn', { date: formatDateTime(data.security.whitelist_off_date) }));
        }
      },
    });
    return sent;
  };

  const turnOff = async () => {
    if (await send(0, secondFactor.proof)) secondFactor.reset();
  };

  const onToggle = (checked: boolean) => {
    if (!checked) {
      // Off waits for the second factor below; the switch stays on until then.
      setTurningOff(true);
      setRedraw((n) => n + 1);
      return;
    }
    setOptimistic(true);
    void send(1).finally(() => {
      setOptimistic(null);
      setRedraw((n) => n + 1);
    });
  };

  const status = on
    ? { tone: 'success' as const, icon: checkmarkCircle, text: t('setting.on') }
    : endsAt
      ? { tone: 'warning' as const, icon: hourglassOutline, text: t('whitelist.ending') }
      : { tone: 'medium' as const, icon: ellipseOutline, text: t('setting.off') };

  return (
    <SecurityPanel
      name="whitelist"
      title={t('whitelist.title')}
      lead={t('whitelist.lead')}
      status={
        security && (
          <Pill tone={status.tone} icon={status.icon} testId="whitelist-status">
            {status.text}
          </Pill>
        )
      }
    >
      {security && (
        <div className="controls-switch">
          <span id="whitelist-toggle-label">{t('whitelist.toggle')}</span>
          <IonToggle
            key={redraw}
            checked={optimistic ?? on}
            disabled={form.busy || turningOff}
            aria-label={t('whitelist.toggle')}
            onIonChange={(event) => onToggle(event.detail.checked)}
            data-testid="whitelist-toggle"
          />
        </div>
      )}
      {!on && endsAt && (
        <div className="fit24-notice fit24-notice--warning controls-notice" data-testid="whitelist-ending">
          <IonIcon icon={hourglassOutline} aria-hidden="true" />
          <span>
            <Trans
              t={t}
              i18nKey="whitelist.endingNotice"
              values={{ date: formatDateTime(endsAt) }}
              components={{ b: <strong /> }}
            />
          </span>
        </div>
      )}
      {!on && !endsAt && security && addresses.isSuccess && !hasActive && (
        <p className="controls-hint" data-testid="whitelist-no-active">
          {t('whitelist.noActive')}
        </p>
      )}
      {turningOff && (
        <InsetForm
          formRef={form.ref}
          testId="whitelist-off-form"
          cancel={{
            label: t('whitelist.keepOn'),
            onClick: () => {
              setTurningOff(false);
              secondFactor.reset();
            },
            testId: 'whitelist-off-cancel',
          }}
        >
          <div className="fit24-notice fit24-notice--warning controls-notice">
            <IonIcon icon={alertCircleOutline} aria-hidden="true" />
            <span>{t('whitelist.delayNotice', { delay })}</span>
          </div>
          {secondFactor.field}
          <SubmitButton busy={form.busy} onClick={() => void turnOff()} testId="whitelist-off-confirm">
            {t('whitelist.turnOff')}
          </SubmitButton>
        </InsetForm>
      )}
    </SecurityPanel>
  );
}
