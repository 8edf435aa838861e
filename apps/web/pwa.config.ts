import { VitePWA } from 'vite-plugin-pwa';

/** The dark theme's page colour (theme.css `--fit24-navy-900`): the splash screen and the title bar. */
const NAVY = '#0a1628';

/**
 * The installable app: the web manifest and the service worker (src/sw/sw.ts, Workbox in injectManifest
 * mode, built to dist/sw.js with the build's precache list). The app registers the worker itself
 * (src/lib/service-worker.ts), in production builds only, so the plugin injects no registration script
 * (an inline one would need a CSP allowance).
 */
export function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'FIT24 Exchange',
      short_name: 'FIT24',
      description: 'Trade, hold and stake crypto assets.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: NAVY,
      theme_color: NAVY,
      categories: ['finance'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // One classic script: no module worker, so every browser that installs the app can run it.
      rollupFormat: 'iife',
      // The shell and every chunk (the screens load offline too); source maps and the precompressed
      // copies (.br, .gz) are the server's business, not the cache's.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      globIgnores: ['sw.js', 'workbox-*.js'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}
