import type { TKyc, TKycStatus } from '@fit24/contract';
import { IonIcon, IonRefresher, IonRefresherContent } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { checkmarkCircle, closeCircle, hourglassOutline, shieldOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { KycChip } from '../../../components/ui/StatusChips.tsx';
import { useAccount } from '../../../lib/account.ts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client.ts';
import { KycForm } from '../components/KycForm.tsx';
import { KycLimits } from '../components/KycLimits.tsx';
import '../../../components/ui/forms.css';
import './kyc.css';

/** Each status's icon (its words: kyc:page.status.<status>). */
const statusIcon: Record<TKycStatus, string> = {
  NONE: shieldOutline,
  PENDING: hourglassOutline,
  APPROVED: checkmarkCircle,
  REJECTED: closeCircle,
};

/**
 * Identity verification: the KYC status, the withdrawal limit of each tier (and the user's), and the form
 * while there is nothing (or a rejection) on file.
 */
export function KycPage() {
  const { t } = useTranslation('kyc');
  const account = useAccount();
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState<TKyc | null>(null);
  const profile = account.data?.account;
  const status: TKycStatus | undefined = submitted?.status ?? profile?.kyc_status;
  const reason = submitted?.reason ?? profile?.kyc_reason;

  const onSubmitted = (kyc: TKyc) => {
    setSubmitted(kyc);
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, (old: typeof account.data) =>
      old ? { account: { ...old.account, kyc_status: kyc.status } } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
  };

  return (
    <PageShell page="kyc" title={t('page.title')} backHref="/tabs/account">
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) =>
          // The account's key covers the limits too: both come back fresh (a decision made meanwhile).
          void queryClient
            .invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY })
            .finally(() => event.detail.complete())
        }
      >
        <IonRefresherContent />
      </IonRefresher>
      {account.isPending && (
        <div role="status" aria-label={t('page.loading')}>
          <Bone style={{ height: '120px', borderRadius: '14px' }} />
        </div>
      )}
      {account.isError && <p className="fit24-muted">{account.error.message}</p>}
      {status && (
        <section
          className={`kyc-status kyc-status--${status.toLowerCase()}`}
          data-testid="kyc-status"
          data-status={status}
        >
          <IonIcon icon={statusIcon[status]} aria-hidden="true" className="kyc-status__icon" />
          <div>
            <div className="kyc-status__head">
              <h1>{t(`page.status.${status}.title`)}</h1>
              <KycChip status={status} compact />
            </div>
            <p>{t(`page.status.${status}.text`)}</p>
            {status === 'REJECTED' && reason && (
              <p className="kyc-status__reason" data-testid="kyc-reason">
                {t('page.reason', { reason })}
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
