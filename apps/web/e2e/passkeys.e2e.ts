import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt } from '../../server/src/modules/security/totp.ts';
import {
  api,
  expectPage,
  fill,
  freshIdentity,
  outboxOtp,
  PHONE,
  type Stack,
  shooter,
  startStack,
  visibleText,
} from './harness.ts';

const PASSWORD = 'Difference-Engine-2';
const DESKTOP = { width: 1280, height: 800 };
const shot = shooter('passkeys');

/**
 * A phone page on `http://localhost:<port>`: WebAuthn refuses an IP address as the relying party, and
 * the server takes the relying party from the address the browser used.
 */
async function newLocalhostPage(stack: Stack): Promise<{ context: BrowserContext; page: Page }> {
  const baseURL = stack.baseUrl.replace('127.0.0.1', 'localhost');
  const context = await stack.browser.newContext({ viewport: PHONE, baseURL });
  return { context, page: await context.newPage() };
}

/** Chromium's virtual authenticator: a platform passkey store that approves with the user verified. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signedUpUser(stack: Stack): Promise<string> {
  const who = freshIdentity();
  const registered = await api(stack, 'POST', '/api/auth/register', {
    body: {
      name: 'Ada Lovelace',
      email_id: who.email,
      password: PASSWORD,
      mobile: who.mobile,
      country_code: 'GB',
      accept_terms: true,
    },
  });
  expect(registered.status).toBe(200);
  await api(stack, 'POST', '/api/auth/email/verify', {
    token: registered.body.data.token,
    body: { otp: await outboxOtp(stack, who.email) },
  });
  return who.email;
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/tabs/account');
  await expectPage(page, 'tabs/account', '/tabs/account');
  await page.getByTestId('sign-out').click();
  await expectPage(page, 'welcome', '/');
}

async function enterPassword(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await expectPage(page, 'login', '/login');
  await fill(page, 'login-email', email);
  await fill(page, 'login-password', PASSWORD);
  await page.getByTestId('login-submit').click();
}

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/security');
  await expectPage(page, 'security', '/security');
}

describe('passkeys in a real browser (Chromium’s virtual authenticator)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('registers a passkey, signs in with it alone, completes the password sign-in’s second step with it, and removes it', async () => {
    const email = await signedUpUser(stack);
    const { context, page } = await newLocalhostPage(stack);
    await addVirtualAuthenticator(context, page);

    // Register a passkey on the security page (2FA is off: no second factor asked), then rename it.
    await enterPassword(page, email);
    await expectPage(page, 'tabs/home', '/tabs/home');
    await openSecurity(page);
    await expect.poll(() => page.getByTestId('security-passkeys-count').textContent()).toBe('None');
    await page.getByTestId('security-passkey-add').click();
    expect(await page.getByTestId('security-passkey-add-2fa-box').count()).toBe(0);
    await fill(page, 'security-passkey-name', 'Work laptop');
    await page.getByTestId('security-passkey-create').click();
    const names = page.getByTestId('security-passkey-list').locator('h3');
    await expect.poll(() => names.allTextContents()).toEqual(['Work laptop']);
    await expect.poll(() => page.getByTestId('security-2fa-status').textContent()).toBe('On');
    expect(await page.getByTestId('security-passkey-list').textContent()).toContain('never used');
    const row = page.locator('[data-testid^="security-passkey-"][data-testid$="-rename"]').first();
    await row.click();
    await fill(page, 'security-passkey-rename-name', 'Office laptop');
    await page.getByTestId('security-passkey-rename-save').click();
    await expect.poll(() => names.allTextContents()).toEqual(['Office laptop']);

    // The authenticator app too, so the second step offers both.
    await page.getByTestId('security-2fa-start').click();
    const secret = ((await page.getByTestId('security-2fa-secret').textContent()) ?? '').replace(/\s/g, '');
    await fill(page, 'security-2fa-enable-code', codeAt(secret, stack.ctx.clock.nowSeconds()));
    await page.getByTestId('security-2fa-enable').click();
    await page.getByTestId('security-2fa-codes-saved').click();
    await page.getByTestId('security-2fa-codes-done').click();
    await expect.poll(() => page.getByTestId('security-2fa-app').textContent()).toBe('On');
    await page.waitForFunction(() => !document.querySelector('ion-toast'), undefined, { timeout: 10_000 });
    await shot(page, 'security-on-390');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'security-on-1280');
    await page.setViewportSize(PHONE);

    // Passwordless: "Sign in with a passkey" on the login page.
    await signOut(page);
    await page.goto('/login');
    await expectPage(page, 'login', '/login');
    await shot(page, 'login-390');
    await page.getByTestId('login-passkey').click();
    await expectPage(page, 'tabs/home', '/tabs/home');

    // The password asks for the second step; the passkey completes it.
    await signOut(page);
    await enterPassword(page, email);
    await page.getByTestId('login-2fa-form').waitFor();
    await page.getByTestId('login-2fa-passkey').waitFor();
    await shot(page, 'login-second-step-390');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'login-second-step-1280');
    await page.setViewportSize(PHONE);
    await page.getByTestId('login-2fa-passkey').click();
    await expectPage(page, 'tabs/home', '/tabs/home');

    // Removing it asks the second factor: "Confirm with passkey" runs the step-up, then the removal.
    await openSecurity(page);
    await expect.poll(() => page.getByTestId('security-passkey-list').textContent()).toMatch(/used just now/);
    await page.locator('[data-testid^="security-passkey-"][data-testid$="-remove"]').first().click();
    await page.getByTestId('security-passkey-remove-form-submit').click();
    await expect
      .poll(() => visibleText(page))
      .toContain('Enter the 6-digit code from your authenticator app');
    await page.getByTestId('security-passkey-remove-form-2fa-passkey').click();
    await page.getByTestId('security-passkey-remove-form-2fa-confirmed').waitFor();
    await shot(page, 'remove-confirmed-390');
    await page.getByTestId('security-passkey-remove-form-submit').click();
    await expect.poll(() => page.getByTestId('security-passkeys-count').textContent()).toBe('None');
    await page.getByTestId('security-2fa-cooldown').waitFor();
    expect(await visibleText(page)).toContain('Passkey removed');
    await context.close();
  }, 180_000);
});
