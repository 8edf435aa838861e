import { ZPasswordOtpBody } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircle } from 'ionicons/icons';
import { useState } from 'react';
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
    <PageShell page="forgot" title="Reset password" backHref="/login">
      {step.name === 'email' && (
        <>
          <header className="fit24-intro">
            <h1>Forgot your password?</h1>
            <p>Enter the email of your account and we’ll send you a 6-digit code to choose a new one.</p>
          </header>
          <form className="fit24-form" onSubmit={(event) => event.preventDefault()} noValidate>
            <EmailField
              label="Email"
              placeholder="you@example.com"
              value={form.values.email_id}
              onChange={(value) => form.set('email_id', value)}
              error={form.errors.email_id}
              onEnter={sendCode}
              testId="forgot-email"
            />
            <SubmitButton busy={form.busy} onClick={sendCode} testId="forgot-send" size="large">
              Send code
            </SubmitButton>
          </form>
        </>
      )}
      {step.name === 'reset' && (
        <>
          <header className="fit24-intro">
            <h1>Check your email</h1>
            <p>
              If an account exists for <strong>{step.email}</strong>, a code is on its way. Enter it with your
              new password.{' '}
              <button
                type="button"
                className="fit24-link"
                data-testid="forgot-change-email"
                onClick={() => setStep({ name: 'email' })}
              >
                Use another email
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
          <h1>Password changed</h1>
          <p>Every device was signed out. Sign in with your new password.</p>
          <IonButton
            expand="block"
            size="large"
            routerLink="/login"
            routerDirection="root"
            className="auth__done-button"
            data-testid="forgot-login"
          >
            Sign in
          </IonButton>
        </div>
      )}
    </PageShell>
  );
}
