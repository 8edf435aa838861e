import { IonButton, IonCard, IonCardContent, IonIcon, IonSkeletonText } from '@ionic/react';
import {
  arrowDownCircleOutline,
  arrowUpCircleOutline,
  flashOutline,
  swapHorizontalOutline,
  trendingUpOutline,
} from 'ionicons/icons';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useAccount } from '../../../lib/account.ts';
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
        <p className="fit24-muted">Your portfolio, banners and live markets will appear here.</p>
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
    </PageShell>
  );
}
