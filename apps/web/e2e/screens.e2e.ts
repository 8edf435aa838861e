import { join } from 'node:path';
import type { TStoredSession } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectPage,
  holdRequests,
  newPhonePage,
  plantSession,
  realSession,
  type Stack,
  screenshotDir,
  startStack,
} from './harness.ts';

/** The shell as a person sees it: each screen's content, and a screenshot at 390×844 and on a desktop. */
describe('app shell screens', () => {
  let stack: Stack;
  let session: TStoredSession;
  beforeAll(async () => {
    stack = await startStack();
    session = await realSession(stack, { emailVerified: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('welcomes a visitor with the brand, sign in and create account', async () => {
    const { context, page } = await newPhonePage(stack);
    await page.goto('/');
    await expectPage(page, 'welcome', '/');
    await expect.poll(() => page.getByTestId('welcome-sign-in').isVisible()).toBe(true);
    await page.screenshot({ path: join(screenshotDir, 'shell-welcome-390.png') });
    await page.getByTestId('welcome-create-account').click();
    await expectPage(page, 'register', '/register');
    await page.goBack();
    await page.getByTestId('welcome-sign-in').click();
    await expectPage(page, 'login', '/login');
    await context.close();
  });

  it('greets a signed-in user by name on home, shows the account and signs out to the root', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, session);
    await page.goto('/tabs/home');
    await expectPage(page, 'tabs/home', '/tabs/home');
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toContain(session.user.name);
    await page.screenshot({ path: join(screenshotDir, 'shell-home-390.png') });

    await page.getByTestId('tab-account').click();
    await expectPage(page, 'tabs/account', '/tabs/account');
    await expect.poll(() => page.getByTestId('account-email').textContent()).toContain(session.user.email_id);
    await page.screenshot({ path: join(screenshotDir, 'shell-account-390.png') });

    await page.getByTestId('sign-out').click();
    await expectPage(page, 'welcome', '/');
    const after = await fetch(`${stack.baseUrl}/api/account`, {
      headers: { 'x-api-key': stack.ctx.config.apiKeys[0]!, authorization: `Bearer ${session.token}` },
    });
    expect((await after.json()).code).toBe(502);
    await context.close();
  });

  it("takes home's quick actions and portfolio card where they say, as links drawn without web components", async () => {
    // A session of its own: the test above signs its session out.
    const own = await realSession(stack, { emailVerified: true });
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, own);
    await page.goto('/tabs/home');
    await expectPage(page, 'tabs/home', '/tabs/home');
    const actions = page.getByRole('navigation', { name: 'Quick actions' });
    // Real links (a new tab, copy link), each icon drawn inline: no ion-button, ion-card or ion-icon in
    // home's content, which a phone's first render paid a web component and a shadow root for.
    const links = await actions
      .getByRole('link')
      .evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['Deposit', '/funds/deposit'],
      ['Withdraw', '/funds/withdraw'],
      ['Insta', '/insta'],
      ['Earn', '/earn'],
      ['Trade', '/trade'],
    ]);
    const content = page.locator('[data-page="tabs/home"] ion-content');
    expect(await content.locator('ion-button, ion-card, ion-icon').count()).toBe(0);
    expect(await actions.locator('svg').count()).toBe(5);

    await actions.getByRole('link', { name: 'Deposit' }).click();
    await expectPage(page, 'funds/deposit', '/funds/deposit');
    await page.goBack();
    await expectPage(page, 'tabs/home', '/tabs/home');
    await page.getByTestId('home-portfolio').click();
    await expectPage(page, 'tabs/wallet', '/tabs/wallet');
    await context.close();
  });

  it('greets by the name kept with the session before the account has answered', async () => {
    const own = await realSession(stack, { emailVerified: true });
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, own);
    const release = await holdRequests(page, /\/api\/account$/);
    await page.goto('/tabs/home');
    await expectPage(page, 'tabs/home', '/tabs/home');
    await expect
      .poll(() => page.getByTestId('home-greeting').textContent())
      .toBe(`Welcome back, ${own.user.name}`);
    release();
    await context.close();
  });

  it('keeps home still while its figures come: the placeholders hold the places of what replaces them', async () => {
    const own = await realSession(stack, { emailVerified: true });
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, own);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const release = await holdRequests(page, /\/api\/(asset\/balances|market\/list)(\?|$)/);
    await page.goto('/tabs/home');
    await expectPage(page, 'tabs/home', '/tabs/home');
    await page.waitForTimeout(300);
    release();
    await page.getByTestId('home-portfolio-value').waitFor();
    await page.getByTestId('home-top-markets').waitFor();
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.001);
    await context.close();
  });

  it('shows the version from the server on the open version page', async () => {
    const { context, page } = await newPhonePage(stack);
    await page.goto('/version');
    await expectPage(page, 'version', '/version');
    await expect.poll(() => page.getByTestId('version-name').textContent()).toContain('1.0.5');
    await expect.poll(() => page.getByTestId('version-code').textContent()).toContain('10005');
    await page.screenshot({ path: join(screenshotDir, 'shell-version-390.png') });
    await context.close();
  });

  it('lays out on a desktop browser', async () => {
    const context = await stack.browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: stack.baseUrl,
    });
    const page = await context.newPage();
    await page.goto('/');
    await expectPage(page, 'welcome', '/');
    await page.screenshot({ path: join(screenshotDir, 'shell-welcome-desktop.png') });
    const fresh = await realSession(stack, { emailVerified: true });
    await plantSession(page, fresh);
    await page.goto('/tabs/home');
    await expectPage(page, 'tabs/home', '/tabs/home');
    await page.screenshot({ path: join(screenshotDir, 'shell-home-desktop.png') });
    await context.close();
  });
});
