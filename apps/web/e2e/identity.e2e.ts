import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enterPassword, PASSWORD, registeredUser, submitLogin } from './accounts.ts';
import {
  api,
  expectPage,
  fill,
  freshIdentity,
  newPhonePage,
  outboxOtp,
  plantSession,
  realSession,
  shooter,
  storedSession,
  suiteStack,
  visibleText,
} from './harness.ts';

/** A 1×1 PNG: recognised as an image by its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const shot = shooter('identity');

/** Signs up through the register screen and waits for the verify screen. */
async function signUp(page: Page, who: ReturnType<typeof freshIdentity>): Promise<void> {
  await page.goto('/register');
  await expectPage(page, 'register', '/register');
  await fill(page, 'register-name', 'Ada Lovelace');
  await fill(page, 'register-email', who.email);
  await fill(page, 'register-password', PASSWORD);
  await page.getByTestId('register-country').click();
  await page.getByTestId('register-country-search').locator('input').fill('united kingdom');
  await page.getByTestId('register-country-option-GB').click();
  await expect.poll(() => page.getByTestId('register-mobile-dial').textContent()).toContain('+44');
  await fill(page, 'register-mobile', who.nationalMobile);
  await page.getByTestId('register-terms').click();
  await page.getByTestId('register-submit').click();
  await expectPage(page, 'verify', '/verify');
}

describe('identity in a real browser', () => {
  const stack = suiteStack();

  it('signs up, verifies both codes from the outbox, lands on home, signs out to the root and signs in again', async () => {
    const who = freshIdentity();
    const { context, page } = await newPhonePage(stack);
    await signUp(page, who);
    await shot(page, 'verify-390');

    await fill(page, 'verify-mobile-otp', await outboxOtp(stack, who.mobile));
    await page.getByTestId('verify-mobile-submit').click();
    await expect.poll(() => page.getByTestId('verify-mobile-state').getAttribute('data-verified')).toBe('1');

    await fill(page, 'verify-email-otp', await outboxOtp(stack, who.email));
    await page.getByTestId('verify-email-submit').click();
    await expectPage(page, 'tabs/home', '/tabs/home');
    await expect.poll(() => page.getByTestId('home-greeting').textContent()).toContain('Ada Lovelace');

    // Signed in and verified: the visitor pages and verify send back home.
    for (const path of ['/login', '/register', '/verify']) {
      await page.goto(path);
      await expectPage(page, 'tabs/home', '/tabs/home');
    }

    await page.getByTestId('tab-account').click();
    await expectPage(page, 'tabs/account', '/tabs/account');
    await expect.poll(() => page.getByTestId('account-email').textContent()).toContain(who.email);
    await shot(page, 'account-390');
    await page.getByTestId('sign-out').click();
    await expectPage(page, 'welcome', '/');
    expect(await storedSession(page)).toBeNull();

    await page.getByTestId('welcome-sign-in').click();
    await expectPage(page, 'login', '/login');
    await submitLogin(page, who.email.toUpperCase());
    await expectPage(page, 'tabs/home', '/tabs/home');
    await context.close();
  });

  it('shows the server’s message for wrong credentials and a wrong code', async () => {
    const { context, page } = await newPhonePage(stack);
    await enterPassword(page, 'nobody@example.com', 'Wrong-password-1');
    await expect
      .poll(() =>
        page
          .locator('ion-toast .toast-message, [data-testid="login-notice"]')
          .allTextContents()
          .then((t) => t.join(' ')),
      )
      .toContain('The email or password is not correct.');
    await expectPage(page, 'login', '/login');

    const who = freshIdentity();
    await signUp(page, who);
    const right = await outboxOtp(stack, who.email);
    await fill(page, 'verify-email-otp', right === '000000' ? '111111' : '000000');
    await page.getByTestId('verify-email-submit').click();
    await expect.poll(() => visibleText(page)).toContain('The code is not correct.');
    await expectPage(page, 'verify', '/verify');
    await context.close();
  });

  it('sends a signed-up user whose email is not verified to verify from every app page', async () => {
    const who = freshIdentity();
    const { context, page } = await newPhonePage(stack);
    await signUp(page, who);
    for (const path of [
      '/tabs/home',
      '/tabs/wallet',
      '/tabs/account',
      '/security',
      '/kyc',
      '/bank',
      '/notifications',
      '/earn',
      '/trade',
    ]) {
      await page.goto(path);
      await expectPage(page, 'verify', '/verify');
    }
    await context.close();
  });

  it('resets a forgotten password end to end, and the old password stops working', async () => {
    const who = await registeredUser(stack);
    const { context, page } = await newPhonePage(stack);
    await page.goto('/login');
    await page.getByTestId('login-forgot').click();
    await expectPage(page, 'forgot', '/forgot');
    await fill(page, 'forgot-email', who.email);
    await page.getByTestId('forgot-send').click();
    await page.getByTestId('forgot-otp').waitFor();
    await fill(page, 'forgot-otp', await outboxOtp(stack, who.email));
    await fill(page, 'forgot-password', 'Brand-New-Secret-7');
    await fill(page, 'forgot-confirm', 'Brand-New-Secret-7');
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-done').waitFor();
    await shot(page, 'forgot-done-390');
    // Reset revokes every session: the token from sign-up now answers 502.
    expect((await api(stack, 'GET', '/api/account', { token: who.token })).body.code).toBe(502);

    await page.getByTestId('forgot-login').click();
    await expectPage(page, 'login', '/login');
    await submitLogin(page, who.email);
    await expect.poll(() => visibleText(page)).toContain('The email or password is not correct.');
    await fill(page, 'login-password', 'Brand-New-Secret-7');
    await page.getByTestId('login-submit').click();
    await expectPage(page, 'verify', '/verify');
    await context.close();
  });

  it('sets a transaction password with an emailed code, submits KYC with documents, and adds a bank account', async () => {
    const session = await realSession(stack, { emailVerified: true });
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, session);

    await page.goto('/security');
    await expectPage(page, 'security', '/security');
    await page.getByTestId('security-txn-send').click();
    await page.getByTestId('security-txn-otp').waitFor();
    await fill(page, 'security-txn-otp', await outboxOtp(stack, session.user.email_id));
    await fill(page, 'security-txn-password', 'Pay-PIN-8842');
    await fill(page, 'security-txn-confirm', 'Pay-PIN-8842');
    await page.getByTestId('security-txn-submit').click();
    await expect
      .poll(
        async () =>
          (await api(stack, 'GET', '/api/account', { token: session.token })).body.data.account
            .has_txn_password,
      )
      .toBe(1);
    await shot(page, 'security-390');

    await page.goto('/kyc');
    await expectPage(page, 'kyc', '/kyc');
    await fill(page, 'kyc-first-name', 'Ada');
    await fill(page, 'kyc-last-name', 'Lovelace');
    await fill(page, 'kyc-dob', '1990-12-10');
    await fill(page, 'kyc-address', '12 St James Square');
    await fill(page, 'kyc-city', 'London');
    await fill(page, 'kyc-postal-code', 'SW1Y 4JH');
    await page.getByTestId('kyc-country').click();
    await page.getByTestId('kyc-country-search').locator('input').fill('united kingdom');
    await page.getByTestId('kyc-country-option-GB').click();
    await page.getByTestId('kyc-id-type-PASSPORT').click();
    await fill(page, 'kyc-id-number', 'P1234567');
    await page
      .getByTestId('kyc-id-front-input')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page
      .getByTestId('kyc-selfie-input')
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByTestId('kyc-selfie').getAttribute('data-state')).toBe('done');
    await expect.poll(() => page.getByTestId('kyc-id-front').getAttribute('data-state')).toBe('done');
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status')).toBe('PENDING');
    expect(
      (await api(stack, 'GET', '/api/account', { token: session.token })).body.data.account.kyc_status,
    ).toBe('PENDING');
    await shot(page, 'kyc-pending-390');

    await page.goto('/bank');
    await expectPage(page, 'bank', '/bank');
    await page.getByTestId('bank-empty').waitFor();
    await page.getByTestId('bank-add').click();
    await fill(page, 'bank-holder', 'Ada Lovelace');
    await fill(page, 'bank-name', 'Commerzbank');
    await page.getByTestId('bank-country').click();
    await page.getByTestId('bank-country-search').locator('input').fill('germany');
    await page.getByTestId('bank-country-option-DE').click();
    await fill(page, 'bank-account-number', 'DE89 3704 0044 0532 0130 00');
    await fill(page, 'bank-swift', 'COBADEFFXXX');
    await page.getByTestId('bank-submit').click();
    await expect.poll(() => visibleText(page)).toContain('3000');
    const banks = (await api(stack, 'GET', '/api/bank', { token: session.token })).body.data.banks;
    expect(banks).toEqual([
      expect.objectContaining({ bank_name: 'Commerzbank', account_number: '•••• 3000' }),
    ]);
    await shot(page, 'bank-390');
    await context.close();
  });
});
