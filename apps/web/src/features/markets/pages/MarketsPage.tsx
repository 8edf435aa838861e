import { IonButton, IonIcon, IonSearchbar, useIonRouter } from '@ionic/react';
import { notificationsOutline, searchOutline, statsChartOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageFrame } from '../../../components/ui/PageFrame.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { useMarkets, useToggleWatchlist } from '../api/markets.ts';
import { MarketRow } from '../components/MarketRow.tsx';
import '../components/markets.css';

/** Markets tab: every market live (ticker channel), a search, a watchlist star; a tap opens the trade screen. */
export function MarketsPage() {
  const { t } = useTranslation('markets');
  const router = useIonRouter();
  const toast = useToast();
  const markets = useMarkets();
  const toggle = useToggleWatchlist();
  const [search, setSearch] = useState('');
  const needle = search.trim().toUpperCase();
  const list = (markets.data?.markets ?? []).filter(
    (m) => !needle || m.symbol.toUpperCase().includes(needle) || m.base.toUpperCase().includes(needle),
  );
  return (
    <PageFrame
      page="tabs/markets"
      title={t('list.title')}
      end={
        <IonButton routerLink="/alerts" aria-label={t('list.alerts')} data-testid="markets-alerts">
          <IonIcon slot="icon-only" icon={notificationsOutline} aria-hidden="true" />
        </IonButton>
      }
    >
      <PullToRefresh onRefresh={() => markets.refetch()} />
      <IonSearchbar
        className="mkt-search"
        value={search}
        onIonInput={(e) => setSearch(e.detail.value ?? '')}
        placeholder={t('list.search')}
        data-testid="markets-search"
        debounce={0}
      />
      {markets.isPending ? (
        <ListSkeleton label={t('list.loading')} rows={6} />
      ) : markets.isError ? (
        <LoadError
          icon={statsChartOutline}
          title={t('list.unavailable')}
          message={markets.error.message}
          onRetry={() => markets.refetch()}
          testId="markets-error"
        />
      ) : list.length === 0 ? (
        <EmptyState icon={searchOutline} title={t('list.emptyTitle')} testId="markets-empty">
          <p className="fit24-muted">
            {needle ? t('list.noMatch', { search: search.trim() }) : t('list.none')}
          </p>
        </EmptyState>
      ) : (
        <ul className="mkt-list" data-testid="markets-list">
          {list.map((m) => (
            <MarketRow
              key={m.market_id}
              market={m}
              testId={`market-row-${m.base}`}
              onOpen={() => router.push(`/trade?market_id=${m.market_id}`)}
              onStar={() => toggle.mutate(m.market_id, { onError: (error) => toast.error(error.message) })}
            />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
