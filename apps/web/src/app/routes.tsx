import { lazy, type ReactNode, Suspense } from 'react';
import { LoadingPage } from '../components/ui/LoadingPage.tsx';
import type { AffiliateModuleScreen } from '../features/affiliate/module.tsx';
import { AFFILIATE_SCREENS } from '../features/affiliate/screens.ts';
import type { RouteKind } from './guards.ts';
import { lazyPage } from './lazy-page.tsx';
import { preloadTab } from './tab-pages.ts';

/** The affiliate module: its own chunk, loaded on the first visit to an affiliate route (spec §2). */
const AffiliateModule = lazy(() => import('../features/affiliate/module.tsx'));

/**
 * The operators' console (issue 14): its own chunk, never loaded by the user app; its own session
 * (sessionStorage) and sign-in, so it is an open route here and guards itself.
 */
const AdminApp = lazy(() => import('../admin/AdminApp.tsx'));

/**
 * The welcome screen's module. It is not in the entry: what it alone uses (react-i18next's <Trans>, the
 * router link, its icons) would load for every signed-in user too (issue 15). main.tsx fetches it beside
 * the entry's first requests when the path is '/', so a visitor's first paint waits no longer for it.
 */
export const welcomePage = () => import('../features/welcome/pages/WelcomePage.tsx');

function affiliate(screen: AffiliateModuleScreen): ReactNode {
  return (
    <Suspense fallback={<LoadingPage />}>
      <AffiliateModule screen={screen} />
    </Suspense>
  );
}

export interface AppRoute {
  path: string;
  /** Which rule of spec §2 guards it (app/guards.ts). */
  kind: RouteKind;
  element: ReactNode;
}

/**
 * Every route of spec §2 with its guard. The affiliate dashboard ('/affiliate') has its own gate
 * (AffiliateGate: a session, then the affiliate profile), declared in App.
 */
export const appRoutes: AppRoute[] = [
  // Visitors only: a stored session goes to tabs/home. Every page is a chunk of its own; the welcome
  // screen's is fetched with the entry's first requests (main.tsx), the others on their first visit.
  {
    path: '/',
    kind: 'visitor',
    element: lazyPage(welcomePage, 'WelcomePage'),
  },
  {
    path: '/login',
    kind: 'visitor',
    element: lazyPage(() => import('../features/auth/pages/LoginPage.tsx'), 'LoginPage'),
  },
  {
    path: '/register',
    kind: 'visitor',
    element: lazyPage(() => import('../features/auth/pages/RegisterPage.tsx'), 'RegisterPage'),
  },
  {
    path: '/terms',
    kind: 'visitor',
    element: lazyPage(() => import('../features/auth/pages/TermsPage.tsx'), 'TermsPage'),
  },
  {
    path: '/forgot',
    kind: 'visitor',
    element: lazyPage(() => import('../features/auth/pages/ForgotPage.tsx'), 'ForgotPage'),
  },
  // A session whose email is not verified yet.
  {
    path: '/verify',
    kind: 'verify',
    element: lazyPage(() => import('../features/auth/pages/VerifyPage.tsx'), 'VerifyPage'),
  },
  // A token and a verified email. The tab bar (and the socket it opens) is a chunk of its own too; the
  // shown tab's page is fetched alongside it.
  {
    path: '/tabs/*',
    kind: 'app',
    element: lazyPage(() => {
      preloadTab(window.location.pathname);
      return import('./TabsLayout.tsx');
    }, 'TabsLayout'),
  },
  {
    path: '/notifications',
    kind: 'app',
    element: lazyPage(
      () => import('../features/notifications/pages/NotificationsPage.tsx'),
      'NotificationsPage',
    ),
  },
  {
    path: '/settings',
    kind: 'app',
    element: lazyPage(() => import('../features/account/pages/AccountPages.tsx'), 'SettingsPage'),
  },
  {
    path: '/earn',
    kind: 'app',
    element: lazyPage(() => import('../features/earn/pages/EarnPage.tsx'), 'EarnPage'),
  },
  {
    path: '/insta',
    kind: 'app',
    element: lazyPage(() => import('../features/markets/pages/InstaPage.tsx'), 'InstaPage'),
  },
  {
    path: '/alerts',
    kind: 'app',
    element: lazyPage(() => import('../features/markets/pages/AlertsPage.tsx'), 'AlertsPage'),
  },
  {
    path: '/trade',
    kind: 'app',
    element: lazyPage(() => import('../features/markets/pages/TradePage.tsx'), 'TradePage'),
  },
  {
    path: '/bank',
    kind: 'app',
    element: lazyPage(() => import('../features/bank/pages/BankPage.tsx'), 'BankPage'),
  },
  {
    path: '/kyc',
    kind: 'app',
    element: lazyPage(() => import('../features/kyc/pages/KycPage.tsx'), 'KycPage'),
  },
  {
    path: '/security',
    kind: 'app',
    element: lazyPage(() => import('../features/security/pages/SecurityPage.tsx'), 'SecurityPage'),
  },
  {
    path: '/reserves',
    kind: 'app',
    element: lazyPage(() => import('../features/reserves/pages/ReservesPage.tsx'), 'ReservesPage'),
  },
  {
    path: '/api-keys',
    kind: 'app',
    element: lazyPage(() => import('../features/api-keys/pages/ApiKeysPage.tsx'), 'ApiKeysPage'),
  },
  ...AFFILIATE_SCREENS.map((screen) => ({
    path: `/affiliate/${screen}`,
    kind: 'app' as const,
    element: affiliate(screen),
  })),
  // Open.
  {
    path: '/share',
    kind: 'open',
    element: lazyPage(() => import('../features/system/pages/SharePage.tsx'), 'SharePage'),
  },
  {
    path: '/funds/asset-balance',
    kind: 'open',
    element: lazyPage(() => import('../features/wallet/pages/AssetBalancePage.tsx'), 'AssetBalancePage'),
  },
  {
    path: '/funds/deposit',
    kind: 'open',
    element: lazyPage(() => import('../features/wallet/pages/DepositPage.tsx'), 'DepositPage'),
  },
  {
    path: '/funds/withdraw',
    kind: 'open',
    element: lazyPage(() => import('../features/wallet/pages/WithdrawPage.tsx'), 'WithdrawPage'),
  },
  {
    path: '/funds/transfer',
    kind: 'open',
    element: lazyPage(() => import('../features/wallet/pages/TransferPage.tsx'), 'TransferPage'),
  },
  // One line of an asset's history (`?id=`), opened from the list; signed-in only, like its siblings.
  {
    path: '/funds/transaction',
    kind: 'open',
    element: lazyPage(() => import('../features/wallet/pages/TransactionPage.tsx'), 'TransactionPage'),
  },
  {
    path: '/version',
    kind: 'open',
    element: lazyPage(() => import('../features/system/pages/VersionPage.tsx'), 'VersionPage'),
  },
  // The "this wasn't me" link of a new sign-in email: works with or without a session here.
  {
    path: '/freeze',
    kind: 'open',
    element: lazyPage(() => import('../features/security/pages/FreezePage.tsx'), 'FreezePage'),
  },
  // The operators' console: every /admin address, with its own sign-in.
  {
    path: '/admin/*',
    kind: 'open',
    element: (
      <Suspense fallback={<LoadingPage />}>
        <AdminApp />
      </Suspense>
    ),
  },
];

export const AFFILIATE_DASHBOARD_PATH = '/affiliate';
export const affiliateDashboard = affiliate('dashboard');
