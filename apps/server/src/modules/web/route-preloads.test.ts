import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGE_COOKIE } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { loadRoutePreloads } from './route-preloads.ts';

/** index.html as Vite writes it: the entry's tags after the placeholder, in <head>. */
const INDEX_HTML =
  '<html><head><!--FIT24_CONFIG--><script type="module" crossorigin src="/assets/index-E1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-E1.css"></head><body><div id="root"></div></body></html>';

const layout = ['/assets/TabsLayout-T1.js', '/assets/ionic-tabs-T2.js'];
const home = [...layout, '/assets/HomePage-H1.js', '/assets/money-M1.js'];

/** What apps/web/build/route-preloads.ts writes, for a few routes. */
const PRELOADS = {
  fallbackLanguage: 'en',
  anyPage: {
    en: { scripts: [], styles: [] },
    es: { scripts: ['/assets/common-es-C1.js'], styles: [] },
  },
  routes: {
    '/': {
      en: { scripts: ['/assets/welcome-en-W1.js'], styles: [] },
      es: {
        scripts: ['/assets/common-es-C1.js', '/assets/welcome-es-W2.js', '/assets/welcome-en-W1.js'],
        styles: [],
      },
    },
    '/tabs': {
      en: { scripts: home, styles: ['/assets/HomePage-H1.css'] },
      es: { scripts: [...home, '/assets/common-es-C1.js'], styles: ['/assets/HomePage-H1.css'] },
    },
    '/tabs/*': {
      en: { scripts: layout, styles: [] },
      es: { scripts: [...layout, '/assets/common-es-C1.js'], styles: [] },
    },
    '/tabs/home': {
      en: { scripts: home, styles: ['/assets/HomePage-H1.css'] },
      es: { scripts: [...home, '/assets/common-es-C1.js'], styles: ['/assets/HomePage-H1.css'] },
    },
    '/admin/*': {
      en: { scripts: ['/assets/AdminApp-A1.js'], styles: [] },
      es: { scripts: ['/assets/AdminApp-A1.js', '/assets/common-es-C1.js'], styles: [] },
    },
  },
};

function writeDist(preloads?: unknown): string {
  const dist = mkdtempSync(join(tmpdir(), 'fit24-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  if (preloads !== undefined) writeFileSync(join(dist, 'route-preloads.json'), JSON.stringify(preloads));
  return dist;
}

/** The modulepreload hrefs of a page, in order. */
function modulepreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    ([, href]) => href ?? '',
  );
}

describe('index.html names the chunks of the route it is sent for (issue 15)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(databasesUnderTest()[0]!, { webDist: writeDist(PRELOADS) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string, acceptLanguage = 'en-GB,en;q=0.9', cookie?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': acceptLanguage, ...(cookie === undefined ? {} : { cookie }) },
    });
    expect(response.statusCode, url).toBe(200);
    return response;
  };

  it('names the home page chunk and its imports for /tabs/home, and its styles, with the entry', async () => {
    const response = await page('/tabs/home');
    const html = response.body;
    expect(modulepreloads(html)).toEqual(home);
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/HomePage-H1.css">');
    // In the start script's template, beside the entry (app-start.ts).
    const template = /<template data-app-start data-entry="\/assets\/index-E1\.js">(.*?)<\/template>/.exec(
      html,
    )?.[1];
    expect(modulepreloads(template ?? '')).toEqual(home);
    expect(String(response.headers.vary).toLowerCase()).toContain('accept-language');
    expect(String(response.headers.vary).toLowerCase()).toContain('cookie');
  });

  it('names nothing beyond the entry for a path that is no route', async () => {
    for (const url of ['/unknown', '/tabsx/home', '/x/tabs/home']) {
      const html = (await page(url)).body;
      expect(modulepreloads(html), url).toEqual([]);
      expect(html, url).not.toContain('HomePage');
      expect(html, url).toContain('/assets/index-E1.js');
    }
  });

  it('matches a route as the router does: any case, a trailing slash, a query', async () => {
    for (const url of ['/tabs/home/', '/TABS/Home', '/tabs/home?from=push']) {
      expect(modulepreloads((await page(url)).body), url).toEqual(home);
    }
  });

  it('takes an exact route before a prefix, and a prefix for what is under it', async () => {
    expect(modulepreloads((await page('/tabs')).body)).toEqual(home);
    expect(modulepreloads((await page('/tabs/nowhere')).body)).toEqual(layout);
    expect(modulepreloads((await page('/tabs/home-and-more')).body)).toEqual(layout);
    expect(modulepreloads((await page('/admin')).body)).toEqual(['/assets/AdminApp-A1.js']);
    expect(modulepreloads((await page('/admin/operators/7')).body)).toEqual(['/assets/AdminApp-A1.js']);
    expect(modulepreloads((await page('/')).body)).toEqual(['/assets/welcome-en-W1.js']);
  });

  it('names the strings of the browser’s first language when the app speaks it, else English’s', async () => {
    expect(modulepreloads((await page('/', 'es-ES,es;q=0.9,en;q=0.8')).body)).toEqual(
      PRELOADS.routes['/'].es.scripts,
    );
    expect(modulepreloads((await page('/unknown', 'es')).body)).toEqual(['/assets/common-es-C1.js']);
    for (const acceptLanguage of ['fr-FR,es;q=0.9', 'esperanto', '*', '']) {
      expect(modulepreloads((await page('/', acceptLanguage)).body), acceptLanguage).toEqual([
        '/assets/welcome-en-W1.js',
      ]);
    }
  });

  it('names the strings of the language the app keeps in its cookie before the browser’s', async () => {
    const spanish = PRELOADS.routes['/'].es.scripts;
    expect(modulepreloads((await page('/', 'en-GB,en;q=0.9', `${LANGUAGE_COOKIE}=es`)).body)).toEqual(
      spanish,
    );
    expect(
      modulepreloads((await page('/', 'en', `theme=dark; ${LANGUAGE_COOKIE}=es; other=1`)).body),
    ).toEqual(spanish);
    expect(modulepreloads((await page('/', 'es-ES', `${LANGUAGE_COOKIE}=en`)).body)).toEqual([
      '/assets/welcome-en-W1.js',
    ]);
    // A language the app does not speak, a longer word or another cookie's name: the browser's language.
    for (const cookie of [
      `${LANGUAGE_COOKIE}=fr`,
      `${LANGUAGE_COOKIE}=esp`,
      `x${LANGUAGE_COOKIE}=es`,
      '=es',
    ]) {
      expect(modulepreloads((await page('/', 'en', cookie)).body), cookie).toEqual([
        '/assets/welcome-en-W1.js',
      ]);
      expect(modulepreloads((await page('/', 'es', cookie)).body), cookie).toEqual(spanish);
    }
  });

  it('writes nothing of the request into the page', async () => {
    const marker = 'zq7marker';
    const response = await page(`/tabs/home?${marker}=%22%3E%3Cscript%3E`, `"><script>${marker}</script>`);
    expect(response.body).not.toContain(marker);
    expect(response.body).not.toContain('<script>alert');
    const deep = await page(`/admin/${marker}`);
    expect(deep.body).not.toContain(marker);
    expect(modulepreloads(deep.body)).toEqual(['/assets/AdminApp-A1.js']);
  });
});

describe('a build without route-preloads.json', () => {
  it('sends index.html as built, with no links', async () => {
    const t = await createTestApp(databasesUnderTest()[0]!, { webDist: writeDist() });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/tabs/home' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('/assets/index-E1.js');
      expect(response.body).not.toContain('modulepreload');
    } finally {
      await t.close();
    }
  });

  it('is never served: it is the server’s own file', async () => {
    const t = await createTestApp(databasesUnderTest()[0]!, { webDist: writeDist(PRELOADS) });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/route-preloads.json' });
      expect(response.body).not.toContain('TabsLayout');
    } finally {
      await t.close();
    }
  });
});

describe('loadRoutePreloads', () => {
  it('refuses a file that would put anything but the build’s assets into the page', () => {
    for (const href of [
      '/assets/x.js"><script>alert(1)</script>',
      'https://elsewhere.example/x.js',
      '/x.js',
    ]) {
      const bad = { ...PRELOADS, anyPage: { en: { scripts: [href], styles: [] } } };
      expect(() => loadRoutePreloads(writeDist(bad)), href).toThrow();
    }
  });
});
