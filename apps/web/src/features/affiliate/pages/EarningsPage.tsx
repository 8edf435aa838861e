import { IonButton, IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { addCircleOutline, alertCircleOutline, walletOutline } from 'ionicons/icons';
import { useState } from 'react';
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
  const income = useIncome();
  const wallet = useAffiliateWallet();
  const rewards = useAffiliateTransactions('REWARD');
  const client = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [claimError, setClaimError] = useState<string | null>(null);
  const figures = income.data;
  const balance = wallet.data?.balance;

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
      toast.success(`Claimed ${formatFixed2(answer.data.claim.amount)} ${FIT24} into your available balance`);
    } finally {
      setBusy(false);
    }
  };

  const kinds = [
    ['Staking', figures?.staking],
    ['Level', figures?.level],
    ['Rank', figures?.rank],
    ['Offer', figures?.offer],
  ] as const;

  return (
    <SubPage screen="earnings" title="Earnings">
      <section className="aff-hero aff-hero--compact" aria-label="Affiliate wallet">
        <div className="aff-hero__head">
          <span className="aff-hero__label">
            <IonIcon icon={walletOutline} aria-hidden="true" /> Affiliate wallet
          </span>
        </div>
        <p className="aff-hero__value">
          <span className="aff-num" data-testid="earnings-wallet-balance">
            {formatFixed2(balance)}
          </span>
          <small>{FIT24}</small>
        </p>
        <p className="aff-hero__note">
          Claimed so far {formatFixed2(wallet.data?.total_claimed)} {FIT24} · minimum claim{' '}
          {formatFixed2(wallet.data?.min_claim)} {FIT24}
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
            testId="earnings-claim"
            className="aff-hero__button"
          >
            Claim all
          </SubmitButton>
          <IonButton
            expand="block"
            fill="outline"
            routerLink="/affiliate/stake?source=wallet"
            disabled={fitUnits(balance) <= 0n}
            className="aff-hero__button aff-hero__button--ghost"
            data-testid="earnings-restake"
          >
            <IonIcon icon={addCircleOutline} slot="start" aria-hidden="true" />
            Stake it
          </IonButton>
        </div>
      </section>

      <Section title="Income">
        <div className="aff-stats aff-stats--three">
          <div>
            <span>Today</span>
            <strong className="aff-num" data-testid="earnings-today">
              {formatFixed2(figures?.today)}
            </strong>
          </div>
          <div>
            <span>This week</span>
            <strong className="aff-num" data-testid="earnings-week">
              {formatFixed2(figures?.this_week)}
            </strong>
          </div>
          <div>
            <span>Total</span>
            <strong className="aff-num" data-testid="earnings-total">
              {formatFixed2(figures?.total_income)}
            </strong>
          </div>
        </div>
        <dl className="aff-kinds">
          {kinds.map(([label, value]) => (
            <div key={label} data-testid={`earnings-kind-${label.toLowerCase()}`}>
              <dt>{label} income</dt>
              <dd className="aff-num">
                {formatFixed2(value)} <small>{FIT24}</small>
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="Reward history">
        <AffiliateTxList
          transactions={rewards.data ?? []}
          loading={rewards.isPending}
          emptyTitle="No rewards yet"
          emptyText="Daily staking rewards, level income, rank rewards and offer bonuses appear here."
          testId="rewards"
        />
      </Section>
    </SubPage>
  );
}
