import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectPage,
  holdRequests,
  newDevicePage,
  PHONE,
  realSession,
  shooter,
  suiteStack,
} from './harness.ts';

/**
 * Issue 15: a visitor's first screen, welcome, is in the HTML the server sends for `/`, in the visitor's
 * language (features/welcome/first-screen.ts, build/first-paint.ts, modules/web), so a slow phone shows the
 * headline, the highlights and the two ways in with the HTML instead of after the app's scripts. Seen here
 * with the app's entry script held: the screen is there and works, it is the app's welcome box for box
 * (so nothing jumps when the app takes over), and it is never shown to a device that keeps a session.
 */

/** The entry script: held, the app never starts. */
const ENTRY = /\/assets\/index-[^/]+\.js$/;

/** The parts of the welcome screen, in the first screen's markup and in the app's (WelcomePage.tsx). */
const PARTS = {
  mark: ['.fit24-first__brand svg', '.welcome__brand svg'],
  headline: ['.fit24-first__name', '.welcome__name'],
  tagline: ['.fit24-first__tagline', '.welcome__tagline'],
  highlights: ['.fit24-first__highlights li', '.welcome__highlights li'],
  icons: ['.fit24-first__icon', '.welcome__highlights ion-icon'],
  buttons: ['.fit24-first__button', '[data-page="welcome"] ion-button'],
  legal: ['.fit24-first__legal', '.welcome__legal'],
  terms: ['.fit24-first__legal a', '.welcome__legal ion-router-link'],
} as const;

/** Each part's boxes (x, y, width, height to a tenth of a pixel), by which of the two markups. */
async function boxes(page: Page, which: 0 | 1): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const [name, selectors] of Object.entries(PARTS))
    found[name] = await page.locator(selectors[which]).evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return [box.x, box.y, box.width, box.height].map((v) => Math.round(v * 10) / 10).join(' ');
      }),
    );
  return found;
}

describe('the welcome screen comes with the HTML (issue 15)', () => {
  const stack = suiteStack();
  const shot = shooter('first-screen');

  async function visitor(viewport: typeof PHONE, locale: string) {
    const { context, page } = await newDevicePage(stack, {}, { viewport, locale });
    return { context, page, release: await holdRequests(page, ENTRY) };
  }

  for (const [viewport, size] of [
    [PHONE, '390'],
    [DESKTOP, '1280'],
  ] as const)
    for (const [locale, headline, signIn, tagline] of [
      ['en-US', 'FIT24 Exchange', 'Sign in', 'Trade, hold and stake crypto with confidence.'],
      ['es-ES', 'FIT24 Exchange', 'Iniciar sesión', 'Opera, guarda y haz staking de cripto con confianza.'],
    ] as const)
      it(`shows welcome in ${locale} at ${size} before the app runs, box for box as the app then draws it`, async () => {
        const { context, page, release } = await visitor(viewport, locale);
        await page.goto('/', { waitUntil: 'commit' });
        const first = page.locator('[data-first-screen="welcome"]');
        await first.getByRole('heading', { level: 1, name: headline }).waitFor();
        await expect
          .poll(() => page.evaluate(() => getComputedStyle(document.querySelector('.fit24-first')!).position))
          .toBe('fixed');
        expect(await page.locator('#root').innerHTML()).toBe('');
        expect(await first.getByText(tagline).isVisible()).toBe(true);
        expect(await first.getByRole('link', { name: signIn }).getAttribute('href')).toBe('/login');
        expect(await first.locator('li').count()).toBe(3);
        const before = await boxes(page, 0);
        if (locale === 'en-US') await shot(page, size);
        release();
        await expectPage(page, 'welcome', '/');
        // Ionic's page enters; its boxes settle once its transition is done.
        await expect.poll(() => boxes(page, 1), { timeout: 5_000 }).toEqual(before);
        expect(await first.isVisible()).toBe(false);
        await context.close();
      });

  for (const [path, shown, kept] of [
    ['/', 'welcome', false],
    ['/login', 'login', false],
    ['/tabs/home', 'tabs/home', true],
  ] as const)
    it(`asks for the app’s scripts on ${path} only once the first paint is on screen`, async () => {
      const { context, page, release } = kept
        ? await signedIn(PHONE, await realSession(stack, { emailVerified: true }))
        : await visitor(PHONE, 'en-US');
      release();
      // The first frame's rendering (its requestAnimationFrame callbacks, then style, layout and paint),
      // noted before any script of the page runs.
      await page.addInitScript(() => {
        requestAnimationFrame(() => {
          (window as { __firstFrame?: number }).__firstFrame = performance.now();
        });
      });
      await page.goto(path);
      await expectPage(page, shown, path);
      const { firstFrame, scripts, painted } = await page.evaluate(() => ({
        firstFrame: (window as { __firstFrame?: number }).__firstFrame ?? Number.NaN,
        painted: performance.getEntriesByName('first-contentful-paint').length,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(painted).toBe(1);
      expect(scripts.length).toBeGreaterThan(3);
      expect(Math.min(...scripts)).toBeGreaterThan(firstFrame);
      await context.close();
    });

  for (const [palette, ink] of [
    ['dark', 'rgb(230, 237, 247)'],
    ['light', 'rgb(15, 27, 45)'],
  ] as const)
    it(`is drawn in the ${palette} palette a device chose, in the colours the app then draws`, async () => {
      const { context, page } = await newDevicePage(stack, {
        localStorage: [{ name: 'fit24.theme', value: palette }],
      });
      const release = await holdRequests(page, ENTRY);
      await page.goto('/', { waitUntil: 'commit' });
      await page.locator('.fit24-first__name').waitFor();
      expect(await page.locator('html').getAttribute('data-theme')).toBe(
        palette === 'light' ? 'light' : null,
      );
      // Text, card and button colours, in the first paint and then in the app (the button's inside Ionic's).
      const colours = (which: 0 | 1) =>
        page.evaluate((index) => {
          const pick = (selectors: [string, string]) => document.querySelector(selectors[index])!;
          const style = (element: Element) => getComputedStyle(element);
          const buttons = [
            ...document.querySelectorAll(
              ['.fit24-first__button', '[data-page="welcome"] ion-button'][index]!,
            ),
          ].map((button) =>
            style(index === 0 ? button : button.shadowRoot!.querySelector('.button-native')!),
          );
          const li = style(pick(['.fit24-first__highlights li', '.welcome__highlights li']));
          return {
            headline: style(pick(['.fit24-first__name', '.welcome__name'])).color,
            tagline: style(pick(['.fit24-first__tagline', '.welcome__tagline'])).color,
            card: `${li.backgroundColor} ${li.borderTopColor}`,
            buttons: buttons.map(
              (b) =>
                `${b.backgroundColor} ${b.color} ${b.borderTopWidth} ${b.borderTopStyle} ${b.borderTopColor}`,
            ),
          };
        }, which);
      const before = await colours(0);
      expect(before.headline).toBe(ink);
      await shot(page, `${palette}-390`);
      release();
      await expectPage(page, 'welcome', '/');
      expect(await colours(1)).toEqual(before);
      await context.close();
    });

  it('takes a visitor where its links say before the app has started', async () => {
    const { context, page, release } = await visitor(PHONE, 'en-US');
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('[data-first-screen="welcome"]').getByRole('link', { name: 'Create account' }).click();
    // Loaded as a page of its own; its scripts are held too, so it never reaches `load`.
    await page.waitForURL((url) => url.pathname === '/register', { waitUntil: 'commit' });
    await page.locator('.fit24-shell__name').waitFor();
    // The register page has no first screen of its own: the brand, until the app draws it.
    expect(await page.locator('[data-first-screen]').count()).toBe(0);
    release();
    await expectPage(page, 'register', '/register');
    await context.close();
  });

  it('is never shown to a device that keeps a session: the brand, then home', async () => {
    const session = await realSession(stack, { emailVerified: true, name: 'Kept Session' });
    const { context, page, release } = await signedIn(PHONE, session);
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('.fit24-shell__name').waitFor();
    expect(await page.locator('html').getAttribute('data-session')).toBe('');
    expect(await page.locator('[data-first-screen="welcome"]').count()).toBe(1);
    expect(await page.locator('[data-first-screen="welcome"]').isVisible()).toBe(false);
    release();
    await expectPage(page, 'tabs/home', '/tabs/home');
    await context.close();
  });

  /** A phone or desk that keeps `session` (as a sign-in left it), with the app's entry held. */
  async function signedIn(viewport: typeof PHONE, session: unknown, locale = 'en-US') {
    const { context, page } = await newDevicePage(stack, { session }, { viewport, locale });
    return { context, page, release: await holdRequests(page, ENTRY) };
  }

  /** Home's parts in its first paint and in the app (HomePage.tsx, PageFrame, the tab bar). */
  const HOME_PARTS = {
    greeting: ['.fit24-first__greeting', '[data-testid="home-greeting"]'],
    toolbar: ['.fit24-first__toolbar', '[data-page="tabs/home"] ion-toolbar'],
    tabBar: ['.fit24-first__tab-bar', 'ion-tab-bar'],
  } as const;

  async function homeBoxes(page: Page, which: 0 | 1): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    for (const [name, selectors] of Object.entries(HOME_PARTS))
      found[name] = await page
        .locator(selectors[which])
        .first()
        .evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [box.x, box.y, box.width, box.height].map((v) => Math.round(v * 10) / 10).join(' ');
        });
    return found;
  }

  for (const [viewport, size] of [
    [PHONE, '390'],
    [DESKTOP, '1280'],
  ] as const)
    it(`greets by the kept name on home at ${size} before the app runs, where the app then greets`, async () => {
      const session = await realSession(stack, { emailVerified: true, name: 'Ada Lovelace' });
      const { context, page, release } = await signedIn(viewport, session);
      await page.goto('/tabs/home', { waitUntil: 'commit' });
      const first = page.locator('[data-first-screen="home"]');
      await first.getByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace' }).waitFor();
      expect(await first.locator('.fit24-first__toolbar').textContent()).toBe('Home');
      expect(await page.locator('#root').innerHTML()).toBe('');
      const before = await homeBoxes(page, 0);
      await shot(page, `home-${size}`);
      release();
      await expectPage(page, 'tabs/home', '/tabs/home');
      await expect.poll(() => homeBoxes(page, 1), { timeout: 5_000 }).toEqual(before);
      expect(await page.getByTestId('home-greeting').textContent()).toBe('Welcome back, Ada Lovelace');
      expect(await first.isVisible()).toBe(false);
      await context.close();
    });

  it('writes the kept name into home’s greeting as text, in the page’s language', async () => {
    const session = await realSession(stack, { emailVerified: true });
    const name = '<img src=x onerror="window.__hit=1"> $& Ann';
    const { context, page } = await signedIn(PHONE, { ...session, user: { ...session.user, name } }, 'es-ES');
    await page.goto('/tabs/home', { waitUntil: 'commit' });
    const greeting = page.locator('.fit24-first__greeting');
    await greeting.waitFor();
    expect(await greeting.textContent()).toBe(`Hola de nuevo, ${name}`);
    expect(await greeting.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __hit?: number }).__hit)).toBeUndefined();
    await context.close();
  });

  it('shows home’s frame to no device that keeps no session: the brand, then welcome', async () => {
    const { context, page, release } = await visitor(PHONE, 'en-US');
    await page.goto('/tabs/home', { waitUntil: 'commit' });
    await page.locator('.fit24-shell__name').waitFor();
    expect(await page.locator('[data-first-screen="home"]').count()).toBe(1);
    expect(await page.locator('[data-first-screen="home"]').isVisible()).toBe(false);
    release();
    await expectPage(page, 'welcome', '/');
    await context.close();
  });

  it('puts no first screen in any other page’s HTML', async () => {
    for (const path of ['/login', '/trade', '/tabs/markets', '/nowhere', '/index.html']) {
      const html = await (await fetch(`${stack.baseUrl}${path}`)).text();
      expect(html, path).not.toContain('data-first-screen');
      expect(html, path).not.toContain('FIT24_FIRST_SCREEN');
    }
  });
});
