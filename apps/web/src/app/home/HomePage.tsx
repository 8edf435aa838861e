import { useIonRouter } from '@ionic/react';
import {
  arrowDownCircleOutline,
  arrowUpCircleOutline,
  flashOutline,
  swapHorizontalOutline,
  trendingUpOutline,
} from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../components/ui/Bone.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { PageFrame } from '../../components/ui/PageFrame.tsx';
import { RouterAnchor } from '../../components/ui/RouterAnchor.tsx';
import { useMarkets } from '../../features/markets/api/markets.ts';
import { MarketRow } from '../../features/markets/components/MarketRow.tsx';
import { byAbsChange } from '../../features/markets/utils/trade-math.ts';
import { useBalances } from '../../features/wallet/api/get-balances.ts';
import { useAccount } from '../../lib/account.ts';
import { formatUsd } from '../../lib/money.ts';
import { useSession } from '../../lib/session.ts';
import { useBanners } from './get-banners.ts';
import './home.css';

const quickActions = [
  { key: 'deposit', href: '/funds/deposit', icon: arrowDownCircleOutline },
  { key: 'withdraw', href: '/funds/withdraw', icon: arrowUpCircleOutline },
  { key: 'insta', href: '/insta', icon: swapHorizontalOutline },
  { key: 'earn', href: '/earn', icon: flashOutline },
  { key: 'trade', href: '/trade', icon: trendingUpOutline },
] as const;

/** Home tab: who is signed in, what the portfolio is worth, banners, quick actions, watchlist and movers. */
export function HomePage() {
  const { t } = useTranslation();
  const account = useAccount();
  const session = useSession();
  // The name kept with the session on the device greets at once, in the first render (home's largest
  // text, so its paint is the screen's LCP); the account's answer, when it comes, has the latest.
  const name = account.data?.account.name ?? session?.user.name;
  return (
    <PageFrame page="tabs/home" title={t('home.title')}>
      <section className="home__greeting">
        {name ? (
          <h1 data-testid="home-greeting">{t('home.greeting', { name })}</h1>
        ) : account.isError ? (
          <h1 data-testid="home-greeting">{t('home.greetingAnonymous')}</h1>
        ) : (
          // Sized as the line that replaces it, so nothing below moves when the name comes.
          <Bone style={{ width: '60%', height: '1.8rem', margin: '8px 0 4px' }} />
        )}
        {account.isError && <p className="fit24-muted">{account.error.message}</p>}
      </section>
      <Banners />
      <div className="home__summary">
        <PortfolioValue />
        {/* Plain links and inline icons, not ion-card/ion-button/ion-icon: fourteen fewer web components
            in a phone's first render (issue 15). */}
        <nav className="home__card home__actions" aria-label={t('home.actionsLabel')}>
          {quickActions.map((action) => (
            <RouterAnchor key={action.href} href={action.href} className="home__action">
              <Icon icon={action.icon} />
              <span>{t(`home.actions.${action.key}`)}</span>
            </RouterAnchor>
          ))}
        </nav>
      </div>
      <div className="home__columns">
        <HomeMarkets />
      </div>
    </PageFrame>
  );
}

/** The total of every balance in US dollars (wallet's balances query, so both screens agree). */
function PortfolioValue() {
  const { t } = useTranslation();
  const balances = useBalances();
  // Defensive, like the markets below: an answer without the total (a stubbed server) shows a dash.
  const total = balances.data?.total_usd;
  return (
    <RouterAnchor href="/tabs/wallet" className="home__card home__portfolio" testId="home-portfolio">
      {/* Keyed: unkeyed, the runtime reused the note's <span> for the value when the placeholder went, and
          the moved node counted as a layout shift. */}
      <span key="label" className="home__portfolio-label">
        {t('home.portfolio')}
      </span>
      {balances.isSuccess ? (
        <span key="value" className="home__portfolio-value mkt-num" data-testid="home-portfolio-value">
          {typeof total === 'string' ? formatUsd(total) : '—'}
        </span>
      ) : balances.isError ? (
        <span key="error" className="fit24-muted">
          {balances.error.message}
        </span>
      ) : (
        // The value's line box (2rem at line-height 1.2), so the note below stays where it is.
        <Bone key="placeholder" style={{ width: '50%', height: '2.4rem', margin: 0 }} />
      )}
      <span key="note" className="home__portfolio-note">
        {t('home.portfolioNote')}
      </span>
    </RouterAnchor>
  );
}

/** Operator banners, if any: a row that scrolls sideways on a phone. Nothing at all when there are none. */
function Banners() {
  const banners = useBanners();
  const list = banners.data?.banners ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="home__banners" data-testid="home-banners">
      {list.map((b) => {
        const external = b.link ? /^https?:/.test(b.link) : false;
        const image = <img src={b.image_url} alt={b.title} loading="lazy" />;
        return (
          <li key={b.banner_id} className="home__banner">
            {b.link ? (
              <a href={b.link} {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}>
                {image}
              </a>
            ) : (
              image
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The watchlist and the biggest movers, live from the markets list (ticker channel). */
function HomeMarkets() {
  const { t } = useTranslation();
  const router = useIonRouter();
  const markets = useMarkets();
  // Placed where the first list's title will be (a section's 20 px above it), so the lists only grow down.
  if (markets.isPending) return <Bone style={{ width: '100%', height: '4rem', margin: '20px 0 0' }} />;
  if (markets.isError) return <p className="fit24-muted">{markets.error.message}</p>;
  // Defensive: an answer without the list (a stubbed server) shows nothing rather than crashing.
  const all = markets.data.markets ?? [];
  const watched = all.filter((m) => m.is_watchlisted);
  const movers = byAbsChange(all)
    .slice(0, 5)
    .filter((m) => !m.is_watchlisted);
  const open = (id: number) => router.push(`/trade?market_id=${id}`);
  return (
    <>
      <section className="home__markets" data-testid="home-watchlist">
        <h2 className="home__section-title">{t('home.watchlist')}</h2>
        {watched.length === 0 ? (
          <p className="fit24-muted">{t('home.watchlistEmpty')}</p>
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
        <h2 className="home__section-title">{t('home.movers')}</h2>
        {movers.length === 0 ? (
          <p className="fit24-muted">{t('home.moversEmpty')}</p>
        ) : (
          <ul className="mkt-list">
            {movers.map((m) => (
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
    </>
  );
}
