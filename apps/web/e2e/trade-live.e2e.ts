import type { TStoredSession } from '@fit24/contract';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../src/lib/money.ts';
import {
  api,
  expectPage,
  newPhonePage,
  plantSession,
  type Stack,
  shooter,
  shownPage,
  startStack,
  twoTraders,
} from './harness.ts';

const shot = shooter('trade-live');

/** The REST calls that would carry book, trades, orders, balances or prices if the app still polled. */
const LIVE_DATA_CALLS = [
  '/api/market/orderbook',
  '/api/market/history',
  '/api/market/chart',
  '/api/market/user/balance',
  '/api/asset/balances',
  '/api/order/list',
  '/api/market',
  '/api/market/list',
];

/** Scrolls the page's ion-content to one end, for a screenshot of the header or of the orders. */
async function scrollTo(view: Locator, end: 'top' | 'bottom'): Promise<void> {
  type Content = Element & {
    scrollToTop(ms: number): Promise<void>;
    scrollToBottom(ms: number): Promise<void>;
  };
  await view
    .locator('ion-content')
    .evaluate(
      (content, to) =>
        to === 'top'
          ? (content as unknown as Content).scrollToTop(0)
          : (content as unknown as Content).scrollToBottom(0),
      end,
    );
  await view.page().waitForTimeout(400);
}

/** A signed-in user on the trade screen, counting the data calls the page makes. */
async function openTrade(stack: Stack, session: TStoredSession, marketId: number) {
  const { context, page } = await newPhonePage(stack);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (LIVE_DATA_CALLS.includes(pathname)) calls.push(pathname);
  });
  await plantSession(page, session);
  await page.goto(`/trade?market_id=${marketId}`);
  await expectPage(page, 'trade', '/trade');
  const view = shownPage(page, 'trade');
  // A phone shows one of Chart · Book · Depth · Trades at a time, each drawn when first chosen: this test
  // has the trades drawn (they must follow the socket while hidden) and watches the book.
  await view.getByTestId('trade-pane-trades').click();
  await view
    .locator('.trade__trades .book__none, .trade__trades .book')
    .first()
    .waitFor({ state: 'visible' });
  await view.getByTestId('trade-pane-book').click();
  await view.getByTestId('orderbook').waitFor({ state: 'visible' });
  await expect.poll(() => view.getByTestId('live-status').getAttribute('data-status')).toBe('open');
  return { context, page, view, calls };
}

/** Two people on the same market in two browsers: what one does, the other sees at once, by the socket. */
describe('trade screen live over the socket', () => {
  let stack: Stack;
  let seller: TStoredSession;
  let buyer: TStoredSession;
  let marketId = 0;

  beforeAll(async () => {
    stack = await startStack();
    ({ seller, buyer, marketId } = await twoTraders(stack, { btc: '1', usdt: '10000' }));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("shows A's sell in B's book, and B's buy filling it on both screens, without a reload or a poll", async () => {
    const a = await openTrade(stack, seller, marketId);
    const b = await openTrade(stack, buyer, marketId);
    await expect.poll(() => b.view.getByTestId('trade-available').textContent()).toBe('10,000.00');
    // The chart (behind the Book tab on a phone) has no candle yet.
    await a.view
      .getByTestId('price-chart')
      .getByText('No trades in this period yet.')
      .waitFor({ state: 'attached' });

    // A sells 0.25 BTC at 30,000 through the form.
    await a.view.getByTestId('trade-side-sell').click();
    await expect.poll(() => a.view.getByTestId('trade-available').textContent()).toBe('1.00');
    await a.view.getByTestId('trade-price').locator('input').fill('30000');
    await a.view.getByTestId('trade-amount').locator('input').fill('0.25');
    await a.view.getByTestId('trade-submit').click();
    await expect.poll(() => a.view.getByTestId('open-order').count()).toBe(1);

    // B's book shows it, with no call to the book's REST endpoint.
    const bCallsBefore = b.calls.length;
    const ask = b.view.locator('[data-testid="orderbook-ask"][data-price="30000"]');
    await ask.waitFor({ state: 'visible', timeout: 5_000 });
    expect(await ask.textContent()).toContain('0.25');
    expect(b.calls.slice(bCallsBefore)).toEqual([]);
    await shot(b.page, 'b-sees-ask-390');

    // From here A's screen must change by the socket alone: A's own order's refetches are done.
    await expect.poll(() => a.view.getByTestId('trade-available').textContent()).toBe('0.75');
    await a.page.waitForTimeout(500);
    const aCallsBefore = a.calls.length;

    // B taps the ask (the price fills in) and buys all of it.
    await ask.click();
    await expect.poll(() => b.view.getByTestId('trade-price').locator('input').inputValue()).toBe('30000');
    await b.view.getByTestId('trade-amount').locator('input').fill('0.25');
    await b.view.getByTestId('trade-submit').click();
    const started = Date.now();

    // Both see the fill: the ask gone, the trade in recent trades, the last price; A's order closed.
    for (const side of [a, b]) {
      await expect.poll(() => side.view.getByTestId('orderbook-ask').count(), { timeout: 5_000 }).toBe(0);
      await side.view.getByTestId('trade-pane-trades').click();
      await expect.poll(() => side.view.getByTestId('recent-trade').count(), { timeout: 5_000 }).toBe(1);
      expect(await side.view.getByTestId('recent-trade').first().textContent()).toContain('30,000.00');
      await expect
        .poll(() => side.view.getByTestId('trade-last-price').textContent(), { timeout: 5_000 })
        .toBe('30,000.00');
    }
    await expect.poll(() => a.view.getByTestId('open-order').count(), { timeout: 5_000 }).toBe(0);
    await a.view.getByTestId('orders-empty').waitFor({ state: 'visible' });
    await expect
      .poll(() => a.page.locator('ion-toast .toast-message').allTextContents())
      .toContain('Your sell order filled: 0.25 BTC at 30,000.00 USDT');
    // The trade, on the Trades tab, and the depth chart without the ask.
    await a.view.getByTestId('trade-pane-trades').click();
    await a.view.getByTestId('recent-trade').first().waitFor({ state: 'visible' });
    await a.view.getByTestId('trade-pane-depth').click();
    await a.view.getByTestId('depth-empty').waitFor({ state: 'visible' });
    // The chart's candle arrived too.
    await expect
      .poll(() => a.view.getByTestId('price-chart').getByText('No trades in this period yet.').count())
      .toBe(0);

    // A's USDT: the proceeds less the maker fee, exactly as the server's books have it.
    const truth = await api(stack, 'GET', `/api/market/user/balance?market_id=${marketId}`, {
      token: seller.token,
    });
    const proceeds = truth.body.data.quote.available as string;
    expect(proceeds).toMatch(/^74\d\d(\.\d+)?$/);
    await a.view.getByTestId('trade-side-buy').click();
    await expect.poll(() => a.view.getByTestId('trade-available').textContent()).toBe(formatAmount(proceeds));
    expect(Date.now() - started).toBeLessThan(10_000);
    // Everything A saw change came over the socket: not one data call since B's buy.
    expect(a.calls.slice(aCallsBefore)).toEqual([]);

    // History shows A's order filled.
    await a.view.getByTestId('orders-tab-history').click();
    await expect.poll(() => a.view.getByTestId('past-order').first().textContent()).toContain('FILLED');
    expect(await a.view.getByTestId('past-order-avg').first().textContent()).toBe('30,000.00');
    expect(await a.view.getByTestId('past-order-units').first().textContent()).toBe('0.2500 / 0.2500');

    for (const [who, side] of [
      ['a', a],
      ['b', b],
    ] as const) {
      for (const [size, viewport] of [
        ['390', { width: 390, height: 844 }],
        ['1280', { width: 1280, height: 800 }],
      ] as const) {
        await side.page.setViewportSize(viewport);
        await side.view.getByTestId('trade-pane-chart').click();
        await scrollTo(side.view, 'top');
        await shot(side.page, `${who}-filled-${size}-top`);
        await scrollTo(side.view, 'bottom');
        await shot(side.page, `${who}-filled-${size}-bottom`);
      }
    }
    await a.context.close();
    await b.context.close();
  }, 120_000);
});
