import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TStoredSession } from '@fit24/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../src/lib/money.ts';
import {
  api,
  DESKTOP,
  deposit,
  expectPage,
  newPhonePage,
  PHONE,
  plantSession,
  realSession,
  type Stack,
  shooter,
  shownPage,
  startStack,
  twoTraders,
} from './harness.ts';

const shot = shooter('stop-orders');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings (WCAG 2.1 A and AA), as the a11y tour checks them. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (...args: unknown[]) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
}

/**
 * Lets the screen settle before axe measures contrast against what is painted: the toasts dismissed and
 * gone (one fading out would count as the background), the pointer off the controls (a hovered button or
 * tab is tinted) and every finite animation or transition finished.
 */
async function settleForAxe(page: Page): Promise<void> {
  await page.locator('ion-toast').evaluateAll((toasts) => {
    for (const toast of toasts) (toast as HTMLElement & { dismiss(): void }).dismiss();
  });
  await expect.poll(() => page.locator('ion-toast').count(), { timeout: 10_000 }).toBe(0);
  await page.mouse.move(0, 0);
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

/** lib/theme.ts's storage key: what Settings writes and main.tsx reads before the first paint. */
const THEME_KEY = 'fit24.theme';

/**
 * Issue 17 §1 in the browser: a trader places a stop-limit, an OCO and a stop-market through the trade
 * form on a real server; two counterparties trade by the API; every change reaches the screen by the socket
 * (no reload), and the holds shown are the server's.
 */
describe('stop and OCO orders on the trade screen', () => {
  let stack: Stack;
  let seller: TStoredSession;
  let buyer: TStoredSession;
  let trader: TStoredSession;
  let marketId = 0;

  beforeAll(async () => {
    stack = await startStack();
    ({ seller, buyer, marketId } = await twoTraders(stack, { btc: '5', usdt: '100000' }));
    trader = await realSession(stack, { emailVerified: true });
    await deposit(stack, trader.user.email_id, 'USDT', '10000');
    await deposit(stack, trader.user.email_id, 'BTC', '1');
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A counterparty's limit order by the API (it must be accepted). */
  async function limit(who: TStoredSession, side: 'BUY' | 'SELL', price: string, amount: string) {
    const placed = await api(stack, 'POST', '/api/order/create', {
      token: who.token,
      body: { market_id: marketId, side, type: 'LIMIT', price, amount },
    });
    expect(placed.body.error, placed.body.message).toBe(false);
    return placed.body.data.order as { order_id: number; status: string };
  }

  /** A trade at `price` between the two counterparties: the market's last price. */
  async function tradeAt(price: string) {
    await limit(seller, 'SELL', price, '0.01');
    await limit(buyer, 'BUY', price, '0.01');
  }

  /** The trader's available balance of the market's base or quote, as the server has it. */
  async function available(asset: 'base' | 'quote'): Promise<string> {
    const answer = await api(stack, 'GET', `/api/market/user/balance?market_id=${marketId}`, {
      token: trader.token,
    });
    return answer.body.data[asset].available as string;
  }

  const input = (view: Locator, testId: string) => view.getByTestId(testId).locator('input');
  const fieldError = (view: Locator, testId: string) =>
    view.getByTestId(testId).locator('.error-text').textContent();

  async function openTrade(page: Page): Promise<Locator> {
    await page.goto(`/trade?market_id=${marketId}`);
    await expectPage(page, 'trade', '/trade');
    const view = shownPage(page, 'trade');
    await expect.poll(() => view.getByTestId('live-status').getAttribute('data-status')).toBe('open');
    return view;
  }

  async function scrollToOrders(view: Locator) {
    await view.locator('.trade__orders').scrollIntoViewIfNeeded();
    await view.page().waitForTimeout(300);
  }

  it('stop-limit fires on a crossing trade and fills; an OCO fill cancels its stop leg; a cancelled stop releases its hold', async () => {
    await tradeAt('30000');
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, trader);
    const view = await openTrade(page);
    await expect.poll(() => view.getByTestId('trade-last-price').textContent()).toBe('30,000.00');
    await expect.poll(() => view.getByTestId('trade-available').textContent()).toBe('10,000.00');

    // ── Stop-limit BUY: trigger 31,000, limit 31,500, 0.1 BTC ─────────────────────────────────────
    await view.getByTestId('trade-type-stop').click();
    await view.getByTestId('trade-type-stop-limit').click();
    await view.getByTestId('trade-type-explain').waitFor({ state: 'visible' });
    // A trigger at the last price would fire at once: refused before anything is sent.
    await input(view, 'trade-stop-price').fill('30000');
    await input(view, 'trade-price').fill('0');
    await input(view, 'trade-amount').fill('0.1');
    await view.getByTestId('trade-submit').click();
    await expect
      .poll(() => fieldError(view, 'trade-stop-price'))
      .toBe('Must be above the last price (30,000.00 USDT), or the stop fires at once');
    expect(await fieldError(view, 'trade-price')).toBe('Must be more than zero');
    expect(
      (await api(stack, 'GET', '/api/order/list?status=ALL', { token: trader.token })).body.data.total,
    ).toBe(0);

    await input(view, 'trade-stop-price').fill('31000');
    await input(view, 'trade-price').fill('31500');
    await expect
      .poll(() => view.getByTestId('trade-trigger-hint').textContent())
      .toBe('Last price 30,000.00 · fires when a trade is at or above 31,000.00');
    await expect.poll(() => view.getByTestId('trade-hold').textContent()).toBe('3,150.00 USDT');
    await shot(page, 'form-stop-limit-390');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'form-stop-limit-1280');
    await page.setViewportSize(PHONE);
    await view.getByTestId('trade-submit').click();
    await expect
      .poll(() => page.locator('ion-toast .toast-message').allTextContents())
      .toContain('Order placed (waiting for its trigger)');

    // Waiting, outside the book, its hold taken.
    const stopRow = view.getByTestId('open-order');
    await expect.poll(() => stopRow.count()).toBe(1);
    expect(await stopRow.getByTestId('order-stop-state').getAttribute('data-state')).toBe('waiting');
    expect(await stopRow.getByTestId('order-trigger').textContent()).toBe('Trigger ≥ 31,000.00');
    expect(await stopRow.textContent()).toContain('BUY STOP-LIMIT');
    expect(await stopRow.textContent()).toContain('0.1000 @ 31,500.00');
    expect(subtract(await available('quote'), '6850')).toBe('0');
    await expect.poll(() => view.getByTestId('trade-available').textContent()).toBe('6,850.00');
    await view.getByTestId('trade-pane-book').click();
    await view.getByTestId('orderbook').waitFor({ state: 'visible' });
    expect(await view.getByTestId('orderbook-bid').count()).toBe(0);

    // A counterparty trade at 31,000 crosses the trigger: the stop becomes a live bid at 31,500.
    await tradeAt('31000');
    await expect
      .poll(() => stopRow.getByTestId('order-stop-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('triggered');
    expect(await stopRow.textContent()).toContain('NEW');
    await view.getByTestId('trade-pane-book').click();
    await view.locator('[data-testid="orderbook-bid"][data-price="31500"]').waitFor({ state: 'visible' });

    // A seller meets it: filled, gone from the open orders, said in a toast, in history with its trigger.
    await limit(seller, 'SELL', '31500', '0.1');
    await expect.poll(() => view.getByTestId('open-order').count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => page.locator('ion-toast .toast-message').allTextContents())
      .toContain('Your buy order filled: 0.1 BTC at 31,500.00 USDT');
    await view.getByTestId('orders-tab-history').click();
    const firstPast = view.getByTestId('past-order').first();
    await expect.poll(() => firstPast.textContent()).toContain('FILLED');
    expect(await firstPast.textContent()).toContain('BUY STOP-LIMIT');
    expect(await firstPast.getByTestId('order-trigger').textContent()).toBe('Trigger ≥ 31,000.00');
    expect(await firstPast.getByTestId('order-stop-state').getAttribute('data-state')).toBe('triggered');
    await view.getByTestId('orders-tab-open').click();

    // ── OCO SELL: limit 33,000 above, stop 29,000 / 28,900 below, 0.05 BTC ─────────────────────────
    const btcBefore = await available('base');
    await view.getByTestId('trade-side-sell').click();
    await view.getByTestId('trade-type-oco').click();
    await input(view, 'trade-price').fill('28000');
    await input(view, 'trade-stop-price').fill('29000');
    await input(view, 'trade-stop-limit-price').fill('28900');
    await input(view, 'trade-amount').fill('0.05');
    await view.getByTestId('trade-submit').click();
    await expect
      .poll(() => fieldError(view, 'trade-price'))
      .toBe('For an OCO sell, the limit price must be above the trigger price');
    await input(view, 'trade-price').fill('33000');
    await expect
      .poll(() => view.getByTestId('trade-trigger-hint').textContent())
      .toBe('Last price 31,500.00 · fires when a trade is at or below 29,000.00');
    await expect.poll(() => view.getByTestId('trade-hold').textContent()).toBe('0.05 BTC');
    await shot(page, 'form-oco-390');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'form-oco-1280');
    await page.setViewportSize(PHONE);
    await view.getByTestId('trade-submit').click();
    await expect
      .poll(() => page.locator('ion-toast .toast-message').allTextContents())
      .toContain('OCO placed: the limit order and the stop-limit order, one cancels the other');
    const pair = view.getByTestId('open-oco');
    await expect.poll(() => pair.count()).toBe(1);
    const legs = pair.getByTestId('open-order');
    expect(await legs.count()).toBe(2);
    expect(await legs.nth(0).textContent()).toContain('SELL LIMIT');
    expect(await legs.nth(0).textContent()).toContain('33,000.00');
    expect(await legs.nth(1).textContent()).toContain('SELL STOP-LIMIT');
    expect(await legs.nth(1).getByTestId('order-trigger').textContent()).toBe('Trigger ≤ 29,000.00');
    expect(await legs.nth(1).getByTestId('order-stop-state').getAttribute('data-state')).toBe('waiting');
    expect(await pair.getByTestId('order-oco-badge').count()).toBe(2);
    expect(await pair.getByTestId('open-order-cancel').textContent()).toBe('Cancel both');

    // ── Stop-market SELL beside it: trigger 30,000, 0.2 BTC ────────────────────────────────────────
    await view.getByTestId('trade-type-stop').click();
    await view.getByTestId('trade-type-stop-market').click();
    await input(view, 'trade-stop-price').fill('30000');
    await input(view, 'trade-amount').fill('0.2');
    await expect.poll(() => view.getByTestId('trade-hold').textContent()).toBe('0.2 BTC');
    await view.getByTestId('trade-submit').click();
    await expect.poll(() => view.getByTestId('open-order').count()).toBe(3);
    // One hold for the OCO's two legs, one for the stop.
    expect(subtract(await available('base'), subtract(btcBefore, '0.25'))).toBe('0');

    // The form (a stop-market) and the open orders with stops pass axe.
    await settleForAxe(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The open orders with stops, both sizes, dark.
    await scrollToOrders(view);
    await shot(page, 'open-stops-390');
    await page.setViewportSize(DESKTOP);
    await scrollToOrders(view);
    await shot(page, 'open-stops-1280');
    await page.setViewportSize(PHONE);

    // A buyer takes the OCO's limit leg: it fills and its stop leg is cancelled, both shown so.
    await limit(buyer, 'BUY', '33000', '0.05');
    await expect.poll(() => view.getByTestId('open-oco').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => view.getByTestId('open-order').count()).toBe(1);
    await view.getByTestId('orders-tab-history').click();
    await expect.poll(() => view.getByTestId('order-oco-badge').count()).toBe(2);
    const ocoLegs = view.getByTestId('past-order').filter({ has: page.getByTestId('order-oco-badge') });
    const texts = await ocoLegs.allTextContents();
    expect(texts.find((x) => x.includes('SELL LIMIT'))).toContain('FILLED');
    expect(texts.find((x) => x.includes('SELL STOP-LIMIT'))).toContain('CANCELLED');
    await view.getByTestId('orders-tab-open').click();

    // Cancel the stop-market: its 0.2 BTC comes back to available.
    const withStop = await available('base');
    const stop = view.getByTestId('open-order');
    expect(await stop.textContent()).toContain('SELL STOP-MARKET');
    expect(await stop.getByTestId('order-trigger').textContent()).toBe('Trigger ≤ 30,000.00');
    await stop.getByTestId('open-order-cancel').click();
    await expect.poll(() => view.getByTestId('open-order').count()).toBe(0);
    const released = subtract(withStop, '-0.2');
    expect(subtract(await available('base'), released)).toBe('0');
    await view.getByTestId('trade-side-sell').click();
    await expect.poll(() => view.getByTestId('trade-available').textContent()).toBe(formatAmount(released));

    // One light screenshot: the OCO form.
    const saved = await api(stack, 'POST', '/api/settings', {
      token: trader.token,
      body: { theme: 'light' },
    });
    expect(saved.body.error, saved.body.message).toBe(false);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, 'light'] as const);
    const lightView = await openTrade(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await lightView.getByTestId('trade-side-buy').click();
    await lightView.getByTestId('trade-type-oco').click();
    await input(lightView, 'trade-price').fill('30000');
    await input(lightView, 'trade-stop-price').fill('34000');
    await input(lightView, 'trade-stop-limit-price').fill('34200');
    await input(lightView, 'trade-amount').fill('0.01');
    await expect.poll(() => lightView.getByTestId('trade-hold').textContent()).toBe('342.00 USDT');
    await lightView.getByTestId('trade-submit').scrollIntoViewIfNeeded();
    await shot(page, 'form-oco-light-390');

    // Placed and cancelled in one tap: both legs go, the whole hold comes back.
    const usdtBefore = await available('quote');
    await lightView.getByTestId('trade-submit').click();
    const lightPair = lightView.getByTestId('open-oco');
    await expect.poll(() => lightPair.count()).toBe(1);
    expect(subtract(await available('quote'), subtract(usdtBefore, '342'))).toBe('0');
    await scrollToOrders(lightView);
    await shot(page, 'open-oco-light-390');
    await lightPair.getByTestId('open-order-cancel').click();
    await expect
      .poll(() => page.locator('ion-toast .toast-message').allTextContents())
      .toContain('OCO cancelled: both orders');
    await expect.poll(() => lightView.getByTestId('open-order').count()).toBe(0);
    expect(subtract(await available('quote'), usdtBefore)).toBe('0');
    const cancelled = await api(stack, 'GET', '/api/order/list?status=CANCELLED', { token: trader.token });
    const ocoCancelled = (
      cancelled.body.data.orders as { oco_order_id: number | null; price: string }[]
    ).filter((o) => o.oco_order_id !== null);
    expect(ocoCancelled.length).toBe(3);
    await context.close();
  }, 180_000);
});

/** a − b on decimal strings, exactly (b may be negative to add). */
function subtract(a: string, b: string): string {
  const scale = 10n ** 18n;
  const units = (x: string) => {
    const negative = x.startsWith('-');
    const [whole = '0', fraction = ''] = x.replace('-', '').split('.');
    const value = BigInt(whole) * scale + BigInt(fraction.padEnd(18, '0').slice(0, 18) || '0');
    return negative ? -value : value;
  };
  const d = units(a) - units(b);
  const whole = d / scale;
  const fraction = (d % scale).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
