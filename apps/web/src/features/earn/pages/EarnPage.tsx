import { IonButton } from '@ionic/react';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage.tsx';

export function EarnPage() {
  return (
    <PlaceholderPage
      page="earn"
      title="Earn"
      backHref="/tabs/home"
      description="Stake FIT24 and join the affiliate programme with a referral code to earn daily income."
    >
      <IonButton routerLink="/affiliate" fill="outline">
        Affiliate dashboard
      </IonButton>
    </PlaceholderPage>
  );
}
