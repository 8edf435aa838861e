import { IonIcon, IonLabel, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import { homeOutline, personCircleOutline, statsChartOutline, walletOutline } from 'ionicons/icons';
import { Navigate, Route } from 'react-router-dom';
import { AccountPage } from '../features/account/pages/AccountPage.tsx';
import { HomePage } from '../features/home/pages/HomePage.tsx';
import { MarketsPage } from '../features/markets/pages/MarketsPages.tsx';
import { WalletPage } from '../features/wallet/pages/WalletPages.tsx';

const tabs = [
  { tab: 'home', label: 'Home', icon: homeOutline, element: <HomePage /> },
  { tab: 'markets', label: 'Markets', icon: statsChartOutline, element: <MarketsPage /> },
  { tab: 'wallet', label: 'Wallet', icon: walletOutline, element: <WalletPage /> },
  { tab: 'account', label: 'Account', icon: personCircleOutline, element: <AccountPage /> },
];

/** The bottom tabs (DESIGN §7): /tabs/home, /tabs/markets, /tabs/wallet, /tabs/account; /tabs → home. */
export function TabsLayout() {
  return (
    <IonTabs>
      <IonRouterOutlet id="tabs">
        {tabs.map(({ tab, element }) => (
          <Route key={tab} path={`/tabs/${tab}`} element={element} />
        ))}
        <Route path="/tabs" element={<Navigate to="/tabs/home" replace />} />
      </IonRouterOutlet>
      <IonTabBar slot="bottom">
        {tabs.map(({ tab, label, icon }) => (
          <IonTabButton key={tab} tab={tab} href={`/tabs/${tab}`} data-testid={`tab-${tab}`}>
            <IonIcon icon={icon} aria-hidden="true" />
            <IonLabel>{label}</IonLabel>
          </IonTabButton>
        ))}
      </IonTabBar>
    </IonTabs>
  );
}
