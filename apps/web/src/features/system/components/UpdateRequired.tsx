import { IonButton, IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { arrowUpCircleOutline, openOutline, refreshOutline } from 'ionicons/icons';
import { createPortal } from 'react-dom';
import { BrandMark } from '../../../components/ui/BrandMark.tsx';
import { type AppPlatform, appPlatform, OWN_VERSION, updateRequired } from '../../../lib/app-version.ts';
import { useInertApp } from '../../../lib/inert-app.ts';
import { reloadLatestBuild } from '../../../lib/service-worker.ts';
import { versionQueryOptions } from '../api/get-version.ts';
import './update-required.css';

/** Checked at start, when the app comes back to the foreground, and every half hour while it is open. */
const RECHECK_MS = 30 * 60_000;

const STORE_NAME: Record<Exclude<AppPlatform, 'web'>, string> = {
  ios: 'the App Store',
  android: 'Google Play',
};

/**
 * Blocks the app when the server no longer supports this build (`/api/version`'s `min_code` above the
 * build's own code): on the web a reload fetches the new build, on a phone the store page opens.
 * A failed check blocks nothing — the screens say what is wrong with the connection themselves.
 */
export function UpdateRequiredGate() {
  const version = useQuery({
    ...versionQueryOptions(),
    refetchInterval: RECHECK_MS,
    refetchOnWindowFocus: true,
  });
  const platform = appPlatform();
  const required = version.data ? updateRequired(version.data, platform) : null;
  useInertApp(required !== null);
  if (!required) return null;
  return createPortal(
    <UpdateRequiredScreen platform={platform} storeUrl={required.storeUrl} />,
    document.body,
  );
}

function UpdateRequiredScreen({ platform, storeUrl }: { platform: AppPlatform; storeUrl: string | null }) {
  const store = platform === 'web' ? null : STORE_NAME[platform];
  return (
    <div
      className="fit24-update"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="update-title"
      aria-describedby="update-text"
      data-testid="update-required"
    >
      <div className="fit24-update__body">
        <BrandMark size={56} />
        <span className="fit24-update__icon">
          <IonIcon icon={arrowUpCircleOutline} aria-hidden="true" />
        </span>
        <h1 id="update-title">Update required</h1>
        <p id="update-text">
          {store
            ? `This version of FIT24 Exchange is no longer supported. Install the latest version from ${store} to carry on.`
            : 'A new version of FIT24 Exchange is out and this one is no longer supported. Reload to get it.'}
        </p>
        <p className="fit24-update__safe">Your funds and open orders are safe on the exchange.</p>
        {!store && (
          <IonButton expand="block" onClick={() => void reloadLatestBuild()} data-testid="update-reload">
            <IonIcon icon={refreshOutline} slot="start" aria-hidden="true" />
            Reload
          </IonButton>
        )}
        {store && storeUrl && (
          <IonButton expand="block" href={storeUrl} target="_blank" rel="noopener" data-testid="update-store">
            <IonIcon icon={openOutline} slot="start" aria-hidden="true" />
            Open {store}
          </IonButton>
        )}
        <p className="fit24-update__version" data-testid="update-own-version">
          Installed version {OWN_VERSION.version}
        </p>
      </div>
    </div>
  );
}
