import type { TKyc, TKycStatus } from '@fit24/contract';
import { IonIcon, IonSkeletonText } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { checkmarkCircle, closeCircle, hourglassOutline, shieldOutline } from 'ionicons/icons';
import { useState } from 'react';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { KycChip } from '../../../components/ui/StatusChips.tsx';
import { useAccount } from '../../../lib/account.ts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client.ts';
import { KycForm } from '../components/KycForm.tsx';
import { KycLimits } from '../components/KycLimits.tsx';
import '../../../components/ui/forms.css';
import './kyc.css';

const statusText: Record<TKycStatus, { icon: string; tone: string; title: string; text: string }> = {
  NONE: {
    icon: shieldOutline,
    tone: '',
    title: 'Verify your identity',
    text: 'Verify your identity to raise your withdrawal limit. Have your passport, ID card or driving licence ready; it takes about five minutes.',
  },
  PENDING: {
    icon: hourglassOutline,
    tone: 'warning',
    title: 'Under review',
    text: 'We received your documents and are checking them, usually within one business day. We’ll notify you when it’s done.',
  },
  APPROVED: {
    icon: checkmarkCircle,
    tone: '',
    title: 'You’re verified',
    text: 'Your identity is confirmed, and the verified withdrawal limit below applies to your account.',
  },
  REJECTED: {
    icon: closeCircle,
    tone: 'danger',
    title: 'We could not verify you',
    text: 'Your last submission was rejected. Check that your details match your document and that the photos are sharp and complete, then submit again.',
  },
};

/**
 * Identity verification: the KYC status, the withdrawal limit of each tier (and the user's), and the form
 * while there is nothing (or a rejection) on file.
 */
export function KycPage() {
  const account = useAccount();
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState<TKyc | null>(null);
  const profile = account.data?.account;
  const status: TKycStatus | undefined = submitted?.status ?? profile?.kyc_status;
  const view = status ? statusText[status] : null;
  const reason = submitted?.reason ?? profile?.kyc_reason;

  const onSubmitted = (kyc: TKyc) => {
    setSubmitted(kyc);
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, (old: typeof account.data) =>
      old ? { account: { ...old.account, kyc_status: kyc.status } } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
  };

  return (
    <PageShell page="kyc" title="Identity verification" backHref="/tabs/account">
      {account.isPending && (
        <div role="status" aria-label="Loading your verification status">
          <IonSkeletonText animated style={{ height: '120px', borderRadius: '14px' }} />
        </div>
      )}
      {account.isError && <p className="fit24-muted">{account.error.message}</p>}
      {status && view && (
        <section
          className={`kyc-status kyc-status--${status.toLowerCase()}`}
          data-testid="kyc-status"
          data-status={status}
        >
          <IonIcon icon={view.icon} aria-hidden="true" className="kyc-status__icon" />
          <div>
            <div className="kyc-status__head">
              <h1>{view.title}</h1>
              <KycChip status={status} compact />
            </div>
            <p>{view.text}</p>
            {status === 'REJECTED' && reason && (
              <p className="kyc-status__reason" data-testid="kyc-reason">
                Reason: {reason}
              </p>
            )}
          </div>
        </section>
      )}
      {profile && <KycLimits />}
      {profile && (status === 'NONE' || status === 'REJECTED') && (
        <KycForm country={profile.country_code} onSubmitted={onSubmitted} />
      )}
    </PageShell>
  );
}
