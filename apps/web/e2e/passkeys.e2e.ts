import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeAt } from '../../server/src/modules/security/totp.ts';
import { enterPassword, signedUpUser, signInThroughPage, signOut } from './accounts.ts';
import {
  expectPage,
  fill,
  newSizedPage,
  PHONE,
  type Stack,
  shootBothSizes,
  shooter,
  suiteStack,
  visibleText,
} from './harness.ts';

const PASSWORD = 'Difference-Engine-2';
const shot = shooter('passkeys');

/**
 * A phone page on `http://localhost:<port>`: WebAuthn refuses an IP address as the relying party, and
 * the server takes the relying party from the address the browser used.
 */
function newLocalhostPage(stack: Stack): Promise<{ context: BrowserContext; page: Page }> {
  return newSizedPage(stack, PHONE, stack.baseUrl.replace('127.0.0.1', 'localhost'));
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

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/security');
  await expectPage(page, 'security', '/security');
}

describe('passkeys in a real browser (Chromium’s virtual authenticator)', () => {
  const stack = suiteStack();

  it('registers a passkey, signs in with it alone, completes the password sign-in’s second step with it, and removes it', async () => {
    const { email } = await signedUpUser(stack, { password: PASSWORD, name: 'Ada Lovelace' });
    const { context, page } = await newLocalhostPage(stack);
    await addVirtualAuthenticator(context, page);

    // Register a passkey on the security page (2FA is off: no second factor asked), then rename it.
    await signInThroughPage(page, email, PASSWORD);
    await openSecurity(page);
    await expect.poll(() => page.getByTestId('security-passkeys-count').textContent()).toBe('None');
    await page.getByTestId('security-passkey-add').click();
    expect(await page.getByTestId('security-passkey-add-2fa-box').count()).toBe(0);
    await fill(page, 'security-passkey-name', 'Work laptop');
    await shot(page, 'add-390');
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
    await shootBothSizes(page, shot, 'security-on');

    // Passwordless: "Sign in with a passkey" on the login page.
    await signOut(page);
    await page.goto('/login');
    await expectPage(page, 'login', '/login');
    await shot(page, 'login-390');
    await page.getByTestId('login-passkey').click();
    await expectPage(page, 'tabs/home', '/tabs/home');

    // The password asks for the second step; the passkey completes it.
    await signOut(page);
    await enterPassword(page, email, PASSWORD);
    await page.getByTestId('login-2fa-form').waitFor();
    await page.getByTestId('login-2fa-passkey').waitFor();
    await shootBothSizes(page, shot, 'login-second-step');
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
