import { type RouteData, ZOpsSigninBody, ZOpsTotpBody } from '@fit24/contract';
import { IonContent } from '@ionic/react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BrandMark } from '../../components/ui/BrandMark.tsx';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/forms.ts';
import { ME_KEY } from '../api/me.ts';
import { Button } from '../components/Button.tsx';
import { Field } from '../components/Field.tsx';
import { ops, opsQueryClient } from '../lib/ops.ts';
import { saveOpsSession } from '../lib/ops-session.ts';
import { ADMIN_HOME, safeNext } from '../paths.ts';

type Setup = NonNullable<RouteData<'ops.signin'>['totp_setup']>;

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The operator's sign-in: email and password, then the authenticator's 6-digit code. At the first
 * sign-in the server hands over a new authenticator secret: shown as a QR code and as text, and the
 * first code enrols it.
 */
export function SigninPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<{ challenge: string; setup: Setup | null } | null>(null);
  const [values, setValues] = useState({ email: '', password: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: key === 'code' ? value.replace(/\D/g, '').slice(0, 6) : value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submitPassword = async () => {
    const checked = validate(ZOpsSigninBody, { email: values.email, password: values.password });
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    setMessage(null);
    const answer = await ops.call('ops.signin', { body: checked.data });
    setBusy(false);
    if (answer.error) {
      setErrors(serverFieldErrors(answer.fields));
      setMessage(answer.message);
      return;
    }
    setValues((v) => ({ ...v, password: '', code: '' }));
    setStep({ challenge: answer.data.challenge, setup: answer.data.totp_setup });
  };

  const submitCode = async () => {
    if (!step) return;
    const checked = validate(ZOpsTotpBody, { challenge: step.challenge, code: values.code });
    if (!checked.ok) return setErrors({ code: checked.errors.code ?? 'Enter the 6-digit code' });
    setBusy(true);
    setMessage(null);
    const answer = await ops.call('ops.signinTotp', { body: checked.data });
    setBusy(false);
    if (answer.error) {
      setValues((v) => ({ ...v, code: '' }));
      if (answer.fields?.code) return setErrors({ code: answer.message });
      // The challenge expired or was used: start again from the password.
      setStep(null);
      setMessage(answer.message);
      return;
    }
    const { token, operator, permissions } = answer.data;
    opsQueryClient.clear();
    opsQueryClient.setQueryData(ME_KEY, { operator, permissions });
    saveOpsSession({ token, operator });
    navigate(safeNext(params.get('next')) ?? ADMIN_HOME, { replace: true });
  };

  return (
    <IonContent className="adm-content adm-signin" data-page="admin/signin">
      <div className="adm-signin__box">
        <div className="adm-signin__brand">
          <BrandMark size={44} />
          <div>
            <h1>FIT24 Operations</h1>
            <p>Staff console. Every action is recorded in the trail.</p>
          </div>
        </div>
        {message && (
          <p className="adm-error" role="alert" data-testid="admin-signin-error">
            {message}
          </p>
        )}
        {step === null ? (
          <form
            className="adm-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submitPassword();
            }}
          >
            <Field
              label="Email"
              type="email"
              value={values.email}
              onChange={set('email')}
              error={errors.email}
              autoComplete="username"
              testId="admin-signin-email"
            />
            <Field
              label="Password"
              type="password"
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              autoComplete="current-password"
              testId="admin-signin-password"
            />
            <Button type="submit" busy={busy} testId="admin-signin-submit">
              Continue
            </Button>
          </form>
        ) : (
          <form
            className="adm-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submitCode();
            }}
          >
            {step.setup ? (
              <Enrol setup={step.setup} />
            ) : (
              <p>Enter the 6-digit code your authenticator app shows.</p>
            )}
            <Field
              label="6-digit code"
              value={values.code}
              onChange={set('code')}
              error={errors.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              mono
              testId="admin-signin-code"
            />
            <Button type="submit" busy={busy} testId="admin-signin-code-submit">
              {step.setup ? 'Turn on and sign in' : 'Sign in'}
            </Button>
            <button
              type="button"
              className="adm-link"
              onClick={() => {
                setStep(null);
                setMessage(null);
              }}
            >
              Use another account
            </button>
          </form>
        )}
      </div>
    </IonContent>
  );
}

/** The first sign-in: the authenticator to add, as a QR code and as its secret. */
function Enrol({ setup }: { setup: Setup }) {
  return (
    <div className="adm-enrol" data-testid="admin-signin-enrol">
      <p>
        <strong>First sign-in:</strong> add FIT24 Ops to your authenticator app. An operator account always
        has one.
      </p>
      <div className="adm-enrol__qr">
        <QRCodeSVG
          value={setup.otpauth_url}
          size={168}
          marginSize={2}
          bgColor="#ffffff"
          fgColor="#0a1628"
          title="QR code to add FIT24 Ops to your authenticator app"
        />
      </div>
      <p className="adm-dim">Can’t scan it? Enter this key in the app:</p>
      <code
        className="adm-mono adm-enrol__secret"
        data-testid="admin-signin-secret"
        data-secret={setup.secret}
      >
        {groupSecret(setup.secret)}
      </code>
      <p>Then enter the first code it shows.</p>
    </div>
  );
}
