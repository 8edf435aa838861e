import { type TTwoFactorChallengeData, ZSigninBody } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircleOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BrandMark } from '../../../components/ui/BrandMark.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { EmailField, PasswordField } from '../../../components/ui/TextField.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { LOGIN_REASON_PASSWORD_CHANGED } from '../../../lib/paths.ts';
import { useEnterApp } from '../api/session.ts';
import { PasskeySignin } from '../components/PasskeySignin.tsx';
import { SecondStep } from '../components/SecondStep.tsx';
import './auth.css';

/** A sign-in waiting for its second step, and when its challenge arrived. */
interface PendingSignin {
  email: string;
  challenge: TTwoFactorChallengeData;
  receivedAt: number;
}

/**
 * Sign in with email and password (then the second step when 2FA is on), or with a passkey alone; a
 * verified user lands on home, others on verify.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const form = useForm({ email_id: '', password: '' });
  const enterApp = useEnterApp();
  const reason = new URLSearchParams(useLocation().search).get('reason');
  const [pending, setPending] = useState<PendingSignin | null>(null);

  const submit = () =>
    form.submit({
      schema: ZSigninBody,
      body: form.values,
      send: (body) => api.call('auth.signin', { body }),
      onSuccess: async (data) => {
        if ('two_factor_required' in data) {
          setPending({ email: form.values.email_id.trim(), challenge: data, receivedAt: Date.now() });
          return;
        }
        await enterApp(data);
      },
    });

  const restart = () => {
    form.set('password', '');
    setPending(null);
  };

  if (pending) {
    return (
      <PageShell page="login" title={t('login.title')} backHref="/">
        <SecondStep
          key={pending.challenge.challenge}
          email={pending.email}
          challenge={pending.challenge}
          receivedAt={pending.receivedAt}
          onSession={(session) => enterApp(session)}
          onRestart={restart}
        />
      </PageShell>
    );
  }

  return (
    <PageShell page="login" title={t('login.title')} backHref="/">
      <header className="auth__hero">
        <BrandMark size={52} />
        <div>
          <h1>{t('login.heading')}</h1>
          <p>{t('login.lead')}</p>
        </div>
      </header>
      {reason === LOGIN_REASON_PASSWORD_CHANGED && (
        <div className="fit24-notice" data-testid="login-notice">
          <IonIcon icon={checkmarkCircleOutline} color="primary" aria-hidden="true" />
          <span>{t('login.passwordChanged')}</span>
        </div>
      )}
      <form className="fit24-form" onSubmit={(event) => event.preventDefault()} noValidate>
        <EmailField
          label={t('fields.email')}
          placeholder={t('fields.emailPlaceholder')}
          value={form.values.email_id}
          onChange={(value) => form.set('email_id', value)}
          error={form.errors.email_id}
          testId="login-email"
        />
        <PasswordField
          label={t('fields.password')}
          autocomplete="current-password"
          value={form.values.password}
          onChange={(value) => form.set('password', value)}
          error={form.errors.password}
          onEnter={submit}
          testId="login-password"
        />
        <div className="auth__forgot">
          <IonButton fill="clear" size="small" routerLink="/forgot" data-testid="login-forgot">
            {t('login.forgot')}
          </IonButton>
        </div>
        <SubmitButton busy={form.busy} onClick={submit} testId="login-submit" size="large">
          {t('login.submit')}
        </SubmitButton>
        <PasskeySignin onSession={(session) => enterApp(session)} />
      </form>
      <div className="auth__switch">
        <span className="fit24-muted">{t('login.newHere')}</span>
        <IonButton fill="outline" expand="block" routerLink="/register" data-testid="login-register">
          {t('login.createAccount')}
        </IonButton>
      </div>
    </PageShell>
  );
}
