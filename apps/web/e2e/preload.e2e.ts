import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectPage,
  holdRequests,
  newDevicePage,
  realSession,
  type Stack,
  shooter,
  suiteStack,
} from './harness.ts';

/**
 * Issue 15: the HTML the server sends for a screen names that screen's chunks and strings
 * (`<link rel="modulepreload">`, apps/web/build/route-preloads.ts), so the browser asks for them while it
 * reads the page, beside the entry, instead of when the entry's router (then the page, then its first
 * render) gets to them, one round trip after another. Checked by who asked for each script: the HTML
 * parser, not a script. The one exception is Ionic's own lazy pieces (input shims, status tap, …), which
 * it asks for once the app has started and nothing on screen waits for.
 */

interface ScriptRequest {
  path: string;
  /**
   * Asked for as the HTML says: by a tag the parser read, or named in the page's HTML (with a first
   * screen, the app's scripts are named in a template the page's start script puts in once the screen is
   * painted: apps/server/src/modules/web/first-screens.ts) — not found by an import() or the app's router.
   */
  fromHtml: boolean;
}

/** The scripts of the build the page asks for, in order, until it shows `shown` and the network is idle. */
async function scriptRequests(page: Page, path: string, shown: string): Promise<ScriptRequest[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen: { path: string; byParser: boolean }[] = [];
  cdp.on('Network.requestWillBeSent', ({ request, initiator, type }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/assets/') && (type === 'Script' || url.pathname.endsWith('.js')))
      seen.push({ path: url.pathname, byParser: initiator.type === 'parser' });
  });
  const html = (await (await page.goto(path))?.text()) ?? '';
  const named = new Set(
    [...html.matchAll(/(?:href|src|data-entry)="(\/assets\/[^"]+\.js)"/g)].map(([, file]) => file),
  );
  await expectPage(page, shown, path);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return seen.map(({ path: file, byParser }) => ({ path: file, fromHtml: byParser || named.has(file) }));
}

/** The sources a file of the build was made from, by its source map; one source unknown without a map. */
async function sourcesOf(stack: Stack, file: string): Promise<string[]> {
  const answer = await fetch(`${stack.baseUrl}${file}.map`);
  const map = answer.ok ? ((await answer.json().catch(() => ({}))) as { sources?: string[] }) : {};
  return map.sources ?? ['(no source map)'];
}

/** The requests a script made for a file that is not one of Ionic's own lazy pieces (by its source map). */
async function askedForByScript(stack: Stack, requests: ScriptRequest[]): Promise<ScriptRequest[]> {
  const left: ScriptRequest[] = [];
  for (const request of requests.filter((r) => !r.fromHtml)) {
    const sources = await sourcesOf(stack, request.path);
    if (!sources.every((source) => source.includes('/node_modules/@ionic/core/'))) left.push(request);
  }
  return left;
}

/** Which of the build's `files` holds the source `module` (`src/app/home/HomePage.tsx`), by its source map. */
async function holding(stack: Stack, files: string[], module: string): Promise<string | undefined> {
  for (const file of files) {
    if ((await sourcesOf(stack, file)).some((source) => source.endsWith(`/${module}`))) return file;
  }
  return undefined;
}

const HOME_PAGE = 'src/app/home/HomePage.tsx';
const TABS_LAYOUT = 'src/app/TabsLayout.tsx';

/** The modulepreload hrefs of the HTML the server answers for `path`. */
async function modulepreloads(
  stack: Stack,
  path: string,
  acceptLanguage = 'en-US,en;q=0.9',
): Promise<string[]> {
  const html = await (
    await fetch(`${stack.baseUrl}${path}`, { headers: { 'accept-language': acceptLanguage } })
  ).text();
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    ([, href]) => href ?? '',
  );
}

describe('each screen’s chunks are named in its HTML (issue 15)', () => {
  const stack = suiteStack();

  /**
   * A fresh phone context, signed in when `session` is given, without a service worker (a first visit);
   * `kept` is what the device already holds (localStorage and cookies of an earlier visit).
   */
  async function visit(
    session?: unknown,
    locale = 'en-US',
    kept: { localStorage?: { name: string; value: string }[]; cookies?: Cookie[] } = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    return newDevicePage(stack, { ...kept, session }, { locale });
  }

  it('names the home page’s chunk for /tabs/home, and none for an address that is no screen', async () => {
    const home = await modulepreloads(stack, '/tabs/home');
    expect(await holding(stack, home, HOME_PAGE)).toBeDefined();
    expect(await holding(stack, home, TABS_LAYOUT)).toBeDefined();
    const unknown = await modulepreloads(stack, '/unknown');
    expect(await holding(stack, unknown, HOME_PAGE)).toBeUndefined();
    expect(await holding(stack, unknown, TABS_LAYOUT)).toBeUndefined();
  });

  it('loads every script of /tabs/home, signed in, from the HTML: none waits for a script to ask for it', async () => {
    const session = await realSession(stack, { emailVerified: true });
    const { context, page } = await visit(session);
    const requests = await scriptRequests(page, '/tabs/home', 'tabs/home');
    const fromHtml = requests.filter((r) => r.fromHtml).map((r) => r.path);
    expect(await holding(stack, fromHtml, HOME_PAGE)).toBeDefined();
    expect(await askedForByScript(stack, requests), JSON.stringify(requests, null, 1)).toEqual([]);
    await context.close();
  });

  it('puts every link the HTML names for the trade screen into the page, a few to a task', async () => {
    const session = await realSession(stack, { emailVerified: true });
    const { context, page } = await visit(session);
    const html = (await (await page.goto('/trade'))?.text()) ?? '';
    const template = /<template data-app-start data-entry="([^"]+)">(.*?)<\/template>/.exec(html);
    const named = [...(template?.[2] ?? '').matchAll(/href="([^"]+)"/g)].map(([, href]) => href ?? '');
    // The trade screen names more than one task's worth (app-start.ts: three to a task).
    expect(named.length).toBeGreaterThan(9);
    await expectPage(page, 'trade', '/trade');
    const inHead = await page.evaluate(() => ({
      links: [...document.head.querySelectorAll('link[href]')].map((l) => l.getAttribute('href')),
      entry: [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src')),
    }));
    expect(inHead.entry).toContain(template?.[1]);
    expect(named.filter((href) => !inHead.links.includes(href))).toEqual([]);
    await context.close();
  });

  it('loads the welcome screen’s strings from the HTML, in Spanish too', async () => {
    for (const locale of ['en-US', 'es-ES']) {
      const { context, page } = await visit(undefined, locale);
      const requests = await scriptRequests(page, '/', 'welcome');
      expect(requests.length, locale).toBeGreaterThan(1);
      expect(
        await askedForByScript(stack, requests),
        `${locale}: ${JSON.stringify(requests, null, 1)}`,
      ).toEqual([]);
      await context.close();
    }
  });

  it('loads the strings of the language chosen in the app from the HTML, not the browser’s', async () => {
    // A person who chose Spanish in an English browser: the app keeps the choice and tells the server.
    const chosen = { localStorage: [{ name: 'fit24.language', value: 'es' }] };
    const first = await visit(undefined, 'en-US', chosen);
    await first.page.goto('/');
    await expectPage(first.page, 'welcome', '/');
    const cookies = await first.context.cookies();
    expect(cookies.map((c) => `${c.name}=${c.value}`)).toContain('fit24_language=es');
    await first.context.close();
    // The next visit (a fresh cache): every script, the Spanish strings among them, named by the HTML.
    const { context, page } = await visit(undefined, 'en-US', { ...chosen, cookies });
    const requests = await scriptRequests(page, '/', 'welcome');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await askedForByScript(stack, requests), JSON.stringify(requests, null, 1)).toEqual([]);
    await context.close();
  });

  it('paints the brand while the app’s stylesheet is on its way, and draws no screen before it applies', async () => {
    const html = await (await fetch(`${stack.baseUrl}/`)).text();
    // Nothing in the HTML holds the first paint: its styles are inline, the app's are a preload.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(
      /<link rel="preload" as="style" crossorigin href="\/assets\/index-[^"]+\.css" data-app-styles>/,
    );
    const { context, page } = await visit();
    const release = await holdRequests(page, /\/assets\/index-[^/]+\.css$/);
    await page.goto('/', { waitUntil: 'commit' });
    // The stylesheet held: the brand is laid out by the inline styles, and the app has rendered nothing.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.querySelector('.fit24-shell')!).position))
      .toBe('fixed');
    await page.waitForTimeout(500);
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(await page.locator('.fit24-shell__name').isVisible()).toBe(true);
    // The mark is drawn from the HTML itself, not an image to fetch beside the scripts.
    expect(await page.locator('.fit24-shell__mark').evaluate((mark) => mark.tagName)).toBe('svg');
    await shooter('preload')(page, 'first-paint-390');
    release();
    await expectPage(page, 'welcome', '/');
    expect(
      await page.evaluate(() => document.querySelector('link[data-app-styles]')?.getAttribute('rel')),
    ).toBe('stylesheet');
    // Ionic's and the theme's rules apply to the first screen.
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--ion-font-family'),
      ),
    ).toContain('Inter');
    expect(await page.locator('.fit24-shell').isVisible()).toBe(false);
    await context.close();
  });
});
