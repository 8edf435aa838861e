import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TOutboxMessage, TStoredSession } from '@fit24/contract';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { createClock } from '../../server/src/clock.ts';
import type { AppConfig } from '../../server/src/config.ts';
import type { AppContext } from '../../server/src/context.ts';
import { createUserWithSession } from '../../server/src/testing/fixtures.ts';
import { createOperator, type TestOperator } from '../../server/src/testing/operators.ts';
import { testConfig } from '../../server/src/testing/test-app.ts';
import { launchBrowser } from './browser.ts';
import { assertNoCspViolations, watchCspViolations } from './csp-watch.ts';

// Every browser test runs under the server's real Content-Security-Policy and fails on any violation
// Chromium reports, on any page it opened (csp-watch.ts): the policy must fit the app, not the reverse.
afterEach(() => assertNoCspViolations());

/** The built app: apps/web/dist, or E2E_WEB_DIST when several builds are tried side by side. */
const webDist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
export const screenshotDir = fileURLToPath(new URL('./screenshots', import.meta.url));

/** The storage key Capacitor Preferences uses on the web for the app's `session` entry. */
export const SESSION_STORAGE_KEY = 'CapacitorStorage.session';

export interface Stack {
  baseUrl: string;
  ctx: AppContext;
  browser: Browser;
  /** The admin operator the tests' operator calls are made as (a machine token of theirs). */
  admin: TestOperator;
  close(): Promise<void>;
}

/**
 * A listening server on a free port with a fresh in-memory database and the built app, and a Chromium;
 * `overrides` change the server's configuration (the affiliate programme's numbers, say).
 */
export async function startStack(overrides: Partial<AppConfig> = {}): Promise<Stack> {
  const config = testConfig({ webDist, ...overrides });
  const { app, ctx } = await buildApp(config, {
    database: { kind: 'pglite' },
    clock: createClock(),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const admin = await createOperator(ctx, 'admin');
  const browser = await launchBrowser();
  watchCspViolations(browser);
  mkdirSync(screenshotDir, { recursive: true });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    ctx,
    browser,
    admin,
    async close() {
      await browser.close();
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
      assertNoCspViolations();
    },
  };
}

/**
 * A stack for a describe block: started before its tests, closed after them. The object is filled in by
 * the `beforeAll` hook it registers, so read it in hooks and tests, not while the block is being declared.
 */
export function suiteStack(overrides: Partial<AppConfig> = {}): Stack {
  const stack = {} as Stack;
  beforeAll(async () => {
    Object.assign(stack, await startStack(overrides));
  });
  afterAll(async () => {
    if ('close' in stack) await stack.close();
  });
  return stack;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A new browser context of `viewport`'s size on the stack's server (or `baseURL`), and a page in it. */
export async function newSizedPage(
  stack: Stack,
  viewport: { width: number; height: number },
  baseURL = stack.baseUrl,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await stack.browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  return { context, page };
}

/** What a device already holds from an earlier visit: its session, other localStorage entries, cookies. */
export interface DeviceKeeps {
  session?: unknown;
  localStorage?: { name: string; value: string }[];
  cookies?: Cookie[];
}

/**
 * A first load on a device (a phone unless `viewport` says otherwise) that keeps `keeps` — the session
 * as a sign-in stored it, say — with service workers blocked, so every request is the page's own.
 */
export async function newDevicePage(
  stack: Stack,
  keeps: DeviceKeeps = {},
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const storage = [
    ...(keeps.localStorage ?? []),
    ...(keeps.session === undefined
      ? []
      : [{ name: SESSION_STORAGE_KEY, value: JSON.stringify(keeps.session) }]),
  ];
  const context = await stack.browser.newContext({
    viewport: options.viewport ?? PHONE,
    locale: options.locale ?? 'en-US',
    baseURL: stack.baseUrl,
    serviceWorkers: 'block',
    storageState: {
      cookies: keeps.cookies ?? [],
      origins: storage.length === 0 ? [] : [{ origin: stack.baseUrl, localStorage: storage }],
    },
  });
  return { context, page: await context.newPage() };
}

export function newPhonePage(stack: Stack): Promise<{ context: BrowserContext; page: Page }> {
  return newSizedPage(stack, PHONE);
}

export function newDesktopPage(stack: Stack): Promise<{ context: BrowserContext; page: Page }> {
  return newSizedPage(stack, DESKTOP);
}

/** A real user and session in the database, as stored by the app after sign-in. */
export async function realSession(
  stack: Stack,
  options: { emailVerified: boolean; name?: string },
): Promise<TStoredSession> {
  const { user, token } = await createUserWithSession(stack.ctx, options);
  return { token, user };
}

/** Puts a session into the browser's storage before the app starts, as a previous sign-in would have. */
export async function plantSession(page: Page, session: unknown): Promise<void> {
  await page.goto('/version');
  await page.evaluate(([key, value]) => localStorage.setItem(key, JSON.stringify(value)), [
    SESSION_STORAGE_KEY,
    session,
  ] as const);
}

export async function storedSession(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
}

/** Waits until the page with `data-page="<name>"` is the one shown, and the address is `path`. */
export async function expectPage(page: Page, name: string, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  await page
    .locator(`[data-page="${name}"]:not(.ion-page-hidden)`)
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 });
}

/** A call to the running server's API, as a client app makes it. */
export async function api(
  stack: Stack,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: {
      'x-api-key': stack.ctx.config.apiKeys[0]!,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

/** An operator call (`/ops`). */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
export async function ops(stack: Stack, method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${stack.admin.token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as { error: boolean; data: unknown; message?: string };
  if (envelope.error) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** The messages the outbox holds for an address (email or mobile), newest first. */
export async function outbox(stack: Stack, to: string): Promise<TOutboxMessage[]> {
  const data = await ops(stack, 'GET', `/ops/outbox?to=${encodeURIComponent(to)}`);
  return data.messages;
}

/** The newest one-time code the outbox holds for an address, as a developer reads it. */
export async function outboxOtp(stack: Stack, to: string): Promise<string> {
  const otp = (await outbox(stack, to)).find((m) => m.otp)?.otp;
  if (!otp) throw new Error(`no code for ${to}`);
  return otp;
}

/** Types into an Ionic input found by its data-testid. */
export async function fill(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).locator('input').fill(value);
}

let serial = 0;
/** A fresh email and a well-formed UK mobile number (national form, as a person types it). */
export function freshIdentity(): { email: string; nationalMobile: string; mobile: string } {
  serial += 1;
  const digits = String((process.pid * 7919 + Date.now() + serial) % 1_000_000).padStart(6, '0');
  return {
    email: `person-${Date.now()}-${serial}@example.com`,
    nationalMobile: `07400 ${digits}`,
    mobile: `+447400${digits}`,
  };
}

/**
 * Holds the page's requests matching `pattern` (not answered, not failed) until the returned function is
 * called: a screen seen while an answer or a file is still on its way.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits until no toast covers the page (before a screenshot). */
export async function noToast(page: Page): Promise<void> {
  await expect.poll(() => page.locator('ion-toast').count(), { timeout: 10_000 }).toBe(0);
}

/** Everything a person can read on the page, toasts (inside Ionic's shadow DOM) included. */
export async function visibleText(page: Page): Promise<string> {
  const toasts = await page.locator('ion-toast .toast-message').allTextContents();
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (layout-aware) is the point here
  return `${await page.locator('body').innerText()}\n${toasts.join('\n')}`;
}

/** Sets a user's transaction password through the API, with the code from the outbox, as the app does. */
export async function setTxnPassword(
  stack: Stack,
  session: { token: string; user: { email_id: string } },
  password: string,
): Promise<void> {
  await api(stack, 'GET', '/api/user/txn/password/otpcode', { token: session.token });
  const otp = await outboxOtp(stack, session.user.email_id);
  const answer = await api(stack, 'POST', '/api/user/txn/password', {
    token: session.token,
    body: { otp, txn_password: password },
  });
  if (answer.status !== 200) throw new Error(`transaction password: ${answer.body.message}`);
}

/** The page named `data-page="<name>"` that is shown (Ionic keeps left pages in the DOM, hidden). */
export function shownPage(page: Page, name: string) {
  return page.locator(`[data-page="${name}"]:not(.ion-page-hidden)`).first();
}

/** A card of the security page (found by its test id), scrolled into view. */
export async function securityCard(page: Page, testId: string): Promise<Locator> {
  const card = shownPage(page, 'security').getByTestId(testId);
  await card.scrollIntoViewIfNeeded();
  return card;
}

/** Credits a user's wallet as a confirmed devnet deposit would (operator call). */
export async function deposit(stack: Stack, email: string, symbol: string, amount: string): Promise<void> {
  await ops(stack, 'POST', '/ops/devnet/deposit', { email_id: email, symbol, amount });
}

/**
 * Marks a user's identity verified, as an operator's KYC approval does: the verified tier's withdrawal
 * limit (per 24 hours, in US dollars) applies instead of the unverified one.
 */
export async function verifyIdentity(stack: Stack, email: string): Promise<void> {
  await stack.ctx.db
    .updateTable('users')
    .set({ kyc_status: 'APPROVED' })
    .where('email', '=', email)
    .execute();
}

/** The id of a market by its symbol ("BTC/USDT"), read from the API as the app reads it. */
export async function marketIdOf(stack: Stack, token: string, symbol: string): Promise<number> {
  const list = await api(stack, 'GET', '/api/market/list', { token });
  const market = (list.body.data.markets as { market_id: number; symbol: string }[]).find(
    (m) => m.symbol === symbol,
  );
  if (!market) throw new Error(`no market ${symbol}`);
  return market.market_id;
}

/** Screenshots named `<prefix>-<name>.png` in the screenshots folder, to look at by hand. */
export function shooter(prefix: string, options: { fullPage?: boolean } = {}) {
  return (page: Page, name: string) =>
    page.screenshot({ path: join(screenshotDir, `${prefix}-${name}.png`), ...options });
}

/** Screenshots `<name>-390` on the phone and `<name>-1280` at desktop width, then turns back into the phone. */
export async function shootBothSizes(
  page: Page,
  shot: ReturnType<typeof shooter>,
  name: string,
): Promise<void> {
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
}

/** A seller with BTC and a buyer with USDT, both verified and signed in, and the BTC/USDT market. */
export async function twoTraders(
  stack: Stack,
  funds: { btc: string; usdt: string },
  names: { seller?: string } = {},
): Promise<{ seller: TStoredSession; buyer: TStoredSession; marketId: number }> {
  const seller = await realSession(stack, {
    emailVerified: true,
    ...(names.seller ? { name: names.seller } : {}),
  });
  const buyer = await realSession(stack, { emailVerified: true });
  await deposit(stack, seller.user.email_id, 'BTC', funds.btc);
  await deposit(stack, buyer.user.email_id, 'USDT', funds.usdt);
  return { seller, buyer, marketId: await marketIdOf(stack, buyer.token, 'BTC/USDT') };
}

/**
 * Waits until the price chart in `view` has drawn its canvas: the chart's library is a chunk of its own
 * and its candles a request, which together can take seconds on a loaded machine (a 1 s poll failed a CI).
 */
export async function expectChartDrawn(view: Locator): Promise<void> {
  await expect
    .poll(() => view.getByTestId('price-chart').locator('canvas').count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
}
