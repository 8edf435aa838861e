import type { TStoredSession } from '@fit24/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectPage,
  newPhonePage,
  ops as opsCall,
  plantSession,
  realSession,
  type Stack,
  setTxnPassword as setPassword,
  shooter,
  startStack,
  verifyIdentity,
} from './harness.ts';

const TXN_PASSWORD = 'Vault-Door-2468';
const shot = shooter('funds');
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const shown = (page: Page, name: string) =>
  page.locator(`[data-page="${name}"]:not(.ion-page-hidden)`).first();

/** The wallet and funds screens as a person sees them, with money on a real server. */
describe('funds screens', () => {
  let stack: Stack;
  let alice: TStoredSession;
  let bob: TStoredSession;

  /** The API as the app calls it; answers the envelope. */
  async function apiCall(
    session: TStoredSession,
    path: string,
    init: { method?: 'GET' | 'POST'; body?: string } = {},
  ) {
    const answer = await api(stack, init.method ?? 'GET', path, {
      token: session.token,
      ...(init.body !== undefined ? { body: JSON.parse(init.body) } : {}),
    });
    return answer.body as { error: boolean; data: Record<string, unknown>; message?: string };
  }

  const ops = (path: string, body: unknown) => opsCall(stack, 'POST', `/ops/${path}`, body);
  const setTxnPassword = (session: TStoredSession) => setPassword(stack, session, TXN_PASSWORD);

  beforeAll(async () => {
    stack = await startStack();
    alice = await realSession(stack, { emailVerified: true });
    bob = await realSession(stack, { emailVerified: true });
    await setTxnPassword(alice);
    // Her withdrawals are worth more than the unverified 24-hour limit.
    await verifyIdentity(stack, alice.user.email_id);
    for (const [symbol, amount] of [
      ['BTC', '1.5'],
      ['USDT', '2500'],
      ['FIT24', '320.25'],
    ] as const) {
      await ops('devnet/deposit', { email_id: alice.user.email_id, symbol, amount });
    }
    await ops('notices', {
      symbol: 'BTC',
      type: 'deposit',
      title: 'Bitcoin network upgrade',
      body: 'Deposits may take a little longer than usual on 12 March.',
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows the portfolio on the wallet tab and one asset with its history', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await page.goto('/tabs/wallet');
    await expectPage(page, 'tabs/wallet', '/tabs/wallet');
    await expect.poll(() => page.getByTestId('asset-total-BTC').textContent()).toBe('1.50');
    await expect.poll(() => page.getByTestId('asset-total-USDT').textContent()).toBe('2,500.00');
    await expect.poll(() => page.getByTestId('wallet-total-usd').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    await shot(page, 'wallet-390');
    await expect.poll(() => page.getByTestId('unread-badge-home').textContent()).toMatch(/^[1-9]\d*$/);

    await page.getByTestId('asset-row-BTC').click();
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    const view = shown(page, 'funds/asset-balance');
    await expect.poll(() => view.getByTestId('asset-available').textContent()).toBe('1.50');
    await expect.poll(() => view.getByTestId('asset-tx').count()).toBe(1);
    expect(await view.getByTestId('asset-tx-amount').first().textContent()).toBe('+1.50 BTC');
    await page.waitForTimeout(300);
    await shot(page, 'asset-btc-390');
    await context.close();
  });

  it('shows an empty history, and loads a long one page by page as it scrolls', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await page.goto('/funds/asset-balance?asset_id=2');
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    await expect
      .poll(() => page.getByTestId('asset-tx-empty').textContent())
      .toContain('No transactions yet');
    await shot(page, 'asset-eth-empty-390');

    for (let i = 1; i <= 21; i += 1) {
      await ops('devnet/deposit', { email_id: alice.user.email_id, symbol: 'FIT24', amount: `${i}` });
    }
    await page.goto('/funds/asset-balance?asset_id=4');
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    const lines = shown(page, 'funds/asset-balance').getByTestId('asset-tx');
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(20);
    // A user who reaches the end keeps scrolling until the next page shows; so does the test.
    await expect
      .poll(
        async () => {
          await lines.last().scrollIntoViewIfNeeded();
          await page.mouse.wheel(0, 2000);
          return lines.count();
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(22);
    await context.close();
  });

  it('shows a deposit address with its QR code and copies it', async () => {
    const { context, page } = await newPhonePage(stack);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await plantSession(page, alice);
    await page.goto('/funds/deposit');
    await expectPage(page, 'funds/deposit', '/funds/deposit');
    await expect.poll(() => shown(page, 'funds/deposit').getByTestId('asset-row-BTC').isVisible()).toBe(true);
    await shot(page, 'deposit-chooser-390');
    await shown(page, 'funds/deposit').getByTestId('asset-row-BTC').click();
    const address = page.getByTestId('deposit-address');
    await expect.poll(() => address.textContent()).toMatch(/^bcrt1/);
    expect(await page.getByTestId('deposit-qr').locator('svg').count()).toBe(1);
    await expect.poll(() => page.getByTestId('deposit-notice').textContent()).toContain('network upgrade');
    await page.getByTestId('deposit-copy').click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(await address.textContent());
    await expect.poll(() => page.getByTestId('toast-info').isVisible()).toBe(true);
    // The toast sits below the page's header, never over its title and back button.
    const header = await shown(page, 'funds/deposit').locator('ion-header').boundingBox();
    await expect
      .poll(async () => (await page.getByTestId('toast-info').locator('.toast-wrapper').boundingBox())?.y)
      .toBeGreaterThanOrEqual(header!.y + header!.height);
    await shot(page, 'deposit-390');

    await page.getByTestId('deposit-asset').click();
    await page.getByTestId('deposit-asset-list').getByTestId('asset-row-USDT').click();
    await expect.poll(() => page.url()).toContain('asset_id=3');
    await expect.poll(() => address.textContent()).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await page.getByTestId('deposit-network').textContent()).toBe('Ethereum');
    await context.close();
  });

  it('withdraws with a fee preview, a review and the transaction password', async () => {
    const bobWallet = await apiCall(bob, '/api/asset/wallet?asset_id=1');
    const bobAddress = (bobWallet.data.wallet as { address: string }).address;
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await page.goto('/funds/withdraw?asset_id=1');
    await expectPage(page, 'funds/withdraw', '/funds/withdraw');
    await input(page, 'withdraw-address').fill(bobAddress);
    await page.getByTestId('withdraw-max').click();
    await expect.poll(() => input(page, 'withdraw-amount').inputValue()).toBe('1.4998');
    await expect.poll(() => page.getByTestId('withdraw-total').textContent()).toBe('1.50 BTC');
    // Below the minimum: the reason shows under the field at once and the review stays off.
    await input(page, 'withdraw-amount').fill('0.0001');
    await expect
      .poll(() => page.getByTestId('withdraw-amount').textContent())
      .toContain('minimum withdrawal');
    // The amount typed and the review button's state read together, so a failure says which of them was off.
    await expect
      .poll(
        async () =>
          `${await input(page, 'withdraw-amount').inputValue()} review ${
            (await page
              .getByTestId('withdraw-review')
              .evaluate((button) => (button as HTMLButtonElement).disabled))
              ? 'off'
              : 'on'
          }`,
      )
      .toBe('0.0001 review off');
    await input(page, 'withdraw-amount').fill('0.25');
    await expect.poll(() => page.getByTestId('withdraw-receive').textContent()).toBe('0.25 BTC');
    await expect.poll(() => page.getByTestId('withdraw-total').textContent()).toBe('0.2502 BTC');
    await shot(page, 'withdraw-form-390');

    await page.getByTestId('withdraw-review').click();
    await input(page, 'withdraw-txn-password').fill('not-the-password');
    await page.getByTestId('withdraw-confirm').click();
    await expect
      .poll(() => page.getByTestId('toast-error').locator('.toast-message').textContent())
      .toContain('not correct');
    await shot(page, 'withdraw-review-390');
    await input(page, 'withdraw-txn-password').fill(TXN_PASSWORD);
    await page.getByTestId('withdraw-confirm').click();
    const result = page.getByTestId('withdraw-result');
    await expect.poll(() => result.getAttribute('data-status')).toBe('PENDING');
    expect(await page.getByTestId('withdraw-result-amount').textContent()).toBe('0.25 BTC');
    await page.waitForTimeout(400);
    await shot(page, 'withdraw-result-390');

    await page.getByTestId('withdraw-result-asset').click();
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    const view = shown(page, 'funds/asset-balance');
    await expect.poll(() => view.getByTestId('asset-on-hold').textContent()).toBe('0.2502');
    const pending = view.locator('[data-testid="asset-tx"][data-type="WITHDRAWAL"]');
    await expect.poll(() => pending.getAttribute('data-status')).toBe('PENDING');
    expect(await pending.getByTestId('asset-tx-amount').textContent()).toBe('−0.25 BTC');
    await page.waitForTimeout(300);
    await shot(page, 'asset-btc-pending-390');
    await context.close();
  });

  it('transfers to another user and shows it in the sender history', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await page.goto('/funds/transfer?asset_id=3');
    await expectPage(page, 'funds/transfer', '/funds/transfer');
    await input(page, 'transfer-email').fill(bob.user.email_id);
    await input(page, 'transfer-amount').fill('120.5');
    await input(page, 'transfer-note').fill('Dinner on Friday');
    await page.getByTestId('transfer-recipient-name').waitFor({ state: 'visible' });
    await shot(page, 'transfer-form-390');
    await page.getByTestId('transfer-review').click();
    await input(page, 'transfer-txn-password').fill(TXN_PASSWORD);
    await page.waitForTimeout(400);
    await shot(page, 'transfer-review-390');
    await page.getByTestId('transfer-confirm').click();
    await expect.poll(() => page.getByTestId('transfer-result-amount').textContent()).toBe('120.50 USDT');
    await page.waitForTimeout(400);
    await shot(page, 'transfer-result-390');
    await page.getByTestId('transfer-result-asset').click();
    await page.goBack();
    await expectPage(page, 'funds/transfer', '/funds/transfer');
    await page.goForward();
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    const view = shown(page, 'funds/asset-balance');
    await expect.poll(() => view.getByTestId('asset-available').textContent()).toBe('2,379.50');
    await expect.poll(() => view.getByTestId('asset-tx-amount').first().textContent()).toBe('−120.50 USDT');
    await page.waitForTimeout(300);
    await shot(page, 'asset-usdt-390');
    await context.close();
  });

  it('lists notifications, marks one and then all read, and clears the badge', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, alice);
    await page.goto('/notifications');
    await expectPage(page, 'notifications', '/notifications');
    const items = page.getByTestId('notification-item');
    await expect.poll(() => items.count()).toBeGreaterThan(3);
    const unreadBefore = await page.locator('[data-testid="notification-item"][data-unread="1"]').count();
    expect(unreadBefore).toBeGreaterThan(2);
    await shot(page, 'notifications-390');
    // A notification opens what it is about (the newest: a transaction's page), read by then.
    await items.first().click();
    await page.waitForURL((url) => url.pathname !== '/notifications');
    await page.goBack();
    await expectPage(page, 'notifications', '/notifications');
    await expect.poll(() => items.first().getAttribute('data-unread')).toBe('0');
    await page.getByTestId('notifications-read-all').click();
    await expect.poll(() => page.locator('[data-unread="1"]').count()).toBe(0);
    await page.goto('/tabs/home');
    await expectPage(page, 'tabs/home', '/tabs/home');
    await page.waitForTimeout(800);
    expect(await page.getByTestId('unread-badge-home').count()).toBe(0);
    await context.close();
  });

  it('asks a visitor to sign in, a user without a transaction password to set one, and says when an asset is unknown', async () => {
    const { context, page } = await newPhonePage(stack);
    await page.goto('/funds/withdraw?asset_id=1');
    await expectPage(page, 'funds/withdraw', '/funds/withdraw');
    await expect.poll(() => page.getByTestId('funds-sign-in').isVisible()).toBe(true);
    await plantSession(page, bob);
    await page.goto('/funds/withdraw?asset_id=1');
    await expectPage(page, 'funds/withdraw', '/funds/withdraw');
    await expect.poll(() => page.getByTestId('withdraw-need-txn-password').isVisible()).toBe(true);
    await shot(page, 'withdraw-no-txn-390');
    await page.goto('/funds/transfer?asset_id=99');
    await expectPage(page, 'funds/transfer', '/funds/transfer');
    await expect.poll(() => page.getByTestId('funds-unknown-asset').isVisible()).toBe(true);
    await context.close();
  });

  it('lays out on a desktop browser', async () => {
    const context = await stack.browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: stack.baseUrl,
    });
    const page = await context.newPage();
    await plantSession(page, alice);
    await page.goto('/tabs/wallet');
    await expectPage(page, 'tabs/wallet', '/tabs/wallet');
    await expect.poll(() => page.getByTestId('asset-total-BTC').textContent()).toBe('1.50');
    await shot(page, 'wallet-desktop');
    await page.goto('/funds/withdraw?asset_id=1');
    await expectPage(page, 'funds/withdraw', '/funds/withdraw');
    await input(page, 'withdraw-address').fill('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080');
    await input(page, 'withdraw-amount').fill('0.1');
    await page.getByTestId('withdraw-review').click();
    await page.waitForTimeout(500);
    await shot(page, 'withdraw-review-desktop');
    await context.close();
  });
});
