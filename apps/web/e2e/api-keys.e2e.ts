import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TStoredSession } from '@fit24/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedHeaders } from '../../../scripts/bot-example.ts';
import { codeAt } from '../../server/src/modules/security/totp.ts';
import { authenticator, wrongCode } from './authenticator.ts';
import {
  api,
  DESKTOP,
  deposit,
  expectPage,
  fill,
  marketIdOf,
  newPhonePage,
  newSizedPage,
  noToast,
  PHONE,
  plantSession,
  realSession,
  type Stack,
  shootBothSizes,
  shooter,
  shownPage,
  suiteStack,
  visibleText,
} from './harness.ts';

const shot = shooter('api-keys');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical findings (WCAG 2.1 A and AA) on the page as it is: the tour of every
 * screen sees this one empty, so the form, the secret and the list are checked here.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  })) as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
}

/** `<name>-390` and `<name>-1280`, each from the top of the page. */
async function shootFromTop(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await shownPage(page, 'api-keys')
      .locator('ion-content')
      .evaluate((content) => (content as unknown as { scrollToTop(): Promise<void> }).scrollToTop());
    await page.waitForTimeout(200);
    await shot(page, `${name}-${size}`);
  }
  await page.setViewportSize(PHONE);
}

interface Key {
  keyId: string;
  secret: string;
}

/** A call signed with a personal key exactly as the README's example bot signs it (no x-api-key, no bearer). */
async function signedCall(
  stack: Stack,
  key: Key,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
): Promise<{ status: number; body: any }> {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: signedHeaders(key, method, path, body),
    ...(body ? { body } : {}),
  });
  return { status: response.status, body: await response.json() };
}

/** Turns the authenticator app on through the API, as the security screen does. */
async function enableTotp(
  stack: Stack,
  session: TStoredSession,
): Promise<{ secret: string; nextCode: () => Promise<string> }> {
  const setup = await api(stack, 'POST', '/api/security/totp/setup', { token: session.token });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret = setup.body.data.secret as string;
  const now = stack.ctx.clock.nowSeconds();
  const enabled = await api(stack, 'POST', '/api/security/totp/enable', {
    token: session.token,
    body: { code: codeAt(secret, now) },
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return {
    secret,
    nextCode: authenticator(secret, () => stack.ctx.clock.nowSeconds(), Math.floor(now / 30)),
  };
}

async function openFromAccount(page: Page): Promise<void> {
  await page.goto('/tabs/account');
  await expectPage(page, 'tabs/account', '/tabs/account');
  await shownPage(page, 'tabs/account').getByTestId('account-link-apiKeys').click();
  await expectPage(page, 'api-keys', '/api-keys');
}

async function chooseExpiry(page: Page, text: string): Promise<void> {
  await shownPage(page, 'api-keys').getByTestId('api-keys-expiry').click();
  await page.locator('ion-popover ion-radio').filter({ hasText: text }).click();
  await page.locator('ion-popover').waitFor({ state: 'detached' });
}

/** The new key's id and secret as the page shows them, this once. */
async function shownSecret(page: Page): Promise<Key> {
  const view = shownPage(page, 'api-keys');
  await view.getByTestId('api-keys-secret').waitFor();
  return {
    keyId: ((await view.getByTestId('api-keys-secret-key').textContent()) ?? '').trim(),
    secret: ((await view.getByTestId('api-keys-secret-value').textContent()) ?? '').trim(),
  };
}

/**
 * Issue 17 §2 in the browser, against the real server: Account → API keys, a key made with its label,
 * permissions, allow-list and expiry (under the second factor when it is on), its secret shown once and
 * then never again, the key used by a program with real HMAC-signed requests, and revoked: refused (401).
 */
describe('personal API keys in the app', () => {
  const stack = suiteStack();

  it('creates a key, shows its secret once, signs requests with it, and revokes it', {
    timeout: 120_000,
  }, async () => {
    const alice = await realSession(stack, { emailVerified: true, name: 'Alice Reyes' });
    await deposit(stack, alice.user.email_id, 'USDT', '500');
    const market = await marketIdOf(stack, alice.token, 'BTC/USDT');
    const { context, page } = await newPhonePage(stack);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await plantSession(page, alice);
    await openFromAccount(page);
    const view = shownPage(page, 'api-keys');

    // Nothing yet: what keys are for, and the API documentation.
    await view.getByTestId('api-keys-empty').waitFor();
    expect(await view.getByTestId('api-keys-empty').textContent()).toContain('No API keys yet');
    expect(await view.getByTestId('api-keys-docs').getAttribute('href')).toBe('/api/docs');
    await shootBothSizes(page, shot, 'empty');

    // The screen's own checks, at the fields: a label, a permission, and each allow-list entry.
    await view.getByTestId('api-keys-new').click();
    await view.getByTestId('api-keys-scope-read').click();
    await view.getByTestId('api-keys-ips').locator('textarea').fill('127.0.0.1, 10.0.0.300\n10.1.0.0/33');
    await view.getByTestId('api-keys-submit').click();
    await expect
      .poll(() => view.getByTestId('api-keys-scopes-error').textContent())
      .toBe('Choose at least one permission.');
    expect(await view.getByTestId('api-keys-label').textContent()).toContain('Is required');
    expect(await view.getByTestId('api-keys-ips').textContent()).toContain(
      'Not IP addresses or CIDR ranges: 10.0.0.300, 10.1.0.0/33',
    );
    // Withdraw is never on by itself; ticking it shows what it allows.
    expect(await view.getByTestId('api-keys-withdraw-warning').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothSizes(page, shot, 'form-errors');

    await fill(page, 'api-keys-label', 'Grid bot');
    await view.getByTestId('api-keys-scope-read').click();
    await view.getByTestId('api-keys-scope-trade').click();
    await view.getByTestId('api-keys-ips').locator('textarea').fill('127.0.0.1\n10.0.0.0/8');
    await chooseExpiry(page, 'In 30 days');
    await view.getByTestId('api-keys-submit').click();

    // The secret, once, with its warning and copy buttons that copy exactly.
    const key = await shownSecret(page);
    expect(key.keyId).toMatch(/^fk_[0-9a-f]{24}$/);
    expect(key.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await view.getByTestId('api-keys-secret-warning').textContent()).toContain(
      'you won’t see it again',
    );
    await view.getByTestId('api-keys-secret-value-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key.secret);
    await view.getByTestId('api-keys-secret-key-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key.keyId);
    const example = (await view.getByTestId('api-keys-example').textContent()) ?? '';
    expect(example).toContain(`'FIT24-KEY': '${key.keyId}'`);
    expect(example).not.toContain(key.secret);
    await noToast(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shootFromTop(page, 'secret');

    // The list beside it: label, permissions, allow-list, expiry in 30 days, not used yet, active.
    const card = view.getByTestId(`api-key-${key.keyId}`);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('ACTIVE');
    expect(await view.getByTestId(`api-key-${key.keyId}-scopes`).textContent()).toBe('ReadTrade');
    expect(await view.getByTestId(`api-key-${key.keyId}-ips`).textContent()).toBe('127.0.0.110.0.0.0/8');
    expect(await view.getByTestId(`api-key-${key.keyId}-used`).textContent()).toBe('Not used yet');
    const listed = await api(stack, 'GET', '/api/api-keys', { token: alice.token });
    const stored = listed.body.data.api_keys[0];
    expect(stored.scopes).toEqual(['read', 'trade']);
    expect(stored.expires_at - stored.created_at).toBeGreaterThan(30 * 86_400 - 120);
    expect(stored.expires_at - stored.created_at).toBeLessThan(30 * 86_400 + 120);

    // A program with the key: reads balances and places, then cancels, an order, signed with the secret.
    const balances = await signedCall(stack, key, 'GET', '/api/asset/balances');
    expect(balances.status, JSON.stringify(balances.body)).toBe(200);
    expect(balances.body.data.balances.find((b: { symbol: string }) => b.symbol === 'USDT')?.available).toBe(
      '500',
    );
    const placed = await signedCall(stack, key, 'POST', '/api/order/create', {
      market_id: market,
      side: 'BUY',
      type: 'LIMIT',
      price: '100',
      amount: '0.5',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const cancelled = await signedCall(stack, key, 'POST', '/api/order/cancel', {
      order_id: placed.body.data.order.order_id,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    // Done: the secret is gone from the page; a reload does not bring it back; the key shows it was used.
    await view.getByTestId('api-keys-secret-done').click();
    await view.getByTestId('api-keys-secret').waitFor({ state: 'detached' });
    await page.reload();
    await expectPage(page, 'api-keys', '/api-keys');
    await shownPage(page, 'api-keys').getByTestId(`api-key-${key.keyId}`).waitFor();
    expect(await visibleText(page)).not.toContain(key.secret);
    expect(await page.content()).not.toContain(key.secret);
    const again = shownPage(page, 'api-keys');
    expect(await again.getByTestId('api-keys-secret').count()).toBe(0);
    expect(await again.getByTestId(`api-key-${key.keyId}-used`).textContent()).not.toBe('Not used yet');
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothSizes(page, shot, 'list');

    // Revoke: asked first (and kept when the person changes their mind), then refused at once.
    await again.getByTestId(`api-key-${key.keyId}-revoke`).click();
    await page.getByTestId('api-keys-revoke-cancel').click();
    await page.locator('ion-alert').waitFor({ state: 'detached' });
    expect((await signedCall(stack, key, 'GET', '/api/asset/balances')).status).toBe(200);
    await again.getByTestId(`api-key-${key.keyId}-revoke`).click();
    await expect.poll(() => visibleText(page)).toContain('stops working at once');
    await page.waitForTimeout(500);
    await shot(page, 'revoke-confirm-390');
    await page.getByTestId('api-keys-revoke-confirm').click();
    await expect
      .poll(() => again.getByTestId(`api-key-${key.keyId}`).getAttribute('data-status'))
      .toBe('REVOKED');
    expect(await again.getByTestId(`api-key-${key.keyId}-status`).textContent()).toBe('Revoked');
    expect(await again.getByTestId(`api-key-${key.keyId}-revoke`).count()).toBe(0);
    const refused = await signedCall(stack, key, 'GET', '/api/asset/balances');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This API key was revoked.');
    await noToast(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shootBothSizes(page, shot, 'revoked');
    await context.close();
  });

  it('asks for the second factor when 2FA is on, offers withdraw with its warning, in the light palette', {
    timeout: 120_000,
  }, async () => {
    const bob = await realSession(stack, { emailVerified: true, name: 'Bob Okafor' });
    const { secret, nextCode } = await enableTotp(stack, bob);
    await api(stack, 'POST', '/api/settings', { token: bob.token, body: { theme: 'light' } });
    const { context, page } = await newSizedPage(stack, DESKTOP);
    await plantSession(page, bob);
    await page.evaluate(() => localStorage.setItem('fit24.theme', 'light'));
    await page.goto('/api-keys');
    await expectPage(page, 'api-keys', '/api-keys');
    const view = shownPage(page, 'api-keys');
    await view.getByTestId('api-keys-empty').waitFor();
    await view.getByTestId('api-keys-new').click();
    await view.getByTestId('api-keys-2fa-box').waitFor();

    await fill(page, 'api-keys-label', 'Treasury sweeper');
    await view.getByTestId('api-keys-scope-withdraw').click();
    await view.getByTestId('api-keys-withdraw-warning').waitFor();
    expect(await view.getByTestId('api-keys-withdraw-warning').textContent()).toContain(
      'only to confirmed addresses of your address book',
    );
    await chooseExpiry(page, 'Never');
    await view.getByTestId('api-keys-never-hint').waitFor();

    // Without a code: asked for at the field. A wrong code: the server's refusal at the field, no key.
    await view.getByTestId('api-keys-submit').click();
    await expect
      .poll(() => view.getByTestId('api-keys-2fa-box').textContent())
      .toContain('Enter the 6-digit code from your authenticator app');
    await fill(page, 'api-keys-2fa-code', wrongCode(secret, stack.ctx.clock.nowSeconds()));
    await view.getByTestId('api-keys-submit').click();
    await expect.poll(() => view.getByTestId('api-keys-2fa-box').textContent()).toContain('not correct');
    expect((await api(stack, 'GET', '/api/api-keys', { token: bob.token })).body.data.api_keys).toEqual([]);
    await page.waitForTimeout(300);
    expect(await page.locator('ion-toast').count(), 'the refusal is shown at the field only').toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'form-2fa-light-1280');

    await fill(page, 'api-keys-2fa-code', await nextCode());
    await view.getByTestId('api-keys-submit').click();
    const key = await shownSecret(page);
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await shootFromTop(page, 'secret-light');

    const stored = (await api(stack, 'GET', '/api/api-keys', { token: bob.token })).body.data.api_keys;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ key_id: key.keyId, scopes: ['read', 'withdraw'], expires_at: null });
    expect(await view.getByTestId(`api-key-${key.keyId}-expires`).textContent()).toBe('Never');
    expect(await view.getByTestId(`api-key-${key.keyId}-scopes`).textContent()).toBe('ReadWithdraw');

    // The key works for a program (read), and not for what it was not given (trade): 403.
    expect((await signedCall(stack, key, 'GET', '/api/asset/balances')).status).toBe(200);
    const market = await marketIdOf(stack, bob.token, 'BTC/USDT');
    const trade = await signedCall(stack, key, 'POST', '/api/order/create', {
      market_id: market,
      side: 'BUY',
      type: 'LIMIT',
      price: '100',
      amount: '0.5',
    });
    expect(trade.status).toBe(403);
    await context.close();
  });
  it('speaks Spanish on the phone: the form, its checks and the withdraw warning', async () => {
    const carla = await realSession(stack, { emailVerified: true, name: 'Carla Núñez' });
    await api(stack, 'POST', '/api/settings', { token: carla.token, body: { language: 'es' } });
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, carla);
    await page.evaluate(() => localStorage.setItem('fit24.language', 'es'));
    await page.goto('/api-keys');
    await expectPage(page, 'api-keys', '/api-keys');
    const view = shownPage(page, 'api-keys');
    await view.getByTestId('api-keys-empty').waitFor();
    expect(await view.getByTestId('api-keys-empty').textContent()).toContain('Aún no tienes claves API');
    await view.getByTestId('api-keys-new').click();
    await view.getByTestId('api-keys-ips').locator('textarea').fill('192.168.1.256');
    await view.getByTestId('api-keys-scope-withdraw').click();
    await view.getByTestId('api-keys-submit').click();
    await expect
      .poll(() => view.getByTestId('api-keys-ips').textContent())
      .toContain('No es una dirección IP ni un rango CIDR: 192.168.1.256');
    expect(await view.getByTestId('api-keys-withdraw-warning').textContent()).toContain(
      'solo a direcciones confirmadas de tu libreta',
    );
    expect(await view.getByTestId('api-keys-label').textContent()).toContain('Es obligatorio');
    await page.waitForTimeout(300);
    await shot(page, 'form-es-390');
    await context.close();
  });
});
