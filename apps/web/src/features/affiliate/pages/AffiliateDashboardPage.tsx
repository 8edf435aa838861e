import { IonButton, IonIcon, IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { useProgramme } from '../../../lib/programme.ts';
import { useAffiliate } from '../api/get-affiliate.ts';
import { useIncome } from '../api/get-income.ts';
import { useStakes } from '../api/get-stakes.ts';
import { useSurge } from '../api/get-surge.ts';
import { useAffiliateTransactions } from '../api/get-transactions.ts';
import { AffiliateTxList } from '../components/AffiliateTxList.tsx';
import { DashboardHero } from '../components/DashboardHero.tsx';
import { DashboardTiles } from '../components/DashboardTiles.tsx';
import { StakeList } from '../components/StakeList.tsx';
import { useRefreshOnEnter } from '../hooks/use-refresh-on-enter.ts';
import './affiliate.css';

type Tab = 'stakings' | 'transactions';

/** Everything the dashboard shows, refetched on each entry (spec §2). */
const DASHBOARD_KEYS = [
  ['affiliate'],
  ['income'],
  ['surge', 'previous'],
  ['stakings'],
  ['transactions'],
] as const;

/**
 * The affiliate dashboard (spec §2). Reached through AffiliateGate (a session and a profile). Failures are
 * ignored silently: numbers show 0.00 and lists their empty state, never an error message.
 */
export function AffiliateDashboardPage() {
  const { t } = useTranslation(['affiliate', 'common']);
  const [tab, setTab] = useState<Tab>('stakings');
  const affiliate = useAffiliate();
  const income = useIncome();
  const surge = useSurge('previous');
  const stakes = useStakes();
  const transactions = useAffiliateTransactions();
  const programme = useProgramme();
  useRefreshOnEnter(DASHBOARD_KEYS);
  const profile = affiliate.data?.affiliate;
  const refresh = () =>
    Promise.all([affiliate, income, surge, stakes, transactions].map((query) => query.refetch()));

  return (
    <PageShell
      page="affiliate"
      title={t('dashboard.title')}
      backHref="/earn"
      end={
        <IonButton
          routerLink="/tabs/home"
          routerDirection="root"
          aria-label={t('common:actions.close')}
          data-testid="affiliate-close"
        >
          <IonIcon icon={closeOutline} slot="icon-only" aria-hidden="true" />
        </IonButton>
      }
    >
      <PullToRefresh onRefresh={refresh} />
      <div className="aff-dashboard">
        <DashboardHero
          stake={profile?.stake}
          rank={profile?.rank}
          loading={affiliate.isPending}
          programme={programme.data}
        />
        <DashboardTiles
          partners={profile?.partners}
          team={profile?.team}
          totalIncome={income.data?.total_income}
          previousSurge={surge.data?.surge}
        />
        <IonSegment
          value={tab}
          onIonChange={(event) => setTab(event.detail.value === 'transactions' ? 'transactions' : 'stakings')}
          className="aff-segment"
          mode="ios"
        >
          <IonSegmentButton value="stakings" data-testid="affiliate-tab-stakings">
            <IonLabel>{t('dashboard.tabs.stakings')}</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="transactions" data-testid="affiliate-tab-transactions">
            <IonLabel>{t('dashboard.tabs.transactions')}</IonLabel>
          </IonSegmentButton>
        </IonSegment>
        {tab === 'stakings' ? (
          <StakeList stakes={stakes.data ?? []} loading={stakes.isPending} rules={programme.data} />
        ) : (
          <AffiliateTxList transactions={transactions.data ?? []} loading={transactions.isPending} />
        )}
      </div>
    </PageShell>
  );
}
