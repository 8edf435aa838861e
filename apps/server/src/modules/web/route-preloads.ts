import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_COOKIE } from '@fit24/contract';
import { z } from 'zod';

/**
 * The web build's `route-preloads.json` (apps/web/build/route-preloads.ts): for each route of the app, the
 * chunks, styles and strings its first screen loads beyond the entry, by language. index.html names them
 * as `<link>`s so the browser fetches them beside the entry instead of one round trip after another
 * (issue 15).
 */
const FILE = 'route-preloads.json';

/** Only the build's own files go into the page: `/assets/<name>.js` or `.css`, nothing else. */
const ZAsset = (extension: 'js' | 'css') => z.string().regex(new RegExp(`^/assets/[\\w.-]+\\.${extension}$`));
const ZHints = z.object({ scripts: z.array(ZAsset('js')), styles: z.array(ZAsset('css')) });
const ZByLanguage = z.record(z.string().regex(/^[a-z]{2}$/), ZHints);
const ZRoutePreloads = z.object({
  fallbackLanguage: z.string().regex(/^[a-z]{2}$/),
  anyPage: ZByLanguage,
  routes: z.record(z.string().regex(/^\/[\w/*-]*$/), ZByLanguage),
});

/** What of a request picks its page's language: the app's cookie, else the browser's languages. */
export interface LanguageHints {
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

/** Markup for a page (its `<link>`s, its first screen): by the request's path and language. */
export type PageMarkup = (path: string, hints: LanguageHints) => string;

/**
 * Reads the build's route-preloads.json once; a build without it (development, an older build) gets no
 * links. Every route's markup is written here, so a request only picks one: nothing of the request goes
 * into the page.
 */
export function loadRoutePreloads(webDist: string): PageMarkup {
  const file = join(webDist, FILE);
  if (!existsSync(file)) return () => '';
  const preloads = ZRoutePreloads.parse(JSON.parse(readFileSync(file, 'utf8')));
  const markup = (byLanguage: z.infer<typeof ZByLanguage>) =>
    Object.fromEntries(Object.entries(byLanguage).map(([language, hints]) => [language, linksHtml(hints)]));
  return byRouteAndLanguage(
    Object.fromEntries(Object.entries(preloads.routes).map(([pattern, hints]) => [pattern, markup(hints)])),
    markup(preloads.anyPage),
    preloads.fallbackLanguage,
  );
}

/**
 * What a page's HTML gets, by route then language, written once at start: a request only picks one, and
 * nothing of it goes into the page. A pattern is a path of the router (`/tabs/home`) or a prefix (`/admin/*`
 * covers `/admin` and everything under it; an exact pattern first, then the longest prefix); a path of no
 * pattern gets `anyPage`. The language is the request's (pickLanguage) among those the markup has.
 */
export function byRouteAndLanguage(
  routes: Record<string, Record<string, string>>,
  anyPage: Record<string, string>,
  fallbackLanguage: string,
): PageMarkup {
  const byRoute = new Map(
    Object.entries(routes).map(([pattern, byLanguage]) => [pattern, new Map(Object.entries(byLanguage))]),
  );
  const otherPages = new Map(Object.entries(anyPage));
  const languages = new Set([
    ...otherPages.keys(),
    ...[...byRoute.values()].flatMap((byLanguage) => [...byLanguage.keys()]),
  ]);
  const prefixes = [...byRoute.keys()]
    .filter((pattern) => pattern.endsWith('/*'))
    .map((pattern) => ({ pattern, prefix: pattern.slice(0, -2) }))
    .sort((a, b) => b.prefix.length - a.prefix.length);

  return (path, hints) => {
    const language = pickLanguage(hints, languages, fallbackLanguage);
    const route = normalisePath(path);
    const pattern = byRoute.has(route)
      ? route
      : prefixes.find(({ prefix }) => route === prefix || route.startsWith(`${prefix}/`))?.pattern;
    return ((pattern === undefined ? undefined : byRoute.get(pattern)) ?? otherPages).get(language) ?? '';
  };
}

/** The router's view of a path: no query, no trailing slash, any case (react-router matches so). */
function normalisePath(url: string): string {
  const path = (url.split(/[?#]/, 1)[0] ?? '/').toLowerCase();
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

const CHOSEN = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([a-z]{2})\\s*(?:;|$)`);

/**
 * The language the app will start in as far as the server can tell: the one the app keeps in its cookie
 * (lib i18n.ts, the person's choice), else the browser's first language, when the app speaks it; else the
 * fallback.
 */
function pickLanguage(
  { cookie, acceptLanguage }: LanguageHints,
  known: Set<string>,
  fallback: string,
): string {
  const chosen = CHOSEN.exec(cookie ?? '')?.[1];
  if (chosen !== undefined && known.has(chosen)) return chosen;
  const first = /^\s*([a-z]{2})(?![a-z])/i.exec(acceptLanguage ?? '')?.[1]?.toLowerCase();
  return first !== undefined && known.has(first) ? first : fallback;
}

function linksHtml(hints: z.infer<typeof ZHints>): string {
  // `crossorigin` as the entry's own tag and Vite's preload helper ask for them, so the fetch is reused.
  return [
    ...hints.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...hints.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('');
}
