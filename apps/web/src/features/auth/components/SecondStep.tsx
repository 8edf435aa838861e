import {
  type ErrorEnvelope,
  type TSessionData,
  type TTwoFactorChallengeData,
  ZSignin2faBody,
} from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { timeOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/ui/BrandMark.tsx';
import {
  PasskeyChoice,
  SecondFactorInput,
  type SecondFactorMode,
} from '../../../components/ui/SecondFactorInput.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { formatCountdown, useNowSeconds } from '../../../lib/countdown.ts';
import { validate } from '../../../lib/forms.ts';
import { andThen, signWithPasskey, supportsPasskeys } from '../../../lib/webauthn.ts';
import '../../../components/ui/second-factor.css';

export interface SecondStepProps {
  email: string;
  challenge: TTwoFactorChallengeData;
  /** When the challenge arrived (epoch ms): it expires `expires_in` seconds later. */
  receivedAt: number;
  onSession: (session: TSessionData) => void | Promise<void>;
  /** Back to email and password (the challenge ended, or the person chose to). */
  onRestart: () => void;
}

/** A challenge that ended answers 401 without a field: expired, used, or out of tries. */
const challengeEnded = (error: ErrorEnvelope) => error.code === 401 && !error.fields;

/**
 * Sign-in's second step with 2FA on: the authenticator app's code (sent on the sixth digit), a recovery
 * code, or a passkey; the challenge's five minutes are shown, and once it has ended the person signs in again.
 */
export function SecondStep({ email, challenge, receivedAt, onSession, onRestart }: SecondStepProps) {
  const { t } = useTranslation('auth');
  const totp = challenge.methods.includes('totp');
  const passkey = challenge.methods.includes('passkey') && supportsPasskeys();
  const [mode, setMode] = useState<SecondFactorMode>('code');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [ended, setEnded] = useState<string | null>(null);
  const verifying = useAction();
  const confirming = useAction();

  const now = useNowSeconds();
  const left = Math.max(0, Math.floor(receivedAt / 1000) + challenge.expires_in - now);
  const over = ended ?? (left === 0 ? t('secondStep.expired') : null);

  const onRefused = (refusal: ErrorEnvelope) => {
    if (challengeEnded(refusal)) {
      setEnded(refusal.message);
      return true;
    }
    if (refusal.fields?.two_factor_code || refusal.fields?.code) {
      setCode('');
      setError(refusal.message);
      return true;
    }
    return false;
  };

  const submit = (value = code) => {
    const checked = validate(ZSignin2faBody, { challenge: challenge.challenge, code: value });
    if (!checked.ok) {
      setError(checked.errors.code ?? checked.errors.form);
      return;
    }
    setError(undefined);
    void verifying.run({
      send: () => api.call('auth.signin2fa', { body: checked.data }),
      onSuccess: onSession,
      onError: onRefused,
    });
  };

  const confirmWithPasskey = () => {
    setError(undefined);
    let optionsRefused = false;
    void confirming.run({
      send: async () => {
        const options = await api.call('auth.signin2faOptions', { body: { challenge: challenge.challenge } });
        optionsRefused = options.error;
        return andThen(Promise.resolve(options), (data) =>
          andThen(signWithPasskey(data.options), (assertion) =>
            api.call('auth.signin2fa', { body: { challenge: challenge.challenge, passkey: assertion } }),
          ),
        );
      },
      onSuccess: onSession,
      // Only a refused options call says the challenge ended; a refused passkey may be tried again.
      onError: (refusal) => (optionsRefused ? onRefused(refusal) : false),
    });
  };

  const codeShown = totp || mode === 'recovery';
  return (
    <>
      <header className="auth__hero">
        <BrandMark size={52} />
        <div>
          <h1>{t('secondStep.heading')}</h1>
          <p>
            <Trans
              t={t}
              i18nKey="secondStep.signingInAs"
              values={{ email }}
              components={{ email: <strong data-testid="login-2fa-email" /> }}
            />
          </p>
        </div>
      </header>
      {over ? (
        <div className="auth__step" data-testid="login-2fa-ended">
          <div className="fit24-notice fit24-notice--warning" role="alert">
            <IonIcon icon={timeOutline} color="warning" aria-hidden="true" />
            <span>{over}</span>
          </div>
          <IonButton expand="block" onClick={onRestart} data-testid="login-2fa-restart">
            {t('secondStep.signInAgain')}
          </IonButton>
        </div>
      ) : (
        <form
          className="fit24-form auth__step"
          onSubmit={(event) => event.preventDefault()}
          noValidate
          data-testid="login-2fa-form"
        >
          <p className="auth__step-lead">
            {mode === 'recovery'
              ? t('secondStep.leadRecovery')
              : totp
                ? t('secondStep.leadTotp')
                : t('secondStep.leadPasskey')}
          </p>
          <SecondFactorInput
            mode={mode}
            onMode={(next) => {
              setMode(next);
              setError(undefined);
            }}
            value={code}
            onChange={(next) => {
              setCode(next);
              setError(undefined);
            }}
            totp={totp}
            recovery
            error={codeShown ? error : undefined}
            onEnter={() => submit()}
            onComplete={(full) => submit(full)}
            autofocus
            testId="login-2fa"
          />
          {codeShown && (
            <SubmitButton
              busy={verifying.busy}
              onClick={() => submit()}
              testId="login-2fa-submit"
              size="large"
            >
              {t('secondStep.submit')}
            </SubmitButton>
          )}
          {passkey && (
            <PasskeyChoice
              busy={confirming.busy}
              onConfirm={confirmWithPasskey}
              label={t('secondStep.usePasskey')}
              codeShown={codeShown}
              size="large"
              error={codeShown ? undefined : error}
              testId="login-2fa-passkey"
            />
          )}
          <div className="auth__step-foot">
            <span className="fit24-muted" data-testid="login-2fa-expiry">
              {t('secondStep.expiresIn', { time: formatCountdown(left) })}
            </span>
            <button type="button" className="fit24-link" onClick={onRestart} data-testid="login-2fa-back">
              {t('secondStep.back')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
