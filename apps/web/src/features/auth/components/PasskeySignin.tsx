import type { TSessionData } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { fingerPrintOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { andThen, signWithPasskey, supportsPasskeys } from '../../../lib/webauthn.ts';
import '../../../components/ui/second-factor.css';

/** Signs in with a passkey alone (no email, no password): the browser offers this site's passkeys. */
function signInWithPasskey() {
  return andThen(api.call('auth.passkeyOptions'), ({ flow_id, options }) =>
    andThen(signWithPasskey(options), (passkey) =>
      api.call('auth.passkeySignin', { body: { flow_id, passkey } }),
    ),
  );
}

/** "Sign in with a passkey" under the password form; absent where the browser has no WebAuthn. */
export function PasskeySignin({ onSession }: { onSession: (session: TSessionData) => void | Promise<void> }) {
  const { t } = useTranslation('auth');
  const action = useAction();
  if (!supportsPasskeys()) return null;
  return (
    <>
      <div className="fit24-2fa__or" aria-hidden="true">
        <span>{t('passkey.or')}</span>
      </div>
      <SubmitButton
        busy={action.busy}
        fill="outline"
        size="large"
        onClick={() => void action.run({ send: signInWithPasskey, onSuccess: onSession })}
        testId="login-passkey"
      >
        {!action.busy && <IonIcon icon={fingerPrintOutline} slot="start" aria-hidden="true" />}
        {t('passkey.signIn')}
      </SubmitButton>
    </>
  );
}
