import { IonButton, IonContent, IonIcon, IonPage, IonRouterLink } from '@ionic/react';
import { flashOutline, lockClosedOutline, trendingUpOutline } from 'ionicons/icons';
import { Trans, useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/ui/BrandMark.tsx';
import './welcome.css';

const highlights = [
  { icon: trendingUpOutline, key: 'trade' },
  { icon: flashOutline, key: 'stake' },
  { icon: lockClosedOutline, key: 'protected' },
] as const;

/** The root screen for visitors: the brand and the two ways in. */
export function WelcomePage() {
  const { t } = useTranslation(['welcome', 'common']);
  return (
    <IonPage data-page="welcome">
      <IonContent fullscreen className="welcome">
        <main className="welcome__body">
          <header className="welcome__brand">
            <BrandMark size={72} />
            <h1 className="welcome__name">{t('common:brand')}</h1>
            <p className="welcome__tagline">{t('tagline')}</p>
          </header>
          <ul className="welcome__highlights">
            {highlights.map((item) => (
              <li key={item.key}>
                <IonIcon icon={item.icon} aria-hidden="true" />
                <span>{t(`highlights.${item.key}`)}</span>
              </li>
            ))}
          </ul>
          <div className="welcome__actions">
            <IonButton expand="block" size="large" routerLink="/login" data-testid="welcome-sign-in">
              {t('signIn')}
            </IonButton>
            <IonButton
              expand="block"
              size="large"
              fill="outline"
              routerLink="/register"
              data-testid="welcome-create-account"
            >
              {t('createAccount')}
            </IonButton>
            <p className="welcome__legal">
              <Trans t={t} i18nKey="legal" components={{ terms: <IonRouterLink routerLink="/terms" /> }} />
            </p>
          </div>
        </main>
      </IonContent>
    </IonPage>
  );
}
