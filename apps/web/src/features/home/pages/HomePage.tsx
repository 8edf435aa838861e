import { IonButton, IonCard, IonCardContent, IonIcon, IonSkeletonText, useIonRouter } from '@ionic/react';
import {
  arrowDownCircleOutline,
  arrowUpCircleOutline,
  flashOutline,
  swapHorizontalOutline,
  trendingUpOutline,
} from 'ionicons/icons';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useAccount } from '../../../lib/account.ts';
import { useMarkets } from '../../markets/api/markets.ts';
import { MarketRow } from '../../markets/components/MarketRow.tsx';
import { byAbsChange } from '../../markets/utils/trade-math.ts';
import './home.css';

const quickActions = [
  { label: 'Deposit', href: '/funds/deposit', icon: arrowDownCircleOutline },
  { label: 'Withdraw', href: '/funds/withdraw', icon: arrowUpCircleOutline },
  { label: 'Insta', href: '/insta', icon: swapHorizontalOutline },
  { label: 'Earn', href: '/earn', icon: flashOutline },
  { label: 'Trade', href: '/trade', icon: trendingUpOutline },
];

/** Home tab: who is signed in and the quick actions; portfolio, banners and markets come later. */
export function HomePage() {
  const account = useAccount();
  const name = account.data?.account.name;
  return (
    <PageShell page="tabs/home" title="Home">
      <section className="home__greeting">
        {name ? (
          <h1 data-testid="home-greeting">Welcome back, {name}</h1>
        ) : account.isError ? (
          <h1 data-testid="home-greeting">Welcome back</h1>
        ) : (
          <IonSkeletonText animated style={{ width: '60%', height: '1.6rem' }} />
        )}
        {account.isError && <p className="fit24-muted">{account.error.message}</p>}
      </section>
      <IonCard>
        <IonCardContent className="home__actions">
          {quickActions.map((action) => (
            <IonButton key={action.href} fill="clear" routerLink={action.href} className="home__action">
              <span className="home__action-inner">
                <IonIcon icon={action.icon} aria-hidden="true" />
                <span>{action.label}</span>
              </span>
            </IonButton>
          ))}
        </IonCardContent>
      </IonCard>
      <HomeMarkets />
    </PageShell>
  );
}

/** The watchlist and the biggest movers, live from the markets list (ticker channel). */
function HomeMarkets() {
  const router = useIonRouter();
  const markets = useMarkets();
  if (markets.isPending) return <IonSkeletonText animated style={{ width: '100%', height: '4rem' }} />;
  if (markets.isError) return <p className="fit24-muted">{markets.error.message}</p>;
  // Defensive: an answer without the list (a stubbed server) shows nothing rather than crashing.
  const all = markets.data.markets ?? [];
  const watched = all.filter((m) => m.is_watchlisted);
  const top = byAbsChange(all).slice(0, 5);
  const open = (id: number) => router.push(`/trade?market_id=${id}`);
  return (
    <>
      <section className="home__markets" data-testid="home-watchlist">
        <h2 className="home__section-title">Watchlist</h2>
        {watched.length === 0 ? (
          <p className="fit24-muted">Star a market on the Markets tab to follow it here.</p>
        ) : (
          <ul className="mkt-list">
            {watched.map((m) => (
              <MarketRow
                key={m.market_id}
                market={m}
                testId={`home-market-${m.base}`}
                onOpen={() => open(m.market_id)}
              />
            ))}
          </ul>
        )}
      </section>
      <section className="home__markets" data-testid="home-top-markets">
        <h2 className="home__section-title">Top markets</h2>
        <ul className="mkt-list">
          {top
            .filter((m) => !m.is_watchlisted)
            .map((m) => (
              <MarketRow
                key={m.market_id}
                market={m}
                testId={`home-market-${m.base}`}
                onOpen={() => open(m.market_id)}
              />
            ))}
        </ul>
      </section>
    </>
  );
}
