import { ZFreezeBody } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { alertCircleOutline, lockClosed, snowOutline } from 'ionicons/icons';
import { useState } from 'react';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/search-params.ts';
import '../../../components/ui/forms.css';
import './freeze.css';

/** `retry`: the call may work a second time (no network, a busy server); a refused link never does. */
type Step = { name: 'ask' } | { name: 'done' } | { name: 'failed'; message: string; retry: boolean };

const INCOMPLETE_LINK =
  'This link is incomplete. Open the whole link from the email again, or sign in and freeze your account from the security screen.';

/**
 * `/freeze?token=…`, the "this wasn't me" link of a new sign-in email. Public: whoever holds the email
 * may freeze the account (every session ends, money stops until support unfreezes it), nothing more.
 */
export function FreezePage() {
  const token = usePageParam('/freeze', 'token') ?? '';
  const valid = ZFreezeBody.safeParse({ token }).success;
  const [step, setStep] = useState<Step>(
    valid ? { name: 'ask' } : { name: 'failed', message: INCOMPLETE_LINK, retry: false },
  );
  const freezing = useAction();

  const freeze = () =>
    freezing.run({
      send: () => api.call('auth.freeze', { body: { token } }),
      onSuccess: () => setStep({ name: 'done' }),
      onError: (refusal) => {
        const retry = refusal.code === 0 || refusal.code === 429 || refusal.code >= 500;
        setStep({ name: 'failed', message: refusal.message, retry });
        return true;
      },
    });

  return (
    <PageShell page="freeze" title="Freeze account">
      {step.name === 'ask' && (
        <div data-testid="freeze-ask">
          <header className="freeze__hero">
            <span className="freeze__badge" aria-hidden="true">
              <IonIcon icon={snowOutline} />
            </span>
            <h1>Freeze your account?</h1>
            <p>
              Someone signed in to your FIT24 Exchange account from a new device or place. If it wasn’t you,
              freeze the account now.
            </p>
          </header>
          <section className="fit24-panel">
            <h2 className="freeze__list-title">What freezing does</h2>
            <ul className="freeze__list">
              <li>Every device is signed out at once, including whoever signed in.</li>
              <li>Withdrawals and transfers stop until our support team unfreezes the account.</li>
              <li>You can still sign in to see your balances and orders.</li>
            </ul>
          </section>
          <SubmitButton
            busy={freezing.busy}
            onClick={freeze}
            testId="freeze-submit"
            color="danger"
            size="large"
          >
            <IonIcon icon={lockClosed} slot="start" aria-hidden="true" />
            Freeze my account
          </SubmitButton>
          <IonButton
            fill="clear"
            expand="block"
            routerLink="/"
            routerDirection="root"
            className="freeze__secondary"
            data-testid="freeze-cancel"
          >
            It was me, leave it as it is
          </IonButton>
        </div>
      )}
      {step.name === 'done' && (
        <div className="freeze__done" data-testid="freeze-done">
          <span className="freeze__badge freeze__badge--done" aria-hidden="true">
            <IonIcon icon={lockClosed} />
          </span>
          <h1>Your account is frozen</h1>
          <p>
            Every device was signed out, and withdrawals and transfers are stopped. Sign in and change your
            password, then contact our support team to unfreeze your account.
          </p>
          <SignInAgain size="large" />
          <IonButton
            fill="outline"
            expand="block"
            routerLink="/forgot"
            routerDirection="root"
            className="freeze__action"
            data-testid="freeze-reset"
          >
            Reset password
          </IonButton>
        </div>
      )}
      {step.name === 'failed' && (
        <div data-testid="freeze-failed">
          <header className="freeze__hero">
            <h1>We couldn’t freeze the account</h1>
          </header>
          <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="freeze-error">
            <IonIcon icon={alertCircleOutline} color="danger" aria-hidden="true" />
            <span>{step.message}</span>
          </div>
          {step.retry && (
            <SubmitButton busy={freezing.busy} onClick={freeze} testId="freeze-retry" fill="outline">
              Try again
            </SubmitButton>
          )}
          <SignInAgain />
        </div>
      )}
    </PageShell>
  );
}

/** To the login page as a fresh start: the freeze ended every session. */
function SignInAgain({ size }: { size?: 'large' }) {
  return (
    <IonButton
      expand="block"
      size={size}
      routerLink="/login"
      routerDirection="root"
      className="freeze__action"
      data-testid="freeze-login"
    >
      Sign in
    </IonButton>
  );
}
