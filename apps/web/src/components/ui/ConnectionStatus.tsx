import { IonButton, IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useInertApp } from '../../lib/inert-app.ts';
import { useNetworkOnline } from '../../lib/network.ts';
import { useLiveStatus } from '../../lib/ws-client-react.ts';
import { BrandMark } from './BrandMark.tsx';
import './connection.css';
import { useTranslation } from 'react-i18next';

/** On <html> while the banner shows: the app moves down below it (connection.css). */
const BANNER_CLASS = 'fit24-offline';

/**
 * What the app shows without a connection — the device offline and the socket not open:
 * - started offline (nothing loaded yet): a full-screen offline page instead of endless skeletons;
 * - lost the connection later: a banner above the app, whose last data stays readable.
 * Both go by themselves when the device is back online (queries and the socket resume on their own).
 */
export function ConnectionStatus() {
  const online = useNetworkOnline();
  const live = useLiveStatus();
  const offline = !online && live !== 'open';
  const [seenOnline, setSeenOnline] = useState(online);
  useEffect(() => {
    if (online) setSeenOnline(true);
  }, [online]);

  const banner = offline && seenOnline;
  useInertApp(offline && !seenOnline);
  useEffect(() => {
    document.documentElement.classList.toggle(BANNER_CLASS, banner);
    return () => document.documentElement.classList.remove(BANNER_CLASS);
  }, [banner]);

  if (!offline) return null;
  return createPortal(seenOnline ? <OfflineBanner /> : <OfflineScreen />, document.body);
}

/** The banner's height (safe area and wrapped lines included), for the app's offset below it. */
const OFFSET_VAR = '--fit24-offline-banner-offset';

function OfflineBanner() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(OFFSET_VAR, `${banner.offsetHeight}px`);
    const observer = new ResizeObserver(measure);
    observer.observe(banner);
    measure();
    return () => {
      observer.disconnect();
      root.removeProperty(OFFSET_VAR);
    };
  }, []);
  return (
    <div ref={ref} className="fit24-offline-banner" role="status" data-testid="offline-banner">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <span>
        <strong>{t('offline.bannerTitle')}</strong> {t('offline.bannerText')}
      </span>
    </div>
  );
}

function OfflineScreen() {
  const { t } = useTranslation();
  return (
    <main className="fit24-offline-screen" data-testid="offline-screen" aria-labelledby="offline-title">
      <div className="fit24-offline-screen__body">
        <BrandMark size={56} />
        <span className="fit24-offline-screen__icon">
          <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
        </span>
        <h1 id="offline-title">{t('offline.title')}</h1>
        <p>{t('offline.text')}</p>
        <p className="fit24-offline-screen__safe">{t('offline.safe')}</p>
        <IonButton expand="block" onClick={() => window.location.reload()} data-testid="offline-retry">
          {t('actions.tryAgain')}
        </IonButton>
      </div>
    </main>
  );
}
