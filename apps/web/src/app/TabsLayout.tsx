import { IonBadge, IonIcon, IonLabel, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import { homeOutline, personCircleOutline, statsChartOutline, walletOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, Route } from 'react-router-dom';
import { useUnreadCount } from '../features/notifications/api/get-unread.ts';
import { useLiveNotifications } from '../features/notifications/api/live.ts';
import { lazyPage } from './lazy-page.tsx';
import { tabPages } from './tab-pages.ts';

const tabs = [
  { tab: 'home', icon: homeOutline, element: lazyPage(tabPages.home, 'HomePage') },
  {
    tab: 'markets',
    icon: statsChartOutline,
    element: lazyPage(tabPages.markets, 'MarketsPage'),
  },
  { tab: 'wallet', icon: walletOutline, element: lazyPage(tabPages.wallet, 'WalletPage') },
  {
    tab: 'account',
    icon: personCircleOutline,
    element: lazyPage(tabPages.account, 'AccountPage'),
  },
] as const;

/** Tabs whose button carries the unread-notifications badge (live over the socket). */
const UNREAD_BADGE_TABS = new Set<string>(['home', 'account']);

/** The bottom tabs (DESIGN §7): /tabs/home, /tabs/markets, /tabs/wallet, /tabs/account; /tabs → home. */
export function TabsLayout() {
  const { t } = useTranslation();
  useLiveNotifications();
  const unread = useUnreadCount();
  return (
    <IonTabs>
      <IonRouterOutlet id="tabs">
        {tabs.map(({ tab, element }) => (
          <Route key={tab} path={`/tabs/${tab}`} element={element} />
        ))}
        <Route path="/tabs" element={<Navigate to="/tabs/home" replace />} />
      </IonRouterOutlet>
      <IonTabBar slot="bottom">
        {tabs.map(({ tab, icon }) => (
          <IonTabButton key={tab} tab={tab} href={`/tabs/${tab}`} data-testid={`tab-${tab}`}>
            <IonIcon icon={icon} aria-hidden="true" />
            <IonLabel>{t(`tabs.${tab}`)}</IonLabel>
            {UNREAD_BADGE_TABS.has(tab) && unread > 0 && (
              <IonBadge
                color="danger"
                data-testid={`unread-badge-${tab}`}
                aria-label={t('tabs.unread', { count: unread })}
              >
                {unread > 99 ? '99+' : unread}
              </IonBadge>
            )}
          </IonTabButton>
        ))}
      </IonTabBar>
    </IonTabs>
  );
}
