import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGE_COOKIE } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { loadFirstScreens } from './first-screens.ts';
import { clientConfigScript } from './web.routes.ts';

/** index.html as the build writes it: the brand, then the marker where a route's first screen goes. */
const INDEX_HTML =
  '<html><head><!--FIT24_CONFIG--><script type="module" crossorigin src="/assets/index-E1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-R1.js"></head>' +
  '<body><div id="root"></div><div class="fit24-shell">FIT24</div><!--FIT24_FIRST_SCREEN--></body></html>';

/** What apps/web/build/first-paint.ts writes (the welcome screen's markup, here shortened). */
const FIRST_SCREENS = {
  fallbackLanguage: 'en',
  routes: {
    '/': {
      en: '<div data-first-screen="welcome"><h1>FIT24 Exchange</h1><a href="/login">Sign in</a></div>',
      es: '<div data-first-screen="welcome"><h1>FIT24 Exchange</h1><a href="/login">Iniciar sesión</a></div>',
    },
  },
};

function writeDist(firstScreens?: unknown): string {
  const dist = mkdtempSync(join(tmpdir(), 'fit24-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  if (firstScreens !== undefined)
    writeFileSync(join(dist, 'first-screens.json'), JSON.stringify(firstScreens));
  return dist;
}

describe('the HTML of `/` carries the welcome screen in the visitor’s language (issue 15)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(databasesUnderTest()[0]!, { webDist: writeDist(FIRST_SCREENS) });
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
    return response.body;
  };

  it('puts it after the brand, where the build left its marker, by the browser’s language', async () => {
    const english = await page('/');
    expect(english).toContain(`<div class="fit24-shell">FIT24</div>${FIRST_SCREENS.routes['/'].en}<template`);
    expect(english).not.toContain('FIT24_FIRST_SCREEN');
    expect(await page('/', 'es-ES,es;q=0.9')).toContain('Iniciar sesión');
    expect(await page('/?ref=x', 'es')).toContain('Iniciar sesión');
    // A language the app does not speak: English, the app's fallback.
    expect(await page('/', 'fr-FR,fr;q=0.9')).toContain('>Sign in<');
  });

  it('takes the language chosen in the app (its cookie) before the browser’s', async () => {
    expect(await page('/', 'en-GB', `${LANGUAGE_COOKIE}=es`)).toContain('Iniciar sesión');
    expect(await page('/', 'es-ES', `${LANGUAGE_COOKIE}=en`)).toContain('>Sign in<');
  });

  it('puts none in any other page, and never serves the file', async () => {
    for (const url of ['/login', '/tabs/home', '/index.html', '/nowhere', '/welcome']) {
      const body = await page(url);
      expect(body, url).not.toContain('data-first-screen');
      expect(body, url).not.toContain('FIT24_FIRST_SCREEN');
    }
    const file = await t.app.inject({ method: 'GET', url: '/first-screens.json' });
    expect(file.body).not.toContain('data-first-screen');
  });

  it('marks <html> before the body with a kept session and the chosen palette, by the script the policy allows', async () => {
    const body = await page('/');
    const script = clientConfigScript({ apiKey: t.ctx.config.apiKeys[0]! });
    expect(body).toContain(`<script>${script}</script>`);
    expect(script).toContain('getItem("CapacitorStorage.session")');
    expect(script).toContain('getItem("fit24.theme")');
    expect(body.indexOf(script)).toBeLessThan(body.indexOf('<body>'));
  });
});

describe('a build without first-screens.json', () => {
  it('sends the page with no first screen and no marker', async () => {
    const t = await createTestApp(databasesUnderTest()[0]!, { webDist: writeDist() });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(response.body).toContain('<div class="fit24-shell">FIT24</div><template data-app-start');
      expect(response.body).not.toContain('data-first-screen');
      expect(response.body).not.toContain('FIT24_FIRST_SCREEN');
    } finally {
      await t.close();
    }
  });

  it('refuses a file that is not the build’s shape', () => {
    for (const bad of [{ routes: {} }, { fallbackLanguage: 'en', routes: { 'x"><script>': { en: '' } } }])
      expect(() => loadFirstScreens(writeDist(bad)), JSON.stringify(bad)).toThrow();
  });
});
