import { lazy, type ReactNode, Suspense } from 'react';
import { LoadingPage } from '../components/ui/LoadingPage.tsx';
import { SettingsPage } from '../features/account/pages/AccountPages.tsx';
import type { AffiliateModuleScreen } from '../features/affiliate/module.tsx';
import { AFFILIATE_SCREENS } from '../features/affiliate/screens.ts';
import { ForgotPage } from '../features/auth/pages/ForgotPage.tsx';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { RegisterPage } from '../features/auth/pages/RegisterPage.tsx';
import { TermsPage } from '../features/auth/pages/TermsPage.tsx';
import { VerifyPage } from '../features/auth/pages/VerifyPage.tsx';
import { BankPage } from '../features/bank/pages/BankPage.tsx';
import { EarnPage } from '../features/earn/pages/EarnPage.tsx';
import { KycPage } from '../features/kyc/pages/KycPage.tsx';
import { AlertsPage, InstaPage, TradePage } from '../features/markets/pages/MarketsPages.tsx';
import { NotificationsPage } from '../features/notifications/pages/NotificationsPage.tsx';
import { FreezePage } from '../features/security/pages/FreezePage.tsx';
import { SecurityPage } from '../features/security/pages/SecurityPage.tsx';
import { SharePage } from '../features/system/pages/SharePage.tsx';
import { VersionPage } from '../features/system/pages/VersionPage.tsx';
import {
  AssetBalancePage,
  DepositPage,
  TransactionPage,
  TransferPage,
  WithdrawPage,
} from '../features/wallet/pages/WalletPages.tsx';
import { WelcomePage } from '../features/welcome/pages/WelcomePage.tsx';
import type { RouteKind } from './guards.ts';
import { TabsLayout } from './TabsLayout.tsx';

/** The affiliate module: its own chunk, loaded on the first visit to an affiliate route (spec §2). */
const AffiliateModule = lazy(() => import('../features/affiliate/module.tsx'));

/**
 * The operators' console (issue 14): its own chunk, never loaded by the user app; its own session
 * (sessionStorage) and sign-in, so it is an open route here and guards itself.
 */
const AdminApp = lazy(() => import('../admin/AdminApp.tsx'));

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
  // Visitors only: a stored session goes to tabs/home.
  { path: '/', kind: 'visitor', element: <WelcomePage /> },
  { path: '/login', kind: 'visitor', element: <LoginPage /> },
  { path: '/register', kind: 'visitor', element: <RegisterPage /> },
  { path: '/terms', kind: 'visitor', element: <TermsPage /> },
  { path: '/forgot', kind: 'visitor', element: <ForgotPage /> },
  // A session whose email is not verified yet.
  { path: '/verify', kind: 'verify', element: <VerifyPage /> },
  // A token and a verified email.
  { path: '/tabs/*', kind: 'app', element: <TabsLayout /> },
  { path: '/notifications', kind: 'app', element: <NotificationsPage /> },
  { path: '/settings', kind: 'app', element: <SettingsPage /> },
  { path: '/earn', kind: 'app', element: <EarnPage /> },
  { path: '/insta', kind: 'app', element: <InstaPage /> },
  { path: '/alerts', kind: 'app', element: <AlertsPage /> },
  { path: '/trade', kind: 'app', element: <TradePage /> },
  { path: '/bank', kind: 'app', element: <BankPage /> },
  { path: '/kyc', kind: 'app', element: <KycPage /> },
  { path: '/security', kind: 'app', element: <SecurityPage /> },
  ...AFFILIATE_SCREENS.map((screen) => ({
    path: `/affiliate/${screen}`,
    kind: 'app' as const,
    element: affiliate(screen),
  })),
  // Open.
  { path: '/share', kind: 'open', element: <SharePage /> },
  { path: '/funds/asset-balance', kind: 'open', element: <AssetBalancePage /> },
  { path: '/funds/deposit', kind: 'open', element: <DepositPage /> },
  { path: '/funds/withdraw', kind: 'open', element: <WithdrawPage /> },
  { path: '/funds/transfer', kind: 'open', element: <TransferPage /> },
  // One line of an asset's history (`?id=`), opened from the list; signed-in only, like its siblings.
  { path: '/funds/transaction', kind: 'open', element: <TransactionPage /> },
  { path: '/version', kind: 'open', element: <VersionPage /> },
  // The "this wasn't me" link of a new sign-in email: works with or without a session here.
  { path: '/freeze', kind: 'open', element: <FreezePage /> },
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
