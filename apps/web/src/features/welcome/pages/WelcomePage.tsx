import { IonButton, IonContent, IonIcon, IonPage, IonRouterLink } from '@ionic/react';
import { flashOutline, lockClosedOutline, trendingUpOutline } from 'ionicons/icons';
import { BrandMark } from '../../../components/ui/BrandMark.tsx';
import './welcome.css';

const highlights = [
  { icon: trendingUpOutline, text: 'Trade BTC, ETH and FIT24 on live order books' },
  { icon: flashOutline, text: 'Stake FIT24 and earn daily affiliate income' },
  { icon: lockClosedOutline, text: 'Withdrawals reviewed and protected by a transaction password' },
];

/** The root screen for visitors: the brand and the two ways in. */
export function WelcomePage() {
  return (
    <IonPage data-page="welcome">
      <IonContent fullscreen className="welcome">
        <main className="welcome__body">
          <header className="welcome__brand">
            <BrandMark size={72} />
            <h1 className="welcome__name">FIT24 Exchange</h1>
            <p className="welcome__tagline">Trade, hold and stake crypto with confidence.</p>
          </header>
          <ul className="welcome__highlights">
            {highlights.map((item) => (
              <li key={item.text}>
                <IonIcon icon={item.icon} aria-hidden="true" />
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
          <div className="welcome__actions">
            <IonButton expand="block" size="large" routerLink="/login" data-testid="welcome-sign-in">
              Sign in
            </IonButton>
            <IonButton
              expand="block"
              size="large"
              fill="outline"
              routerLink="/register"
              data-testid="welcome-create-account"
            >
              Create account
            </IonButton>
            <p className="welcome__legal">
              By continuing you accept the <IonRouterLink routerLink="/terms">terms of use</IonRouterLink>.
            </p>
          </div>
        </main>
      </IonContent>
    </IonPage>
  );
}
