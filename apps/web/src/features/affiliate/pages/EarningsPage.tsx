import { IonButton, IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { addCircleOutline, alertCircleOutline, walletOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useIncome } from '../api/get-income.ts';
import { useAffiliateTransactions } from '../api/get-transactions.ts';
import { useAffiliateWallet } from '../api/get-wallet.ts';
import { refreshAffiliateData } from '../api/refresh.ts';
import { claimWallet } from '../api/stake.ts';
import { AffiliateTxList } from '../components/AffiliateTxList.tsx';
import { Section, SubPage } from '../components/SubPage.tsx';
import { FIT24, fitUnits, formatFixed2 } from '../lib/fit-amount.ts';

/** Income by kind, the affiliate wallet with its claim, and the reward history. */
export function EarningsPage() {
  const { t } = useTranslation('affiliate');
  const income = useIncome();
  const wallet = useAffiliateWallet();
  const rewards = useAffiliateTransactions('REWARD');
  const client = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [claimError, setClaimError] = useState<string | null>(null);
  const figures = income.data;
  const balance = wallet.data?.balance;
  // Nothing to claim (an empty wallet, or one not loaded): the button waits rather than ask the server.
  const empty = fitUnits(balance) <= 0n;

  const claim = async () => {
    setBusy(true);
    setClaimError(null);
    try {
      const answer = await claimWallet();
      if (answer.error) {
        setClaimError(answer.message);
        return;
      }
      await refreshAffiliateData(client);
      toast.success(t('earnings.claimed', { amount: formatFixed2(answer.data.claim.amount), symbol: FIT24 }));
    } finally {
      setBusy(false);
    }
  };

  const kinds = [
    ['staking', figures?.staking],
    ['level', figures?.level],
    ['rank', figures?.rank],
    ['offer', figures?.offer],
  ] as const;

  const refresh = () => Promise.all([income.refetch(), wallet.refetch(), rewards.refetch()]);

  return (
    <SubPage screen="earnings" title={t('earnings.title')} onRefresh={refresh}>
      <section className="aff-hero aff-hero--compact" aria-label={t('earnings.wallet')}>
        <div className="aff-hero__head">
          <span className="aff-hero__label">
            <IonIcon icon={walletOutline} aria-hidden="true" /> {t('earnings.wallet')}
          </span>
        </div>
        <p className="aff-hero__value">
          <span className="aff-num" data-testid="earnings-wallet-balance">
            {formatFixed2(balance)}
          </span>
          <small>{FIT24}</small>
        </p>
        <p className="aff-hero__note">
          {t('earnings.claimedSoFar', {
            claimed: formatFixed2(wallet.data?.total_claimed),
            minimum: formatFixed2(wallet.data?.min_claim),
            symbol: FIT24,
          })}
        </p>
        {claimError && (
          <div
            className="fit24-notice fit24-notice--danger aff-claim-error"
            role="alert"
            data-testid="earnings-claim-error"
          >
            <IonIcon icon={alertCircleOutline} aria-hidden="true" />
            {claimError}
          </div>
        )}
        <div className="aff-hero__actions">
          <SubmitButton
            busy={busy}
            onClick={() => void claim()}
            disabled={empty}
            testId="earnings-claim"
            className="aff-hero__button"
          >
            {t('earnings.claimAll')}
          </SubmitButton>
          <IonButton
            expand="block"
            fill="outline"
            routerLink="/affiliate/stake?source=wallet"
            disabled={empty}
            className="aff-hero__button aff-hero__button--ghost"
            data-testid="earnings-restake"
          >
            <IonIcon icon={addCircleOutline} slot="start" aria-hidden="true" />
            {t('earnings.stakeIt')}
          </IonButton>
        </div>
      </section>

      <Section title={t('earnings.income')}>
        <div className="aff-stats aff-stats--three">
          <div>
            <span>{t('earnings.today')}</span>
            <strong className="aff-num" data-testid="earnings-today">
              {formatFixed2(figures?.today)}
            </strong>
          </div>
          <div>
            <span>{t('earnings.thisWeek')}</span>
            <strong className="aff-num" data-testid="earnings-week">
              {formatFixed2(figures?.this_week)}
            </strong>
          </div>
          <div>
            <span>{t('earnings.total')}</span>
            <strong className="aff-num" data-testid="earnings-total">
              {formatFixed2(figures?.total_income)}
            </strong>
          </div>
        </div>
        <dl className="aff-kinds">
          {kinds.map(([kind, value]) => (
            <div key={kind} data-testid={`earnings-kind-${kind}`}>
              <dt>{t(`earnings.kinds.${kind}`)}</dt>
              <dd className="aff-num">
                {formatFixed2(value)} <small>{FIT24}</small>
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title={t('earnings.history')}>
        <AffiliateTxList
          transactions={rewards.data ?? []}
          loading={rewards.isPending}
          emptyTitle={t('earnings.emptyTitle')}
          emptyText={t('earnings.emptyText')}
          testId="rewards"
        />
      </Section>
    </SubPage>
  );
}
