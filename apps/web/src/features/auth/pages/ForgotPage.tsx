import { ZPasswordOtpBody } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircle } from 'ionicons/icons';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { ResetPasswordForm } from '../../../components/ui/ResetPasswordForm.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { EmailField } from '../../../components/ui/TextField.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { RESEND_SECONDS, retryAfterOf } from '../../../lib/countdown.ts';
import './auth.css';

type Step = { name: 'email' } | { name: 'reset'; email: string; wait: number } | { name: 'done' };

/** Forgotten password: an emailed code, then a new password; every session is signed out by the server. */
export function ForgotPage() {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>({ name: 'email' });
  const form = useForm({ email_id: '' });

  const sendCode = () =>
    form.submit({
      schema: ZPasswordOtpBody,
      body: form.values,
      send: (body) => api.call('auth.passwordOtp', { body }),
      onSuccess: () => setStep({ name: 'reset', email: form.values.email_id.trim(), wait: RESEND_SECONDS }),
      // A code was sent a moment ago: it is still good, so go on and count down to the next one.
      onError: (error) => {
        if (error.code !== 429) return false;
        setStep({ name: 'reset', email: form.values.email_id.trim(), wait: retryAfterOf(error) });
        return false;
      },
    });

  return (
    <PageShell page="forgot" title={t('forgot.title')} backHref="/login">
      {step.name === 'email' && (
        <>
          <header className="fit24-intro">
            <h1>{t('forgot.heading')}</h1>
            <p>{t('forgot.lead')}</p>
          </header>
          <form className="fit24-form" onSubmit={(event) => event.preventDefault()} noValidate>
            <EmailField
              label={t('fields.email')}
              placeholder={t('fields.emailPlaceholder')}
              value={form.values.email_id}
              onChange={(value) => form.set('email_id', value)}
              error={form.errors.email_id}
              onEnter={sendCode}
              testId="forgot-email"
            />
            <SubmitButton busy={form.busy} onClick={sendCode} testId="forgot-send" size="large">
              {t('forgot.send')}
            </SubmitButton>
          </form>
        </>
      )}
      {step.name === 'reset' && (
        <>
          <header className="fit24-intro">
            <h1>{t('forgot.checkHeading')}</h1>
            <p>
              <Trans
                t={t}
                i18nKey="forgot.checkLead"
                values={{ email: step.email }}
                components={{ email: <strong /> }}
              />{' '}
              <button
                type="button"
                className="fit24-link"
                data-testid="forgot-change-email"
                onClick={() => setStep({ name: 'email' })}
              >
                {t('forgot.useAnotherEmail')}
              </button>
            </p>
          </header>
          <ResetPasswordForm
            email={step.email}
            initialWait={step.wait}
            onReset={() => setStep({ name: 'done' })}
            testIdPrefix="forgot"
          />
        </>
      )}
      {step.name === 'done' && (
        <div className="auth__done" data-testid="forgot-done">
          <IonIcon icon={checkmarkCircle} color="success" aria-hidden="true" />
          <h1>{t('forgot.doneHeading')}</h1>
          <p>{t('forgot.doneLead')}</p>
          <IonButton
            expand="block"
            size="large"
            routerLink="/login"
            routerDirection="root"
            className="auth__done-button"
            data-testid="forgot-login"
          >
            {t('forgot.signIn')}
          </IonButton>
        </div>
      )}
    </PageShell>
  );
}
