import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { namespacesIn, ROUTE_PAGES } from '../../build/route-preloads.ts';
import { AFFILIATE_DASHBOARD_PATH, appRoutes } from './routes.tsx';
import { tabPages } from './tab-pages.ts';

/*
 * The build's route → page map (build/route-preloads.ts), from which the server names each route's chunks
 * in its HTML, checked against the router itself: a route added, removed or pointed at another page
 * without the map following fails here.
 */

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const routesSource = source('./routes.tsx');

/** `../features/x/Y.tsx` (as written in src/app) → `src/features/x/Y.tsx` (as the map writes it). */
function fromApp(specifier: string): string {
  return new URL(specifier, 'file:///src/app/').pathname.slice(1);
}

/** routes.tsx's one-line `const x = … import('…') …`, its `function x(…) {…}` and its named imports. */
const declarations = new Map<string, string>();
for (const [, name = '', text = ''] of routesSource.matchAll(
  /^(?:export )?const (\w+) = (.*\bimport\(.*);$/gm,
))
  declarations.set(name, text);
for (const [, name = '', text = ''] of routesSource.matchAll(
  /^function (\w+)\([^)]*\)[^{]*(\{[\s\S]*?^\})/gm,
))
  declarations.set(name, text);
const staticImports = new Map<string, string>();
for (const [, names = '', specifier = ''] of routesSource.matchAll(/^import \{([^}]*)\} from '([^']+)';$/gm))
  for (const name of names.split(',').map((n) => n.trim()))
    if (!name.startsWith('type ')) staticImports.set(name, fromApp(specifier));

/**
 * The page modules an element's code renders: its `import()`s, and those of the loaders, components and
 * helpers it names that routes.tsx declares; a page imported statically (from a `pages/` folder) is its
 * module.
 */
function pagesIn(code: string, seen = new Set<string>()): Set<string> {
  const pages = new Set<string>();
  for (const [, specifier = ''] of code.matchAll(/import\('([^']+)'\)/g)) pages.add(fromApp(specifier));
  for (const [name] of code.matchAll(/\b[A-Za-z_]\w*\b/g)) {
    if (seen.has(name)) continue;
    seen.add(name);
    const declared = declarations.get(name);
    if (declared) for (const page of pagesIn(declared, seen)) pages.add(page);
    else if (staticImports.get(name)?.includes('/pages/')) pages.add(staticImports.get(name) ?? '');
  }
  return pages;
}

/** Each route object of the `appRoutes` literal whose path is written out: its path and its element's code. */
function declaredRoutes(): Array<{ path: string; element: string }> {
  const list = routesSource.slice(routesSource.indexOf('export const appRoutes'));
  return [...list.matchAll(/\{\s*path: '([^']+)',\s*kind: '\w+',\s*element:([\s\S]*?)\n {2}\},?\n/g)].map(
    ([, path = '', element = '']) => ({ path, element }),
  );
}

const tabModules = Object.fromEntries(
  [...source('./tab-pages.ts').matchAll(/^\s+(\w+): \(\) => import\('([^']+)'\),$/gm)].map(
    ([, tab = '', spec = '']) => [tab, fromApp(spec)],
  ),
);

describe('the build’s route → page map', () => {
  it('has a line for every route the router declares, every tab, and nothing else', () => {
    const declared = new Set([
      ...appRoutes.map((route) => route.path),
      AFFILIATE_DASHBOARD_PATH,
      '/tabs',
      ...Object.keys(tabPages).map((tab) => `/tabs/${tab}`),
    ]);
    expect(new Set(Object.keys(ROUTE_PAGES))).toEqual(declared);
  });

  it('points each route written out in routes.tsx at the pages its element loads', () => {
    const routes = declaredRoutes();
    // Every literal path of appRoutes was found, so none is left unchecked.
    expect(routes.map((route) => route.path)).toEqual(
      appRoutes.map((route) => route.path).filter((path) => !path.startsWith('/affiliate/')),
    );
    for (const { path, element } of routes) {
      const pages = pagesIn(element);
      expect(pages.size, path).toBeGreaterThan(0);
      expect(new Set(ROUTE_PAGES[path]), path).toEqual(pages);
    }
  });

  it('points the affiliate routes at the module their element loads', () => {
    const affiliate = pagesIn(routesSource.slice(routesSource.indexOf('export const affiliateDashboard')));
    expect(affiliate.size).toBe(1);
    for (const path of [AFFILIATE_DASHBOARD_PATH, ...appRoutes.map((r) => r.path)].filter((p) =>
      p.startsWith('/affiliate'),
    ))
      expect(new Set(ROUTE_PAGES[path]), path).toEqual(affiliate);
  });

  it('points each tab at the tab bar and the tab’s page, and /tabs at home (its redirect)', () => {
    const layout = [...pagesIn(declaredRoutes().find((r) => r.path === '/tabs/*')?.element ?? '')];
    expect(layout).toEqual(['src/app/TabsLayout.tsx']);
    expect(Object.keys(tabModules)).toEqual(Object.keys(tabPages));
    for (const [tab, page] of Object.entries(tabModules))
      expect(ROUTE_PAGES[`/tabs/${tab}`]).toEqual([...layout, page]);
    expect(ROUTE_PAGES['/tabs']).toEqual(ROUTE_PAGES['/tabs/home']);
  });
});

describe('namespacesIn', () => {
  it('reads the namespaces a module asks for, common for none', () => {
    expect(namespacesIn("const { t } = useTranslation('markets');")).toEqual(new Set(['markets']));
    expect(namespacesIn('useTranslation(["welcome", "common"])')).toEqual(new Set(['welcome', 'common']));
    expect(namespacesIn('const { t } = useTranslation();')).toEqual(new Set(['common']));
    expect(namespacesIn("t('wallet:title'); t('plain.key')")).toEqual(new Set(['wallet']));
    expect(namespacesIn('nothing here')).toEqual(new Set());
  });
});
