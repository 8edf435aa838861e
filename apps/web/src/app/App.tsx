import { IonApp, IonRouterOutlet, setupIonicReact } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Route } from 'react-router-dom';
import { ConnectionStatus } from '../components/ui/ConnectionStatus.tsx';
import { SessionEnded } from '../components/ui/SessionEnded.tsx';
import { AccountSettingsSync } from '../features/account/components/AccountSettingsSync.tsx';
import { NativePushTaps } from '../features/account/components/NativePushTaps.tsx';
import { UpdateRequiredGate } from '../features/system/components/UpdateRequired.tsx';
import { queryClient } from '../lib/query-client.ts';
import { AffiliateGate } from './AffiliateGate.tsx';
import { Guard } from './Guard.tsx';
import { RootNavigator } from './RootNavigator.tsx';
import { AFFILIATE_DASHBOARD_PATH, affiliateDashboard, appRoutes } from './routes.tsx';

// Ionic's utility classes for flex, display and text alignment are not used by any screen (only
// `ion-padding` is): left out, they are ≈ 21 KB less stylesheet to parse and match before the first render.
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import './theme.css';

setupIonicReact();

/** The app: providers, the router and every route of spec §2 with its guard; unknown paths go to '/'. */
export function App() {
  return (
    <IonApp>
      <QueryClientProvider client={queryClient}>
        <IonReactRouter>
          <RootNavigator />
          <NativePushTaps />
          <IonRouterOutlet id="main">
            {appRoutes.map(({ path, kind, element }) => (
              <Route
                key={path}
                path={path}
                element={
                  <Guard kind={kind} path={path}>
                    {element}
                  </Guard>
                }
              />
            ))}
            <Route
              path={AFFILIATE_DASHBOARD_PATH}
              element={<AffiliateGate path={AFFILIATE_DASHBOARD_PATH}>{affiliateDashboard}</AffiliateGate>}
            />
            <Route path="*" element={<Navigate to="/" replace />} />
          </IonRouterOutlet>
        </IonReactRouter>
        {/* Laid over every route: the offline banner or page, and the blocking update screen. */}
        <ConnectionStatus />
        <UpdateRequiredGate />
        {/* Why the app went back to its first screen, when the server ended the session. */}
        <SessionEnded />
        {/* The theme kept on the account, applied once signed in. */}
        <AccountSettingsSync />
      </QueryClientProvider>
    </IonApp>
  );
}
