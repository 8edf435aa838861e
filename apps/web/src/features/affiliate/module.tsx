import { AffiliateDashboardPage } from './pages/AffiliateDashboardPage.tsx';
import { AffiliateScreenPage } from './pages/AffiliateScreens.tsx';
import type { AffiliateScreen } from './screens.ts';

export type AffiliateModuleScreen = 'dashboard' | AffiliateScreen;

/**
 * The affiliate module, loaded lazily (spec §2) as one chunk: the app's router imports it with React.lazy
 * and renders one of its screens per route, so every affiliate page stays in the app's page stack
 * (swipe-back from a sub-screen to the dashboard).
 */
export default function AffiliateModule({ screen }: { screen: AffiliateModuleScreen }) {
  return screen === 'dashboard' ? <AffiliateDashboardPage /> : <AffiliateScreenPage screen={screen} />;
}
