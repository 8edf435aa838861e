import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { authenticator } from './authenticator.ts';
import { api, expectPage, type Stack } from './harness.ts';
import { idCardPng, selfiePng } from './sample-documents.ts';

/** The console's session key in sessionStorage (admin/lib/ops-session.ts). */
export const OPS_SESSION_KEY = 'fit24.ops.session';

const authenticators = new Map<string, () => Promise<string>>();

/** The next code of an operator's authenticator app (one app per secret, so no step is used twice). */
export function nextCode(secret: string): Promise<string> {
  let app = authenticators.get(secret);
  if (!app) {
    app = authenticator(secret);
    authenticators.set(secret, app);
  }
  return app();
}

export interface OperatorLogin {
  email: string;
  password: string;
  /** Known for an enrolled operator; read from the page at the first sign-in otherwise. */
  totpSecret?: string;
}

/**
 * Signs in through the console's page: email and password, then the code. At the first sign-in the page
 * shows the authenticator's secret: it is read from the page (as a person types it into their app) and
 * returned, and its first code enrols it. Waits for the dashboard.
 */
export async function signInToConsole(page: Page, who: OperatorLogin): Promise<string> {
  await page.goto('/admin/signin');
  await page.getByTestId('admin-signin-email').waitFor();
  await page.getByTestId('admin-signin-email').fill(who.email);
  await page.getByTestId('admin-signin-password').fill(who.password);
  await page.getByTestId('admin-signin-submit').click();
  await page.getByTestId('admin-signin-code').waitFor();
  let secret = who.totpSecret;
  if (!secret) {
    const shown = await page.getByTestId('admin-signin-secret').textContent();
    secret = (shown ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  }
  await page.getByTestId('admin-signin-code').fill(await nextCode(secret));
  await page.getByTestId('admin-signin-code-submit').click();
  await expectConsolePage(page, 'dashboard', '/admin');
  return secret;
}

/** Waits until the console shows `data-page="admin/<name>"` at `path`. */
export async function expectConsolePage(page: Page, name: string, path: string): Promise<void> {
  await expectPage(page, `admin/${name}`, path);
}

/** Opens a console page from the side menu (behind the menu button below 1024 px). */
export async function openFromMenu(page: Page, entry: string, name: string, path: string): Promise<void> {
  const item = page.getByTestId(`admin-nav-${entry}`);
  if (!(await item.isVisible())) {
    await page.locator('ion-menu-button:visible').first().click();
    await item.waitFor({ state: 'visible' });
  }
  await item.click();
  await expectConsolePage(page, name, path);
}

/** An operator session made through the API (password, then code), as the console keeps it. */
export async function operatorSession(
  stack: Stack,
  who: Required<OperatorLogin>,
): Promise<{ token: string; operator: unknown }> {
  const first = await fetch(`${stack.baseUrl}/ops/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  }).then((r) => r.json());
  if (first.error) throw new Error(`operator sign-in: ${first.message}`);
  const second = await fetch(`${stack.baseUrl}/ops/auth/totp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge: first.data.challenge, code: await nextCode(who.totpSecret) }),
  }).then((r) => r.json());
  if (second.error) throw new Error(`operator code: ${second.message}`);
  return { token: second.data.token, operator: second.data.operator };
}

/** Puts an operator session in the tab's sessionStorage, as a sign-in in this tab would have. */
export async function plantOperatorSession(
  page: Page,
  session: { token: string; operator: unknown },
): Promise<void> {
  await page.goto('/admin/signin');
  await page.getByTestId('admin-signin-email').waitFor();
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    OPS_SESSION_KEY,
    JSON.stringify(session),
  ] as const);
}

async function upload(stack: Stack, token: string, name: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const response = await fetch(`${stack.baseUrl}/api/file/upload`, {
    method: 'POST',
    headers: { 'x-api-key': stack.ctx.config.apiKeys[0]!, authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.json();
  if (body.error) throw new Error(`upload: ${body.message}`);
  return body.data.file.file_id;
}

/** A KYC submission through the user API: an ID card's front and a selfie (PNG), and the person's details. */
export async function submitKyc(
  stack: Stack,
  token: string,
  person: { first: string; last: string } = { first: 'Ada', last: 'Lovelace' },
): Promise<void> {
  const front = await upload(stack, token, 'id-front.png', idCardPng());
  const selfie = await upload(stack, token, 'selfie.png', selfiePng());
  const answer = await api(stack, 'POST', '/api/account/create', {
    token,
    body: {
      first_name: person.first,
      last_name: person.last,
      date_of_birth: '1990-12-10',
      address: '12 St James Square',
      city: 'London',
      postal_code: 'SW1Y 4JH',
      country_code: 'GB',
      id_type: 'PASSPORT',
      id_number: 'P1234567',
      id_front_file_id: front,
      selfie_file_id: selfie,
    },
  });
  if (answer.status !== 200) throw new Error(`KYC: ${answer.body.message}`);
}

/** Presses the confirming button of the console's confirmation dialog, with a reason when it asks. */
export async function confirmDialog(page: Page, reason?: string): Promise<void> {
  const alert = page.locator('ion-alert.adm-alert');
  await alert.waitFor();
  if (reason !== undefined) await alert.locator('textarea').fill(reason);
  await alert.getByTestId('admin-confirm-ok').click();
  await alert.waitFor({ state: 'detached' });
}
