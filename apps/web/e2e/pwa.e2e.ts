import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_VERSION_CODE, type TStoredSession } from '@fit24/contract';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChrome } from './browser.ts';
import { watchContext } from './csp-watch.ts';
import {
  api,
  expectPage,
  newPhonePage,
  PHONE,
  plantSession,
  realSession,
  type Stack,
  shootBothSizes,
  shooter,
  startStack,
} from './harness.ts';

const shot = shooter('pwa');

/** Opens `path` and waits until the service worker has taken control of the page. */
async function openControlled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** Whether the precache already holds a file (so an offline reload can be served from it). */
function precached(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      if (keys.some((request) => new URL(request.url).pathname === wanted)) return true;
    }
    return false;
  }, path);
}

/** The page's own colour (html's background), as `rgb(…)`. */
function pageColour(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

/** The palettes' page colours: theme.css `--fit24-navy-900`, dark and light. */
const DARK_PAGE = 'rgb(10, 22, 40)';
const LIGHT_PAGE = 'rgb(245, 247, 251)';
/** The palettes' ink: `--ion-text-color`, dark and light. */
const LIGHT_INK = 'rgb(15, 27, 45)';

describe('the installable app', () => {
  let stack: Stack;
  let user: TStoredSession;
  beforeAll(async () => {
    stack = await startStack();
    user = await realSession(stack, { emailVerified: true, name: 'Ada Offline' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('has a valid manifest, is installable, and its service worker takes control', async () => {
    // A profile on disk: Chromium installs nothing from an incognito-like context (`in-incognito`).
    const profile = mkdtempSync(join(tmpdir(), 'fit24-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findChrome(),
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: PHONE,
      baseURL: stack.baseUrl,
    });
    await watchContext(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await openControlled(page, '/');
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${stack.baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown> & {
      icons: { purpose: string }[];
    };
    expect(parsed).toMatchObject({
      name: 'FIT24 Exchange',
      short_name: 'FIT24',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      theme_color: '#0a1628',
      background_color: '#0a1628',
    });
    expect(parsed.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable', 'maskable']);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);
    for (const icon of ['/icons/icon-192.png', '/icons/maskable-512.png', '/apple-touch-icon.png']) {
      const response = await page.request.get(icon);
      expect(response.status(), icon).toBe(200);
      expect(response.headers()['content-type'], icon).toBe('image/png');
    }
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('registers its worker only once the first screen has loaded and settled', async () => {
    const { context, page } = await newPhonePage(stack);
    // When the page asks for its worker, by the page's clock.
    await context.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args) {
        (window as { registeredAt?: number }).registeredAt ??= performance.now();
        return register.apply(this, args);
      };
    });
    await plantSession(page, user);
    await openControlled(page, '/tabs/home');
    await page.getByTestId('home-greeting').waitFor({ state: 'visible' });
    const timeline = await page.evaluate(() => {
      const registeredAt = (window as { registeredAt?: number }).registeredAt ?? Number.NaN;
      const answered = performance
        .getEntriesByType('resource')
        .map((entry) => ({ url: entry.name, end: (entry as PerformanceResourceTiming).responseEnd }))
        .filter((entry) => entry.end <= registeredAt);
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return { registeredAt, answered, loadEnd: navigation?.loadEventEnd ?? Number.NaN };
    });
    expect(timeline.registeredAt).toBeGreaterThan(timeline.loadEnd);
    // Home's data was in before the worker was asked for, and nothing was answered for 2 s before it.
    expect(timeline.answered.some((entry) => new URL(entry.url).pathname.startsWith('/api/'))).toBe(true);
    const lastAnswer = Math.max(...timeline.answered.map((entry) => entry.end));
    expect(timeline.registeredAt - lastAnswer).toBeGreaterThanOrEqual(2_000);
    await context.close();
  });

  it('opens offline to its offline screen, and from the precache when the shell is gone', async () => {
    const { context, page } = await newPhonePage(stack);
    await openControlled(page, '/');
    await expect.poll(() => precached(page, '/index.html'), { timeout: 30_000 }).toBe(true);
    await context.setOffline(true);
    await page.reload();
    const screen = page.getByTestId('offline-screen');
    await screen.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await screen.getByRole('heading').textContent()).toBe('You’re offline');
    expect(await page.locator('ion-app').getAttribute('inert')).toBe('');
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'offline-screen');
    // In the light palette when the user chose it (kept on the device by the app's theme code).
    await page.evaluate(() => localStorage.setItem('fit24.theme', 'light'));
    await page.reload();
    await screen.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await screen.getByRole('heading').evaluate((el) => getComputedStyle(el).color)).toBe(LIGHT_INK);
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'offline-screen-light');
    await page.evaluate(() => localStorage.setItem('fit24.theme', 'dark'));
    await page.reload();
    await screen.waitFor({ state: 'visible', timeout: 15_000 });
    // Back online, the screen goes by itself and the app is there under it.
    await context.setOffline(false);
    await screen.waitFor({ state: 'detached', timeout: 15_000 });
    // The attribute goes in the screen's effect cleanup, which Preact may run a frame after the removal.
    await expect.poll(() => page.locator('ion-app').getAttribute('inert')).toBeNull();
    await context.setOffline(true);

    // Without the cached shell, the worker answers with the static offline page (never a browser error).
    await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (new URL(request.url).pathname === '/index.html') await cache.delete(request);
        }
      }
    });
    await page.goto('/tabs/markets');
    const offlinePage = page.getByTestId('offline-page');
    await offlinePage.waitFor({ state: 'visible', timeout: 15_000 });
    // The user chose dark (above): dark, even on a light device.
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await pageColour(page)).toBe(DARK_PAGE);
    await shootBothSizes(page, shot, 'offline-page');
    // With 'system', the device's scheme, followed live.
    await page.evaluate(() => localStorage.setItem('fit24.theme', 'system'));
    await page.reload();
    await offlinePage.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await pageColour(page)).toBe(LIGHT_PAGE);
    expect(await offlinePage.getByRole('heading').evaluate((el) => getComputedStyle(el).color)).toBe(
      LIGHT_INK,
    );
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#f5f7fb');
    await shootBothSizes(page, shot, 'offline-page-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => pageColour(page)).toBe(DARK_PAGE);
    // A light choice wins over a dark device.
    await page.evaluate(() => localStorage.setItem('fit24.theme', 'light'));
    await page.reload();
    await offlinePage.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await pageColour(page)).toBe(LIGHT_PAGE);

    // Back online, the page goes back to the app by itself.
    await context.setOffline(false);
    await page.getByTestId('offline-page').waitFor({ state: 'detached', timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('shows the offline banner when the connection drops, and takes it away when it is back', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, user);
    await page.goto('/tabs/home');
    await expectPage(page, 'tabs/home', '/tabs/home');
    await page.getByTestId('home-greeting').waitFor({ state: 'visible' });
    const banner = page.getByTestId('offline-banner');
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);
    await banner.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await banner.textContent()).toContain('You’re offline.');
    // The app moves down below the banner: the page's header stays whole.
    const bannerBox = await banner.boundingBox();
    const headerBox = await page.locator('.ion-page:not(.ion-page-hidden) ion-header').first().boundingBox();
    expect(headerBox!.y).toBeGreaterThanOrEqual(bannerBox!.y + bannerBox!.height - 1);
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'offline-banner');

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('home-greeting').waitFor({ state: 'visible' });

    // In the light palette (kept on the account, which wins over the device), a pale amber strip.
    const saved = await api(stack, 'POST', '/api/settings', { token: user.token, body: { theme: 'light' } });
    expect(saved.body.error, saved.body.message).toBe(false);
    await page.evaluate(() => localStorage.setItem('fit24.theme', 'light'));
    await page.reload();
    await page.getByTestId('home-greeting').waitFor({ state: 'visible' });
    await context.setOffline(true);
    await banner.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(254, 243, 199)');
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'offline-banner-light');
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await context.close();
  });
});

describe('a build older than the server supports', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      appVersion: { minCode: APP_VERSION_CODE + 1, iosStoreUrl: null, androidStoreUrl: null },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('is blocked by the update screen, which reloads to the new build', async () => {
    const { context, page } = await newPhonePage(stack);
    await page.goto('/');
    const screen = page.getByTestId('update-required');
    await screen.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await screen.getByRole('heading').textContent()).toBe('Update required');
    expect(await page.locator('ion-app').getAttribute('inert')).toBe('');
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'update-required');

    const reloaded = page.waitForEvent('load');
    await screen.getByTestId('update-reload').click();
    await reloaded;
    await screen.waitFor({ state: 'visible', timeout: 15_000 });
    await context.close();
  });

  it('follows a light device in system mode', async () => {
    const { context, page } = await newPhonePage(stack);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('fit24.theme', 'system'));
    await page.goto('/');
    const screen = page.getByTestId('update-required');
    await screen.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    // Its page is the light palette's (a white glow over the light page), its ink the light one.
    expect(await screen.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(LIGHT_PAGE);
    expect(await screen.getByRole('heading').evaluate((el) => getComputedStyle(el).color)).toBe(LIGHT_INK);
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'update-required-light');
    await context.close();
  });
});
