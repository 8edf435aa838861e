import { useIonRouter } from '@ionic/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResetPasswordForm } from '../../../components/ui/ResetPasswordForm.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAction } from '../../../components/ui/use-form.ts';
import { api } from '../../../lib/api.ts';
import { RESEND_SECONDS, retryAfterOf } from '../../../lib/countdown.ts';
import { LOGIN_PATH, LOGIN_REASON_PASSWORD_CHANGED } from '../../../lib/paths.ts';
import { forgetUserData, queryClient } from '../../../lib/query-client.ts';
import { clearSession } from '../../../lib/session.ts';
import { SecurityPanel } from './SecurityPanel.tsx';

/**
 * Change the sign-in password: a code to the account's own email (auth.passwordOtp), then the reset
 * (auth.passwordReset). The server revokes every session on reset, so this one ends too.
 */
export function PasswordCard({ email }: { email: string | undefined }) {
  const { t } = useTranslation('security');
  const router = useIonRouter();
  const sending = useAction();
  const [wait, setWait] = useState<number | null>(null);

  const sendCode = () =>
    email &&
    sending.run({
      send: () => api.call('auth.passwordOtp', { body: { email_id: email } }),
      onSuccess: () => setWait(RESEND_SECONDS),
      onError: (error) => {
        if (error.code === 429) setWait(retryAfterOf(error));
        return false;
      },
    });

  const signedOutEverywhere = async () => {
    // Cleared and navigated in one tick: this guarded page never sees a missing session as shown.
    const clearing = clearSession();
    forgetUserData(queryClient);
    router.push(`${LOGIN_PATH}?reason=${LOGIN_REASON_PASSWORD_CHANGED}`, 'root', 'replace');
    await clearing;
  };

  return (
    <SecurityPanel
      name="password"
      title={t('password.title')}
      lead={t('password.lead', { email: email ?? t('password.yourAddress') })}
    >
      {wait === null ? (
        <SubmitButton
          busy={sending.busy}
          disabled={!email}
          fill="outline"
          onClick={() => void sendCode()}
          testId="security-pw-send"
        >
          {t('password.change')}
        </SubmitButton>
      ) : (
        <>
          <ResetPasswordForm
            email={email ?? ''}
            initialWait={wait}
            onReset={signedOutEverywhere}
            submitLabel={t('password.change')}
            testIdPrefix="security-pw"
          />
          <button
            type="button"
            className="fit24-link security__cancel"
            data-testid="security-pw-cancel"
            onClick={() => setWait(null)}
          >
            {t('cancel')}
          </button>
        </>
      )}
    </SecurityPanel>
  );
}
