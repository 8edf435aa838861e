import { Capacitor } from '@capacitor/core';

/**
 * The worker is registered once the page has settled: loaded, then no request answered for QUIET_MS (the
 * first screen's scripts and data are in), then an idle moment; at the latest MOST_MS after loading. Its
 * precaching (the whole build, ≈ 2.4 MB) would otherwise download and run beside the first screen's
 * scripts, data and render: measured with Lighthouse on this project's machine (README), registering at
 * `load` doubled the start's blocking time.
 */
const QUIET_MS = 2_000;
const MOST_MS = 30_000;

/** Production builds in a browser only: the dev server and the unit tests have no worker, and the
 * native shells load the app from the device already. */
function workerWanted(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && !Capacitor.isNativePlatform();
}

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the service worker (dist/sw.js, from src/sw/sw.ts) now, once: what needs it before the
 * page has settled (turning on push in Settings) asks for it here. Null when there is none to have.
 */
export function ensureServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!workerWanted()) return Promise.resolve(null);
  registering ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    // The app works without it (no offline shell, no web push); nothing for the user to do.
    console.warn('Service worker not registered', error);
    return null;
  });
  return registering;
}

/** Registers the service worker once the page has settled (above). */
export function registerServiceWorker(): void {
  if (!workerWanted()) return;
  let lastAnswer = performance.now();
  const requests = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      lastAnswer = Math.max(lastAnswer, entry.startTime + entry.duration);
  });
  requests.observe({ type: 'resource', buffered: true });
  let loaded = 0;
  const register = () => {
    requests.disconnect();
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void ensureServiceWorker());
    else void ensureServiceWorker();
  };
  const check = () => {
    const now = performance.now();
    if (now - lastAnswer >= QUIET_MS || now - loaded >= MOST_MS) register();
    else setTimeout(check, Math.max(250, QUIET_MS - (now - lastAnswer)));
  };
  const settle = () => {
    loaded = performance.now();
    setTimeout(check, QUIET_MS);
  };
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
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
