import { ZFreezeBody } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { alertCircleOutline, lockClosed, snowOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/search-params.ts';
import '../../../components/ui/forms.css';
import './freeze.css';

/**
 * `retry`: the call may work a second time (no network, a busy server); a refused link never does.
 * `message` null: the link is incomplete (said in the language on screen).
 */
type Step = { name: 'ask' } | { name: 'done' } | { name: 'failed'; message: string | null; retry: boolean };

/**
 * `/freeze?token=…`, the "this wasn't me" link of a new sign-in email. Public: whoever holds the email
 * may freeze the account (every session ends, money stops until support unfreezes it), nothing more.
 */
export function FreezePage() {
  const { t } = useTranslation('security');
  const token = usePageParam('/freeze', 'token') ?? '';
  const valid = ZFreezeBody.safeParse({ token }).success;
  const [step, setStep] = useState<Step>(
    valid ? { name: 'ask' } : { name: 'failed', message: null, retry: false },
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
    <PageShell page="freeze" title={t('freezePage.title')}>
      {step.name === 'ask' && (
        <div data-testid="freeze-ask">
          <header className="freeze__hero">
            <span className="freeze__badge" aria-hidden="true">
              <IonIcon icon={snowOutline} />
            </span>
            <h1>{t('freezePage.ask.title')}</h1>
            <p>{t('freezePage.ask.lead')}</p>
          </header>
          <section className="fit24-panel">
            <h2 className="freeze__list-title">{t('freezePage.ask.listTitle')}</h2>
            <ul className="freeze__list">
              <li>{t('freezePage.ask.signedOut')}</li>
              <li>{t('freezePage.ask.stopped')}</li>
              <li>{t('freezePage.ask.stillSignIn')}</li>
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
            {t('freezePage.ask.submit')}
          </SubmitButton>
          <IonButton
            fill="clear"
            expand="block"
            routerLink="/"
            routerDirection="root"
            className="freeze__secondary"
            data-testid="freeze-cancel"
          >
            {t('freezePage.ask.itWasMe')}
          </IonButton>
        </div>
      )}
      {step.name === 'done' && (
        <div className="freeze__done" data-testid="freeze-done">
          <span className="freeze__badge freeze__badge--done" aria-hidden="true">
            <IonIcon icon={lockClosed} />
          </span>
          <h1>{t('freezePage.done.title')}</h1>
          <p>{t('freezePage.done.text')}</p>
          <SignInAgain size="large" />
          <IonButton
            fill="outline"
            expand="block"
            routerLink="/forgot"
            routerDirection="root"
            className="freeze__action"
            data-testid="freeze-reset"
          >
            {t('freezePage.done.reset')}
          </IonButton>
        </div>
      )}
      {step.name === 'failed' && (
        <div data-testid="freeze-failed">
          <header className="freeze__hero">
            <h1>{t('freezePage.failed.title')}</h1>
          </header>
          <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="freeze-error">
            <IonIcon icon={alertCircleOutline} color="danger" aria-hidden="true" />
            <span>{step.message ?? t('freezePage.incompleteLink')}</span>
          </div>
          {step.retry && (
            <SubmitButton busy={freezing.busy} onClick={freeze} testId="freeze-retry" fill="outline">
              {t('freezePage.failed.retry')}
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
  const { t } = useTranslation('security');
  return (
    <IonButton
      expand="block"
      size={size}
      routerLink="/login"
      routerDirection="root"
      className="freeze__action"
      data-testid="freeze-login"
    >
      {t('freezePage.signIn')}
    </IonButton>
  );
}
