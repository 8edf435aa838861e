import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { enterPassword, PASSWORD, signedUpUser, signInThroughPage, signOut } from './accounts.ts';
import { authenticator, wrongCode } from './authenticator.ts';
import {
  DESKTOP,
  expectPage,
  fill,
  newPhonePage,
  PHONE,
  shootBothSizes,
  shooter,
  suiteStack,
  visibleText,
} from './harness.ts';

const shot = shooter('two-factor');

describe('two-factor authentication with an authenticator app, in a real browser', () => {
  const stack = suiteStack();

  it('enrols the app, keeps the recovery codes, signs in with a code and a recovery code, and turns it off', async () => {
    const { email } = await signedUpUser(stack);
    const { context, page } = await newPhonePage(stack);

    // Without 2FA, the password alone signs in.
    await signInThroughPage(page, email);
    await page.goto('/security');
    await expectPage(page, 'security', '/security');
    await expect.poll(() => page.getByTestId('security-2fa-status').textContent()).toBe('Off');

    // Enrol: the QR code and the key as text; a wrong first code is refused with the server's words.
    await page.getByTestId('security-2fa-start').click();
    await page.getByTestId('security-2fa-qr').locator('svg').waitFor();
    const secret = ((await page.getByTestId('security-2fa-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const nextCode = authenticator(secret, () => stack.ctx.clock.nowSeconds());
    await shot(page, 'setup-390');
    await fill(page, 'security-2fa-enable-code', wrongCode(secret, stack.ctx.clock.nowSeconds()));
    await page.getByTestId('security-2fa-enable').click();
    await expect.poll(() => visibleText(page)).toContain('The code is not correct.');
    await fill(page, 'security-2fa-enable-code', await nextCode());
    await page.getByTestId('security-2fa-enable').click();

    // Ten recovery codes, shown once: downloaded as a text file, and "Done" only once they are saved.
    const list = page.getByTestId('security-2fa-code-list');
    await list.waitFor();
    const codes = (await list.locator('code').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await shot(page, 'recovery-codes-390');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('security-2fa-codes-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('fit24-recovery-codes.txt');
    const file = await readFile((await download.path())!, 'utf8');
    expect(file).toContain(email);
    for (const code of codes) expect(file).toContain(code);
    expect(await page.getByTestId('security-2fa-codes-done').getAttribute('aria-disabled')).toBe('true');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'recovery-codes-1280');
    await page.setViewportSize(PHONE);
    await page.getByTestId('security-2fa-codes-saved').click();
    await page.getByTestId('security-2fa-codes-done').click();
    await expect.poll(() => page.getByTestId('security-2fa-status').textContent()).toBe('On');
    await expect.poll(() => page.getByTestId('security-2fa-codes-left').textContent()).toBe('10 of 10');
    await expect.poll(() => page.getByTestId('security-2fa-code-list').count()).toBe(0);

    // With 2FA on, the right password asks for the second step; a wrong code is refused.
    await signOut(page);
    await enterPassword(page, email);
    await page.getByTestId('login-2fa-form').waitFor();
    expect(await page.getByTestId('login-2fa-email').textContent()).toBe(email);
    expect(await page.getByTestId('login-2fa-passkey').count()).toBe(0);
    await shootBothSizes(page, shot, 'login-second-step');
    await fill(page, 'login-2fa-code', wrongCode(secret, stack.ctx.clock.nowSeconds()));
    await expect.poll(() => visibleText(page)).toContain('The code is not correct.');
    await expectPage(page, 'login', '/login');

    // The challenge ends (five minutes pass on the server): the page says so and starts again.
    stack.ctx.clock.advance(301);
    await fill(page, 'login-2fa-code', await nextCode());
    await page.getByTestId('login-2fa-ended').waitFor();
    expect(await visibleText(page)).toContain(
      'This sign-in has expired or was already used. Please sign in again.',
    );
    await page.getByTestId('login-2fa-restart').click();
    await page.getByTestId('login-password').waitFor();

    // The sixth digit of the right code signs in.
    await fill(page, 'login-password', PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-2fa-form').waitFor();
    await fill(page, 'login-2fa-code', await nextCode());
    await expectPage(page, 'tabs/home', '/tabs/home');

    // A recovery code signs in once.
    await signOut(page);
    await enterPassword(page, email);
    await page.getByTestId('login-2fa-toggle').click();
    await fill(page, 'login-2fa-recovery', codes[0]!.toLowerCase());
    await page.getByTestId('login-2fa-submit').click();
    await expectPage(page, 'tabs/home', '/tabs/home');

    // Turning the app off takes a current code and starts the cool-down, which the page shows.
    await page.goto('/security');
    await expectPage(page, 'security', '/security');
    await expect.poll(() => page.getByTestId('security-2fa-codes-left').textContent()).toBe('9 of 10');

    // New recovery codes, confirmed with a recovery code: the old ones stop working.
    await page.getByTestId('security-2fa-regenerate').click();
    await page.getByTestId('security-2fa-regenerate-form-2fa-toggle').click();
    await fill(page, 'security-2fa-regenerate-form-2fa-recovery', codes[0]!);
    await page.getByTestId('security-2fa-regenerate-form-submit').click();
    await expect.poll(() => visibleText(page)).toContain('The code is not correct.');
    await shot(page, 'regenerate-refused-390');
    await fill(page, 'security-2fa-regenerate-form-2fa-recovery', codes[1]!);
    await page.getByTestId('security-2fa-regenerate-form-submit').click();
    await page.getByTestId('security-2fa-code-list').waitFor();
    const renewed = (await page.getByTestId('security-2fa-code-list').locator('code').allTextContents()).map(
      (code) => code.trim(),
    );
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((code) => codes.includes(code))).toEqual([]);
    await page.getByTestId('security-2fa-codes-saved').click();
    await page.getByTestId('security-2fa-codes-done').click();
    await expect.poll(() => page.getByTestId('security-2fa-codes-left').textContent()).toBe('10 of 10');
    await page.getByTestId('security-2fa-disable').click();
    await page.getByTestId('security-2fa-disable-form-submit').click();
    await expect
      .poll(() => visibleText(page))
      .toContain('Enter the 6-digit code from your authenticator app');
    await shot(page, 'disable-390');
    await fill(page, 'security-2fa-disable-form-2fa-code', await nextCode());
    await page.getByTestId('security-2fa-disable-form-submit').click();
    await expect.poll(() => page.getByTestId('security-2fa-status').textContent()).toBe('Off');
    const cooldown = page.getByTestId('security-2fa-cooldown');
    await cooldown.waitFor();
    expect(await cooldown.textContent()).toMatch(/paused until .*authenticator app removed/);
    await shot(page, 'disabled-cooldown-390');

    // The password alone signs in again.
    await signOut(page);
    await signInThroughPage(page, email);
    await context.close();
  }, 240_000);
});
