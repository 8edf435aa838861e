import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { startPushService } from '../../server/src/testing/push-service.ts';
import { signedUpUser, signInThroughPage, signOut } from './accounts.ts';
import {
  api,
  deposit,
  expectPage,
  marketIdOf,
  newPhonePage,
  noToast,
  shootBothSizes,
  shooter,
  suiteStack,
} from './harness.ts';

const shot = shooter('settings');
const eventually = (check: () => Promise<void> | void) =>
  vi.waitFor(check, { timeout: 15_000, interval: 100 });

describe('settings', () => {
  const stack = suiteStack();

  async function openSettings(page: Page): Promise<void> {
    await page.goto('/settings');
    await expectPage(page, 'settings', '/settings');
    await page.getByTestId('settings-notify-order_filled-email').waitFor({ state: 'visible' });
  }
  const savedSettings = async (token: string) =>
    (await api(stack, 'GET', '/api/settings', { token })).body.data.settings;
  const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
  const toggle = (page: Page, event: string, channel: 'email' | 'push') =>
    page.getByTestId(`settings-notify-${event}-${channel}`);
  const isOn = (page: Page, event: string, channel: 'email' | 'push') =>
    toggle(page, event, channel).evaluate((el) => (el as unknown as { checked: boolean }).checked);

  it('keeps the theme and the notification choices on the account: after a reload and on another device', async () => {
    const user = await signedUpUser(stack);
    const { context, page } = await newPhonePage(stack);
    await signInThroughPage(page, user.email);
    await openSettings(page);
    expect(await theme(page)).toBe('dark');
    expect(await isOn(page, 'order_filled', 'email')).toBe(false);
    expect(await isOn(page, 'new_device_signin', 'email')).toBe(true);
    await shootBothSizes(page, shot, 'dark');

    await page.getByTestId('settings-theme-light').click();
    expect(await theme(page)).toBe('light');
    await toggle(page, 'order_filled', 'email').click();
    await toggle(page, 'reward', 'push').click();
    await eventually(async () => {
      const saved = await savedSettings(user.token);
      expect(saved.theme).toBe('light');
      expect(saved.notifications.order_filled).toEqual({ email: 1, push: 1 });
      expect(saved.notifications.reward).toEqual({ email: 0, push: 0 });
    });

    await page.reload();
    await openSettings(page);
    expect(await theme(page)).toBe('light');
    expect(await page.getByTestId('settings-theme-light').locator('input').isChecked()).toBe(true);
    expect(await isOn(page, 'order_filled', 'email')).toBe(true);
    expect(await isOn(page, 'reward', 'push')).toBe(false);
    await shootBothSizes(page, shot, 'light');
    await context.close();

    // Another device, nothing stored on it: signing in brings the account's theme and choices.
    const other = await newPhonePage(stack);
    await signInThroughPage(other.page, user.email);
    await eventually(async () => expect(await theme(other.page)).toBe('light'));
    await openSettings(other.page);
    expect(await isOn(other.page, 'order_filled', 'email')).toBe(true);
    expect(await isOn(other.page, 'reward', 'push')).toBe(false);
    await other.context.close();
  });

  /**
   * Headless Chromium has no push service to reach offline, so the page's PushManager hands out a
   * subscription on a push service of the test's own (which decrypts what it receives, as a browser
   * would); the app, the server, the VAPID signature and the encryption are all the real ones.
   */
  async function browserWithTestPushService(
    context: BrowserContext,
    subscription: {
      endpoint: string;
      keys: { p256dh: string; auth: string };
    },
  ): Promise<void> {
    await context.grantPermissions(['notifications']);
    await context.addInitScript((sub) => {
      // Kept in localStorage, as a browser keeps its subscription across page loads.
      const STORE = 'e2e.push-subscription-key';
      const make = (key: number[]) => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(STORE);
          return true;
        },
      });
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = Array.from(options?.applicationServerKey as Uint8Array);
        localStorage.setItem(STORE, JSON.stringify(key));
        return make(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const saved = localStorage.getItem(STORE);
        return saved ? (make(JSON.parse(saved) as number[]) as unknown as PushSubscription) : null;
      };
    }, subscription);
  }

  it('turns push on for this device, a fill arrives as a push, and turns it off', async () => {
    const service = await startPushService(stack.ctx.config.vapid.publicKey);
    try {
      const browser = service.browser();
      const seller = await signedUpUser(stack);
      const buyer = await signedUpUser(stack);
      await deposit(stack, seller.email, 'BTC', '1');
      await deposit(stack, buyer.email, 'USDT', '10000');
      const subscriptionRows = () =>
        stack.ctx.db
          .selectFrom('push_subscriptions')
          .selectAll()
          .where('endpoint', '=', browser.subscription.endpoint)
          .execute();
      const { context, page } = await newPhonePage(stack);
      await browserWithTestPushService(context, browser.subscription);
      await signInThroughPage(page, seller.email);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await openSettings(page);
      const status = page.getByTestId('settings-push-status');
      await eventually(async () => expect(await status.textContent()).toContain('Off'));
      await page.getByTestId('settings-push-on').click();
      await eventually(async () => expect(await status.textContent()).toContain('On'));
      // The "Push is on" toast has said its word: the screenshot shows the card, not a toast mid-fade.
      await noToast(page);
      await shootBothSizes(page, shot, 'push-on');

      const marketId = await marketIdOf(stack, seller.token, 'BTC/USDT');
      const order = { market_id: marketId, type: 'LIMIT', price: '50000', amount: '0.02' };
      await api(stack, 'POST', '/api/order/create', {
        token: seller.token,
        body: { ...order, side: 'SELL' },
      });
      await api(stack, 'POST', '/api/order/create', { token: buyer.token, body: { ...order, side: 'BUY' } });
      await eventually(() => expect(service.received).toHaveLength(1));
      expect(service.refused).toEqual([]);
      expect(service.received[0]!.payload).toMatchObject({
        title: 'Order filled',
        url: `/trade?market_id=${marketId}`,
      });

      await page.getByTestId('settings-push-off').click();
      await eventually(async () => expect(await status.textContent()).toContain('Off'));
      expect(await subscriptionRows()).toEqual([]);

      // On again, then signing out: the device stops receiving this account's pushes.
      await page.getByTestId('settings-push-on').click();
      await eventually(async () => expect(await subscriptionRows()).toHaveLength(1));
      await signOut(page);
      expect(await subscriptionRows()).toEqual([]);
      await context.close();
    } finally {
      await service.close();
    }
  });
});
