import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { AFFILIATE_SCREENS } from '../src/features/affiliate/screens.ts';

/*
 * Why this exists (issue 15): under a slow mobile network every request the app makes in a chain costs a
 * round trip — the entry, then the screen's page chunk (asked for by the router once the entry has run),
 * then that chunk's own imports, then the screen's strings (asked for by its first render). The server
 * names all of those in the page's HTML instead (modules/web), so the browser fetches them beside the
 * entry. This plugin writes which files each route needs, read off the real bundle graph, to
 * `route-preloads.json` in the build; chunk names never appear in the source.
 */

/** The file the server reads (apps/server/src/modules/web/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The modules each route of src/app/routes.tsx renders first, relative to apps/web: its page, and for a
 * tab its layout too. A pattern ending in `/*` matches the prefix and anything under it, like the router's;
 * the server takes an exact pattern before a prefix. src/app/route-preloads.test.ts checks this against
 * routes.tsx and tab-pages.ts, so a route added there without a line here fails.
 */
export const ROUTE_PAGES: Record<string, readonly string[]> = {
  '/': ['src/features/welcome/pages/WelcomePage.tsx'],
  '/login': ['src/features/auth/pages/LoginPage.tsx'],
  '/register': ['src/features/auth/pages/RegisterPage.tsx'],
  '/terms': ['src/features/auth/pages/TermsPage.tsx'],
  '/forgot': ['src/features/auth/pages/ForgotPage.tsx'],
  '/verify': ['src/features/auth/pages/VerifyPage.tsx'],
  // `/tabs` shows home (TabsLayout's redirect); an unknown tab shows the bar alone.
  '/tabs': ['src/app/TabsLayout.tsx', 'src/app/home/HomePage.tsx'],
  '/tabs/*': ['src/app/TabsLayout.tsx'],
  '/tabs/home': ['src/app/TabsLayout.tsx', 'src/app/home/HomePage.tsx'],
  '/tabs/markets': ['src/app/TabsLayout.tsx', 'src/features/markets/pages/MarketsPage.tsx'],
  '/tabs/wallet': ['src/app/TabsLayout.tsx', 'src/features/wallet/pages/WalletPage.tsx'],
  '/tabs/account': ['src/app/TabsLayout.tsx', 'src/features/account/pages/AccountPage.tsx'],
  '/notifications': ['src/features/notifications/pages/NotificationsPage.tsx'],
  '/settings': ['src/features/account/pages/AccountPages.tsx'],
  '/earn': ['src/features/earn/pages/EarnPage.tsx'],
  '/insta': ['src/features/markets/pages/InstaPage.tsx'],
  '/alerts': ['src/features/markets/pages/AlertsPage.tsx'],
  '/trade': ['src/features/markets/pages/TradePage.tsx'],
  '/bank': ['src/features/bank/pages/BankPage.tsx'],
  '/kyc': ['src/features/kyc/pages/KycPage.tsx'],
  '/security': ['src/features/security/pages/SecurityPage.tsx'],
  '/reserves': ['src/features/reserves/pages/ReservesPage.tsx'],
  '/api-keys': ['src/features/api-keys/pages/ApiKeysPage.tsx'],
  '/affiliate': ['src/features/affiliate/module.tsx'],
  ...Object.fromEntries(
    AFFILIATE_SCREENS.map((screen) => [`/affiliate/${screen}`, ['src/features/affiliate/module.tsx']]),
  ),
  '/share': ['src/features/system/pages/SharePage.tsx'],
  '/funds/asset-balance': ['src/features/wallet/pages/AssetBalancePage.tsx'],
  '/funds/deposit': ['src/features/wallet/pages/DepositPage.tsx'],
  '/funds/withdraw': ['src/features/wallet/pages/WithdrawPage.tsx'],
  '/funds/transfer': ['src/features/wallet/pages/TransferPage.tsx'],
  '/funds/transaction': ['src/features/wallet/pages/TransactionPage.tsx'],
  '/version': ['src/features/system/pages/VersionPage.tsx'],
  '/freeze': ['src/features/security/pages/FreezePage.tsx'],
  '/admin/*': ['src/admin/AdminApp.tsx'],
};

/**
 * Modules the entry imports lazily and then waits on before its first render, whatever the page: the web
 * implementation of Capacitor's Preferences, which reading the stored session loads (lib/session.ts).
 * Ionic's own lazy pieces (input shims, status tap, …) are left to load when Ionic asks: nothing on the
 * first screen waits for them.
 */
const START_MODULES = ['@capacitor/preferences/dist/esm/web.js'];

/** i18n.ts's `fallbackLng`: i18next loads its strings for a namespace beside the shown language's. */
export const FALLBACK_LANGUAGE = 'en';

/** A namespace's strings: `src/i18n/locales/<language>/<namespace>.ts`, a chunk of its own (i18n.ts). */
const LOCALE_MODULE = /\/src\/i18n\/locales\/([a-z]{2})\/(\w+)\.ts$/;

/** Files to fetch early, as `/assets/…` paths. */
export interface PreloadHints {
  scripts: string[];
  styles: string[];
}

/** The content of route-preloads.json. */
export interface RoutePreloads {
  /** i18n.ts's fallback language: the one used when the request names none the app speaks. */
  fallbackLanguage: string;
  /** By language: what any page waits on before its first render beyond the entry (START_MODULES, strings). */
  anyPage: Record<string, PreloadHints>;
  /** By route pattern (ROUTE_PAGES), then language: the route's chunks, styles and strings. */
  routes: Record<string, Record<string, PreloadHints>>;
}

/** `useTranslation()`, `useTranslation('ns')`, `useTranslation(['a', 'b'])` and `t('ns:key')`. */
export function namespacesIn(code: string): Set<string> {
  const found = new Set<string>();
  for (const [, args = ''] of code.matchAll(/\buseTranslation\(([^)]*)\)/g)) {
    const names = [...args.matchAll(/['"`](\w+)['"`]/g)].map(([, name = '']) => name);
    for (const name of names.length > 0 ? names : ['common']) found.add(name);
  }
  for (const [, name = ''] of code.matchAll(/\bt\(\s*['"`](\w+):/g)) found.add(name);
  return found;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes route-preloads.json: for each route of ROUTE_PAGES, the chunks holding its page modules and
 * everything those import statically (the list Vite's own preload helper fetches for that `import()`), their
 * styles, and the chunks of the namespaces the page's modules ask for; minus what the entry loads anyway.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'fit24-route-preloads',
    apply: 'build',
    // After Vite's CSS plugin has dropped the chunks that held only CSS (and moved their styles).
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is typeof file & ChunkLike => file.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      // The service worker's own build (vite-plugin-pwa) has none of the app's pages.
      const pageFiles = new Set(Object.values(ROUTE_PAGES).flat());
      if (!entry || !chunks.some((c) => c.moduleIds.some((id) => pageFiles.has(relativeId(root, id)))))
        return;

      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOf = new Map<string, ChunkLike>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);

      // A chunk and every chunk it imports statically, transitively.
      const staticClosure = (start: ChunkLike): ChunkLike[] => {
        const seen = new Map<string, ChunkLike>();
        const visit = (chunk: ChunkLike) => {
          if (seen.has(chunk.fileName)) return;
          seen.set(chunk.fileName, chunk);
          for (const file of chunk.imports) {
            const next = byFile.get(file);
            if (next) visit(next);
          }
        };
        visit(start);
        return [...seen.values()];
      };
      const loadedByEntry = new Set(staticClosure(entry).map((chunk) => chunk.fileName));
      // What the entry's start waits on behind an import() of its own: every page needs it.
      const atStart: ChunkLike[] = [];
      for (const module of START_MODULES) {
        const id = [...chunkOf.keys()].find((candidate) => candidate.endsWith(`/node_modules/${module}`));
        const chunk = id === undefined ? undefined : chunkOf.get(id);
        if (chunk) atStart.push(chunk);
        else this.warn(`${module} is in no chunk: pages will wait for it after the entry (START_MODULES)`);
      }

      // Modules a module imports statically, transitively (what rendering it can reach without an import()).
      const moduleClosure = (start: string): Set<string> => {
        const seen = new Set<string>();
        const stack = [start];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };

      const strings = new Map<string, Map<string, ChunkLike>>();
      for (const chunk of chunks)
        for (const id of chunk.moduleIds) {
          const [, language, namespace] = LOCALE_MODULE.exec(id) ?? [];
          if (!language || !namespace) continue;
          if (!strings.has(language)) strings.set(language, new Map());
          strings.get(language)?.set(namespace, chunk);
        }
      if (!strings.has(FALLBACK_LANGUAGE))
        this.error(
          `no strings for ${FALLBACK_LANGUAGE} under src/i18n/locales: is i18n.ts's loader unchanged?`,
        );

      const hints = (pageChunks: ChunkLike[], namespaces: Set<string>, language: string): PreloadHints => {
        const wanted = new Map<string, ChunkLike>();
        const add = (chunk: ChunkLike | undefined) => {
          if (!chunk) return;
          for (const c of staticClosure(chunk)) if (!loadedByEntry.has(c.fileName)) wanted.set(c.fileName, c);
        };
        for (const chunk of [...atStart, ...pageChunks]) add(chunk);
        // i18next loads the fallback language's strings for a namespace beside the shown language's.
        const languages = new Set([language, FALLBACK_LANGUAGE]);
        for (const lang of languages) for (const ns of namespaces) add(strings.get(lang)?.get(ns));
        const styles = new Set<string>();
        for (const chunk of wanted.values())
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        return {
          scripts: [...wanted.keys()].map((file) => `/${file}`),
          styles: [...styles].map((file) => `/${file}`),
        };
      };

      const languages = [...strings.keys()].sort();
      const perLanguage = (pageChunks: ChunkLike[], namespaces: Set<string>) =>
        Object.fromEntries(languages.map((language) => [language, hints(pageChunks, namespaces, language)]));

      const routes: RoutePreloads['routes'] = {};
      for (const [pattern, pages] of Object.entries(ROUTE_PAGES)) {
        const namespaces = new Set(['common']);
        const pageChunks: ChunkLike[] = [];
        for (const page of pages) {
          const id = resolve(root, page);
          const chunk = chunkOf.get(id);
          if (!chunk) this.error(`${page} (route ${pattern}) is in no chunk of the build`);
          pageChunks.push(chunk);
          for (const module of moduleClosure(id)) {
            if (!module.startsWith(`${root}/src/`)) continue;
            const code =
              this.getModuleInfo(module)?.code ?? readFileSync(module.split('?')[0] ?? module, 'utf8');
            for (const ns of namespacesIn(code)) namespaces.add(ns);
          }
        }
        routes[pattern] = perLanguage(pageChunks, namespaces);
      }

      const preloads: RoutePreloads = {
        fallbackLanguage: FALLBACK_LANGUAGE,
        anyPage: perLanguage([], new Set(['common'])),
        routes,
      };
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads)}\n`,
      });
    },
  };
}

function relativeId(root: string, id: string): string {
  return id.startsWith(`${root}/`) ? id.slice(root.length + 1) : id;
}
