import { IonButton, IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { arrowUpCircleOutline, openOutline, refreshOutline } from 'ionicons/icons';
import { Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/ui/BrandMark.tsx';
import { type AppPlatform, appPlatform, OWN_VERSION, updateRequired } from '../../../lib/app-version.ts';
import { useInertApp } from '../../../lib/inert-app.ts';
import { reloadLatestBuild } from '../../../lib/service-worker.ts';
import { versionQueryOptions } from '../api/get-version.ts';
import './update-required.css';

/** Checked at start, when the app comes back to the foreground, and every half hour while it is open. */
const RECHECK_MS = 30 * 60_000;

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
  // Its own boundary: this sits outside the routes' Suspense, and its strings arrive with their chunk.
  return createPortal(
    <Suspense fallback={null}>
      <UpdateRequiredScreen platform={platform} storeUrl={required.storeUrl} />
    </Suspense>,
    document.body,
  );
}

function UpdateRequiredScreen({ platform, storeUrl }: { platform: AppPlatform; storeUrl: string | null }) {
  const { t } = useTranslation('system');
  const store = platform === 'web' ? null : t(`update.stores.${platform}`);
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
        <h1 id="update-title">{t('update.title')}</h1>
        <p id="update-text">{store ? t('update.storeText', { store }) : t('update.webText')}</p>
        <p className="fit24-update__safe">{t('update.safe')}</p>
        {!store && (
          <IonButton expand="block" onClick={() => void reloadLatestBuild()} data-testid="update-reload">
            <IonIcon icon={refreshOutline} slot="start" aria-hidden="true" />
            {t('update.reload')}
          </IonButton>
        )}
        {store && storeUrl && (
          <IonButton expand="block" href={storeUrl} target="_blank" rel="noopener" data-testid="update-store">
            <IonIcon icon={openOutline} slot="start" aria-hidden="true" />
            {t('update.open', { store })}
          </IonButton>
        )}
        <p className="fit24-update__version" data-testid="update-own-version">
          {t('update.installed', { version: OWN_VERSION.version })}
        </p>
      </div>
    </div>
  );
}
