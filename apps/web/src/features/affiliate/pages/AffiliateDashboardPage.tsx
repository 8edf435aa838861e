import { IonButton, IonIcon } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';
import './affiliate.css';

export const affiliateLinks = [
  { screen: 'stake', label: 'Stake FIT24' },
  { screen: 'invite', label: 'Invite Friends' },
  { screen: 'partners', label: 'Partners' },
  { screen: 'team', label: 'Team' },
  { screen: 'earnings', label: 'Earnings' },
  { screen: 'surge', label: 'Surge' },
  { screen: 'offers', label: 'Offers' },
  { screen: 'ranks', label: 'Ranks' },
] as const;

/** The affiliate dashboard (spec §2); the affiliate issue fills in stakes, tiles and the two lists. */
export function AffiliateDashboardPage() {
  return (
    <PlaceholderPage
      page="affiliate"
      title="Affiliate"
      backHref="/earn"
      description="Your total stake in FIT24, partners, team and earnings, with your stakings and transactions."
    >
      <div className="affiliate__links">
        {affiliateLinks.map((link) => (
          <IonButton key={link.screen} size="small" fill="outline" routerLink={`/affiliate/${link.screen}`}>
            {link.label}
          </IonButton>
        ))}
      </div>
      <IonButton fill="clear" routerLink="/tabs/home" routerDirection="root" aria-label="Close">
        <IonIcon icon={closeOutline} slot="start" aria-hidden="true" />
        Close
      </IonButton>
    </PlaceholderPage>
  );
}
