// The app's service worker (built by vite-plugin-pwa in injectManifest mode into dist/sw.js): the shell
// precached by Workbox so the app opens without a network, and web push (push.ts, beside it).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import './push.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Paths the server answers itself (API, operators, socket, share links): never the app's shell. */
const SERVER_PATHS = /^\/(api|ops|ws|r)(\/|$)/;

/**
 * A page load: the network first, so the shell is the server's latest (its config script and the
 * style nonce of that very answer's CSP come with it); offline, the precached shell, whose cached
 * headers carry the CSP its nonce belongs to; and if even that is missing, the static offline page.
 */
async function pageLoad({ request }: { request: Request }): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (await matchPrecache('/index.html')) ?? (await matchPrecache('/offline.html')) ?? Response.error();
  }
}

// Registered before the precache's own route, which would otherwise answer "/" from the cache first.
registerRoute(new NavigationRoute(pageLoad, { denylist: [SERVER_PATHS] }));

// A new build takes over at once: every file it needs is precached before it activates, and an open
// page keeps the files it loaded (hashed names) until it reloads.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
