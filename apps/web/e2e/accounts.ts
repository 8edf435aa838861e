import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, expectPage, fill, freshIdentity, outboxOtp, type Stack } from './harness.ts';

/** The password the browser tests' accounts are made with, unless a test names another. */
export const PASSWORD = 'Analytical-Engine-1';

export interface SignedUpUser {
  email: string;
  mobile: string;
  /** The session sign-up opened. */
  token: string;
}

/** An account registered through the API, its email not verified yet: a person who stopped at the codes. */
export async function registeredUser(
  stack: Stack,
  { password = PASSWORD, name = 'Grace Hopper' }: { password?: string; name?: string } = {},
): Promise<SignedUpUser> {
  const who = freshIdentity();
  const registered = await api(stack, 'POST', '/api/auth/register', {
    body: {
      name,
      email_id: who.email,
      password,
      mobile: who.mobile,
      country_code: 'GB',
      accept_terms: true,
    },
  });
  expect(registered.status).toBe(200);
  return { email: who.email, mobile: who.mobile, token: registered.body.data.token };
}

/** A verified account made through the API, as a person who signed up earlier. */
export async function signedUpUser(
  stack: Stack,
  options: { password?: string; name?: string } = {},
): Promise<SignedUpUser> {
  const user = await registeredUser(stack, options);
  const verified = await api(stack, 'POST', '/api/auth/email/verify', {
    token: user.token,
    body: { otp: await outboxOtp(stack, user.email) },
  });
  expect(verified.status).toBe(200);
  return user;
}

/** Types the email and the password on the login page shown, and presses "Sign in". */
export async function submitLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await fill(page, 'login-email', email);
  await fill(page, 'login-password', password);
  await page.getByTestId('login-submit').click();
}

/** Opens the login page and submits the password: the second step follows when 2FA is on. */
export async function enterPassword(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await expectPage(page, 'login', '/login');
  await submitLogin(page, email, password);
}

/** Signs in with the password through the login page, as a person does, and waits for home. */
export async function signInThroughPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await enterPassword(page, email, password);
  await expectPage(page, 'tabs/home', '/tabs/home');
}

/** Signs out on the account tab, back to the welcome page. */
export async function signOut(page: Page): Promise<void> {
  await page.goto('/tabs/account');
  await expectPage(page, 'tabs/account', '/tabs/account');
  await page.getByTestId('sign-out').click();
  await expectPage(page, 'welcome', '/');
}
