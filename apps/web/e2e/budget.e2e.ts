import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '../build/compile-hints.ts';
import { expectPage, newDevicePage, PHONE, realSession, type Stack, suiteStack } from './harness.ts';

/**
 * Issue 15's budget: the JavaScript a first visit loads, welcome for a visitor and home for a signed-in
 * user, is at most 150 KB gzip. Measured as the browser loads it (every script response until the page
 * is idle, its size on the wire from the Network domain), so it covers chunks fetched on demand too. A
 * size, never a time: the figures are printed for the README.
 */
const BUDGET_BYTES = 150 * 1024;
/**
 * Reached for both; the test holds welcome to today's figure, lower than the goal, so it can only shrink
 * (lower it as it does), and home to the goal itself. 2026-11-27, first: 237 KB for welcome, 263 KB for
 * home (React, zod in the first screen, i18next). Then: Preact's compat layer instead of react-dom
 * (−50 KB), the socket and the version check reading their answers without zod, and the contract's
 * constants and money conversions in zod-free modules (−26 KB more on home): 156 KB for welcome, 182 KB
 * for home. Then: the toast element only with the screens that save (the settings' reading apart from
 * their saving), the tab bar's and the back button's elements out of @ionic/react's bundle
 * (build/split-bundles.ts) and the tabs' own pages without the back button (PageFrame): 139 KB for
 * welcome, 172 KB for home. Then: what a first screen loads in a few files instead of 27 (welcome) and
 * 52 (home), each under 1 KB for half of them (build/chunk-groups.ts: the entry's modules in one file,
 * Ionic's start-up helpers in one, the tab bar's and home's in three), the welcome page out of the entry
 * (react-i18next's <Trans> with it) and the market row's strings in the shared namespace (home no longer
 * loads the markets screen's): 129.8 KB in 9 files for welcome, 149.0 KB in 9 for home.
 */
const CEILING_TODAY_BYTES = { welcome: 131 * 1024 };

interface Script {
  url: string;
  /** The body's bytes as served (brotli for Chromium), headers left out. */
  wire: number;
  /** The same file at gzip level 9, the budget's unit. */
  gzip: number;
  /** Whether it starts with V8's compile hint, so it is compiled off the main thread (build/compile-hints.ts). */
  hinted: boolean;
}

/** Every script the page loads from `path` until it is idle (the `data-page` shown and no request for 500 ms). */
async function scriptsLoaded(stack: Stack, page: Page, path: string, shown: string): Promise<Script[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, { url: string; bodyBytes: number | undefined }>();
  const wire = new Map<string, number>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (!/javascript/.test(response.mimeType)) return;
    // The body as sent (content-length of the encoded answer); the CDP total also counts headers.
    const length = Object.entries(response.headers).find(
      ([name]) => name.toLowerCase() === 'content-length',
    )?.[1];
    scripts.set(requestId, {
      url: response.url,
      bodyBytes: length === undefined ? undefined : Number(length),
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    wire.set(requestId, encodedDataLength);
  });
  await page.goto(path);
  await expectPage(page, shown, path);
  await page.waitForLoadState('networkidle');
  const loaded: Script[] = [];
  for (const [requestId, { url, bodyBytes }] of scripts) {
    const plain = Buffer.from(
      await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    loaded.push({
      url: url.replace(stack.baseUrl, ''),
      wire: bodyBytes ?? wire.get(requestId) ?? 0,
      gzip: gzipSync(plain, { level: 9 }).length,
      hinted: plain.toString('utf8', 0, COMPILE_HINT.length + 1) === `${COMPILE_HINT}\n`,
    });
  }
  await cdp.detach();
  return loaded;
}

function report(name: string, scripts: Script[]): { wire: number; gzip: number } {
  const wire = scripts.reduce((sum, s) => sum + s.wire, 0);
  const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const largest = [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 6);
  console.log(
    `${name}: ${scripts.length} scripts, ${kb(gzip)} gzip (goal ${kb(BUDGET_BYTES)}), ${kb(wire)} on the wire (brotli); largest: ${largest
      .map((s) => `${s.url.replace('/assets/', '')} ${kb(s.gzip)}`)
      .join(', ')}`,
  );
  return { wire, gzip };
}

describe('initial JavaScript budget (issue 15)', () => {
  const stack = suiteStack();

  it('welcome, for a visitor, loads no more JavaScript than today’s ceiling (goal: 150 KB gzip)', async () => {
    // Service workers blocked: the worker's background precache is not what the page needs to show.
    const { context, page } = await newDevicePage(stack);
    const scripts = await scriptsLoaded(stack, page, '/', 'welcome');
    const { wire, gzip } = report('welcome', scripts);
    expect(scripts.length).toBeGreaterThan(1);
    expect(wire).toBeGreaterThan(0);
    expect(wire).toBeLessThanOrEqual(gzip);
    expect(gzip).toBeLessThanOrEqual(CEILING_TODAY_BYTES.welcome);
    expect(scripts.filter((s) => !s.hinted).map((s) => s.url)).toEqual([]);
    await context.close();
  });

  it('home, for a signed-in user, loads at most 150 KB gzip of JavaScript', async () => {
    const session = await realSession(stack, { emailVerified: true });
    // The session is in storage before the first load, as after an earlier visit, without loading the app.
    const { context, page } = await newDevicePage(stack, { session });
    const scripts = await scriptsLoaded(stack, page, '/tabs/home', 'tabs/home');
    const { wire, gzip } = report('home', scripts);
    expect(scripts.some((s) => /HomePage/.test(s.url))).toBe(true);
    // What is split out of the bundles still renders as before: the tab bar at the bottom of the screen.
    const bar = await page.locator('ion-tab-bar').boundingBox();
    expect(Math.round((bar?.y ?? 0) + (bar?.height ?? 0))).toBe(PHONE.height);
    expect(wire).toBeLessThanOrEqual(gzip);
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(scripts.filter((s) => !s.hinted).map((s) => s.url)).toEqual([]);
    await context.close();
  });
});
