import { type ErrorEnvelope, type TSecurity, ZEmailChangeBody, ZEmailConfirmBody } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { hourglassOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CancelOrResend } from '../../../components/ui/ResendButton.tsx';
import { useSecondFactor } from '../../../components/ui/SecondFactorField.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { EmailField, OtpField, PasswordField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { describeDelay, retryAfterOf, useCountdown, useNowSeconds } from '../../../lib/countdown.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useSecurity } from '../../../lib/security.ts';
import { keepChangedEmail } from '../api/email-change.ts';
import { InsetForm } from './InsetForm.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import './email.css';
import './money-controls.css';

type Step = 'idle' | 'details' | 'code';

const emptyDetails = { email_id: '', password: '' };

/**
 * The sign-in email: shown, and changed with the password (and the second factor when on), then the
 * code sent to the new address. Withdrawals and transfers pause for the cool-down afterwards.
 */
export function EmailCard({ email }: { email: string | undefined }) {
  const { t } = useTranslation('security');
  const security = useSecurity().data?.security;
  const queryClient = useQueryClient();
  const toast = useToast();
  const details = useForm(emptyDetails);
  const code = useForm({ otp: '' });
  const countdown = useCountdown();
  const [step, setStep] = useState<Step>('idle');
  // The address the last code went to: asking again for it within the minute returns to its code.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const secondFactor = useSecondFactor({
    error: details.errors.two_factor_code ?? details.errors.passkey_token,
    onEnter: () => void request(),
    testId: 'security-email-2fa',
  });

  // Refusals go through this card's toast, so the next success replaces them (one toast per hook).
  const showRefusal = (error: ErrorEnvelope) => {
    toast.error(error.message);
    return true;
  };

  const close = () => {
    setStep('idle');
    details.setValues(emptyDetails);
    details.setErrors({});
    code.setValues({ otp: '' });
    code.setErrors({});
    secondFactor.reset();
  };

  const request = async () => {
    let sent = false;
    await details.submit({
      schema: ZEmailChangeBody,
      body: { ...details.values, ...secondFactor.proof },
      check: () => secondFactor.check(),
      send: (body) => {
        sent = true;
        return api.call('account.emailChange', { body });
      },
      onSuccess: (data) => {
        setSentTo(data.email_id);
        countdown.start(retryAfterOf(data));
        toast.success(t('email.codeSentTo', { email: data.email_id }));
        code.setValues({ otp: '' });
        setStep('code');
      },
      onError: (error) => {
        if (error.code === 429) {
          countdown.start(retryAfterOf(error));
          if (sentTo !== null && details.values.email_id.trim().toLowerCase() === sentTo) setStep('code');
        }
        return showRefusal(error);
      },
    });
    if (sent) secondFactor.reset();
  };

  // A new code asks for the second factor again (each proof is single-use): back to the details, kept.
  const resend = () => (secondFactor.required ? setStep('details') : void request());

  const confirm = () =>
    code.submit({
      schema: ZEmailConfirmBody,
      body: code.values,
      send: (body) => api.call('account.emailConfirm', { body }),
      onError: showRefusal,
      onSuccess: async ({ user }) => {
        toast.success(t('email.changed', { email: user.email_id }));
        setSentTo(null);
        close();
        await keepChangedEmail(queryClient, user);
      },
    });

  return (
    <SecurityPanel name="email" title={t('email.title')} lead={t('email.lead')}>
      <div className="email-current">
        <span>{t('email.current')}</span>
        <strong data-testid="security-email-current">{email ?? '…'}</strong>
      </div>
      {security && <EmailCooldown security={security} />}
      {step === 'idle' && (
        <SubmitButton
          busy={false}
          disabled={!email}
          fill="outline"
          onClick={() => setStep('details')}
          testId="security-email-start"
        >
          {t('email.change')}
        </SubmitButton>
      )}
      {step === 'details' && (
        <InsetForm
          formRef={details.ref}
          testId="security-email-form"
          cancel={{ label: t('cancel'), onClick: close, testId: 'security-email-cancel' }}
        >
          <p className="controls-inset__text">
            {security
              ? t('email.details.textWithPause', {
                  email: email ?? t('email.details.yourCurrent'),
                  delay: describeDelay(security.cooldown_seconds),
                })
              : t('email.details.text', { email: email ?? t('email.details.yourCurrent') })}
          </p>
          <EmailField
            label={t('email.details.newEmail')}
            value={details.values.email_id}
            onChange={(value) => details.set('email_id', value)}
            error={details.errors.email_id}
            testId="security-email-new"
          />
          <PasswordField
            label={t('email.details.currentPassword')}
            autocomplete="current-password"
            value={details.values.password}
            onChange={(value) => details.set('password', value)}
            error={details.errors.password}
            onEnter={() => void request()}
            testId="security-email-password"
          />
          {secondFactor.field}
          <SubmitButton busy={details.busy} onClick={() => void request()} testId="security-email-send">
            {t('email.details.submit')}
          </SubmitButton>
        </InsetForm>
      )}
      {step === 'code' && (
        <InsetForm formRef={code.ref} testId="security-email-code-form">
          <p className="controls-inset__text" data-testid="security-email-sent">
            <Trans
              t={t}
              i18nKey="email.code.text"
              values={{ email: sentTo }}
              components={{ b: <strong /> }}
            />
          </p>
          <OtpField
            label={t('email.code.label')}
            value={code.values.otp}
            onChange={(value) => code.set('otp', value)}
            error={code.errors.otp}
            onEnter={() => void confirm()}
            autofocus
            testId="security-email-otp"
          />
          <CancelOrResend
            onCancel={close}
            cancelTestId="security-email-code-cancel"
            left={countdown.left}
            busy={details.busy}
            onClick={resend}
            testId="security-email-resend"
          />
          <SubmitButton busy={code.busy} onClick={() => void confirm()} testId="security-email-confirm">
            {t('email.change')}
          </SubmitButton>
        </InsetForm>
      )}
    </SecurityPanel>
  );
}

/** Money held back after the email changed: for how long and until when (the server's cool-down). */
function EmailCooldown({ security }: { security: TSecurity }) {
  const { t } = useTranslation('security');
  const now = useNowSeconds(30_000);
  const until = security.cooldown_until;
  if (security.cooldown_reason !== 'email changed' || until === null || until <= now) return null;
  return (
    <div className="fit24-notice fit24-notice--warning email-cooldown" data-testid="security-email-cooldown">
      <IonIcon icon={hourglassOutline} color="warning" aria-hidden="true" />
      <span>
        {t('email.cooldown', {
          delay: describeDelay(security.cooldown_seconds),
          date: formatDateTime(until),
        })}
      </span>
    </div>
  );
}
