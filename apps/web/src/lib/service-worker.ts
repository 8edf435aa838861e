import { Capacitor } from '@capacitor/core';

/**
 * Registers the service worker (dist/sw.js, from src/sw/sw.ts) once the page has loaded, so its
 * precaching never competes with the first paint. Production builds in a browser only: the dev server
 * and the unit tests have no worker, and the native shells load the app from the device already.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || Capacitor.isNativePlatform()) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it (no offline shell, no web push); nothing for the user to do.
      console.warn('Service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Loads the newest build: asks the worker to check for a new version first, so the reload is served by
 * it, then reloads. Used by the "Update required" screen on the web.
 */
export async function reloadLatestBuild(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await registration?.update();
  } catch {
    // Offline or no worker: the reload below still asks the server for the page first.
  }
  window.location.reload();
}
