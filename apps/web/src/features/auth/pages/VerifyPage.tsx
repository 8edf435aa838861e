import type { TUser } from '@fit24/contract';
import { IonButton } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useAccount } from '../../../lib/account.ts';
import { api } from '../../../lib/api.ts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useVerifiedUser } from '../api/session.ts';
import { ChangeMobileModal } from '../components/ChangeMobileModal.tsx';
import { CodeCard } from '../components/CodeCard.tsx';
import './auth.css';

/**
 * Email and mobile codes for a signed-in user whose email is not verified yet. The email gates the app;
 * the mobile is optional here and can be verified later.
 */
export function VerifyPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const account = useAccount().data?.account;
  const queryClient = useQueryClient();
  const onVerified = useVerifiedUser();
  const [leaving, setLeaving] = useState(false);
  const [changing, setChanging] = useState(false);
  const [newMobile, setNewMobile] = useState<{ mobile: string; at: number } | null>(null);
  // Codes were sent a moment ago when the user arrives straight from register.
  const fromRegister = new URLSearchParams(useLocation().search).get('sent') === '1';
  const [arrivedAt] = useState(() => Date.now());
  const justSent = fromRegister ? arrivedAt : null;

  const user = { ...session?.user, ...account };
  const mobile = newMobile?.mobile ?? user.mobile ?? '';

  const verified = async (next: TUser) => {
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, (old: { account: object } | undefined) =>
      old ? { account: { ...old.account, ...next } } : old,
    );
    await onVerified(next);
  };

  return (
    <PageShell page="verify" title={t('verify.title')}>
      <header className="fit24-intro">
        <h1>{t('verify.heading')}</h1>
        <p>{t('verify.lead')}</p>
      </header>
      <CodeCard
        title={t('verify.email')}
        address={user.email_id ?? ''}
        verified={user.is_email_verified === 1}
        badge={t('verify.required')}
        verify={(otp) => api.call('auth.emailVerify', { body: { otp } })}
        resend={() => api.call('auth.emailResend')}
        onVerified={verified}
        sentAt={justSent}
        testIdPrefix="verify-email"
      />
      <CodeCard
        title={t('verify.mobile')}
        address={mobile}
        verified={newMobile === null && user.is_mobile_verified === 1}
        badge={t('verify.optional')}
        verify={(otp) => api.call('auth.mobileVerify', { body: { otp } })}
        resend={() => api.call('auth.mobileResend')}
        onVerified={(next) => {
          setNewMobile(null);
          return verified(next);
        }}
        sentAt={newMobile?.at ?? justSent}
        testIdPrefix="verify-mobile"
      >
        <button
          type="button"
          className="fit24-link"
          data-testid="verify-mobile-change"
          onClick={() => setChanging(true)}
        >
          {t('verify.changeNumber')}
        </button>
      </CodeCard>
      <ChangeMobileModal
        key={account?.country_code ?? ''}
        isOpen={changing}
        initialCountry={account?.country_code ?? ''}
        onClose={() => setChanging(false)}
        onChanged={(next) => {
          setChanging(false);
          setNewMobile({ mobile: next, at: Date.now() });
          void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
        }}
      />
      <IonButton
        fill="clear"
        expand="block"
        color="medium"
        disabled={leaving}
        data-testid="verify-signout"
        onClick={() => {
          setLeaving(true);
          void api.signOut().finally(() => setLeaving(false));
        }}
      >
        {t('verify.useAnotherAccount')}
      </IonButton>
    </PageShell>
  );
}
