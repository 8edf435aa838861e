import type { TStoredSession } from '@fit24/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectChartDrawn,
  expectPage,
  newPhonePage,
  plantSession,
  type Stack,
  shooter,
  shownPage as shown,
  startStack,
  twoTraders,
} from './harness.ts';

const shot = shooter('markets');

/** The markets tab and the trade screen with real orders crossing on a real server. */
describe('markets screens', () => {
  let stack: Stack;
  let buyer: TStoredSession;
  let seller: TStoredSession;
  let btcMarketId = 0;

  beforeAll(async () => {
    stack = await startStack();
    ({ seller, buyer, marketId: btcMarketId } = await twoTraders(stack, { btc: '2', usdt: '10000' }));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists markets live, searches and stars one', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    await page.goto('/tabs/markets');
    await expectPage(page, 'tabs/markets', '/tabs/markets');
    const view = shown(page, 'tabs/markets');
    await view.getByTestId('market-row-BTC').waitFor({ state: 'visible' });
    const star = view.getByTestId('market-star-BTC');
    expect(await star.getAttribute('data-on')).toBe('0');
    await star.click();
    await expect.poll(() => star.getAttribute('data-on')).toBe('1');
    await view.getByTestId('markets-search').locator('input').fill('zzzz');
    await view.getByTestId('markets-empty').waitFor({ state: 'visible' });
    await view.getByTestId('markets-search').locator('input').fill('');
    await view.getByTestId('market-row-BTC').waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    await shot(page, 'list-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(300);
    await shot(page, 'list-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await view.getByTestId('market-row-BTC').click();
    await expectPage(page, 'trade', '/trade');
    expect(page.url()).toContain(`market_id=${btcMarketId}`);
    await context.close();
  });

  it('crosses a sell (through the API) with a buy placed in the UI, and shows the trade', async () => {
    const sell = await api(stack, 'POST', '/api/order/create', {
      token: seller.token,
      body: { market_id: btcMarketId, side: 'SELL', type: 'LIMIT', price: '30000', amount: '0.1' },
    });
    expect(sell.body.error, sell.body.message).toBe(false);
    const sell2 = await api(stack, 'POST', '/api/order/create', {
      token: seller.token,
      body: { market_id: btcMarketId, side: 'SELL', type: 'LIMIT', price: '31000', amount: '0.3' },
    });
    expect(sell2.body.error, sell2.body.message).toBe(false);

    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    await page.goto(`/trade?market_id=${btcMarketId}`);
    await expectPage(page, 'trade', '/trade');
    const view = shown(page, 'trade');
    await expect.poll(() => view.getByTestId('trade-available').textContent()).toBe('10,000.00');
    // On a phone the form starts on the first screen, below the Chart · Book · Depth · Trades tabs.
    await expect.poll(async () => (await view.getByTestId('order-form').boundingBox())?.y).toBeLessThan(844);
    // A phone draws only the pane it shows: the book and trades are drawn when first chosen.
    await view.getByTestId('price-chart').waitFor({ state: 'visible' });
    for (const pane of ['.trade__book', '.trade__trades', '.trade__depth']) {
      expect(await view.locator(`${pane} .book, ${pane} .book__none, ${pane} .depth`).count(), pane).toBe(0);
    }
    await view.getByTestId('trade-pane-book').click();
    await view.getByTestId('orderbook').waitFor({ state: 'visible' });
    await expect.poll(() => view.getByTestId('orderbook-ask').count()).toBe(2);
    expect((await view.getByTestId('order-form').boundingBox())?.y).toBeLessThan(844);
    // Touch targets: every book level and percent button at least 44 px tall.
    for (const target of [
      ...(await view.getByTestId('orderbook-ask').all()),
      ...(await view.locator('[data-testid^="trade-pct-"]').all()),
    ]) {
      expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    // A market buy names the price it starts at: the best ask (the form reads only the book's best prices).
    await view.getByTestId('trade-type-market').click();
    await expect.poll(() => view.getByTestId('trade-market-price').textContent()).toContain('30,000.00 USDT');
    // Tapping the best ask fills the price (and goes back to a limit order).
    await view.locator('[data-testid="orderbook-ask"][data-price="30000"]').click();
    await expect.poll(() => view.getByTestId('trade-price').locator('input').inputValue()).toBe('30000');
    await view.getByTestId('trade-amount').locator('input').fill('0.1');
    await expect.poll(() => view.getByTestId('trade-total').textContent()).toContain('3,000.00');
    await page.waitForTimeout(300);
    await shot(page, 'trade-form-390');
    await view.getByTestId('trade-submit').click();
    await expect.poll(() => page.getByTestId('toast-info').isVisible()).toBe(true);
    await expect.poll(() => view.getByTestId('orderbook-ask').count(), { timeout: 10_000 }).toBe(1);
    // The 30,000 ask is gone: a market buy now starts at the next one.
    await view.getByTestId('trade-type-market').click();
    await expect.poll(() => view.getByTestId('trade-market-price').textContent()).toContain('31,000.00 USDT');
    await view.getByTestId('trade-type-limit').click();
    await view.getByTestId('trade-pane-trades').click();
    await expect.poll(() => view.getByTestId('recent-trade').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Once drawn, a pane stays: the book, hidden behind the trades, still follows the market.
    await view.getByTestId('trade-pane-book').click();
    await expect
      .poll(() => view.getByTestId('trade-last-price').textContent(), { timeout: 10_000 })
      .toBe('30,000.00');

    // A resting bid shows as an open order and can be cancelled.
    await view.getByTestId('trade-price').locator('input').fill('25000');
    await view.getByTestId('trade-amount').locator('input').fill('0.01');
    await view.getByTestId('trade-submit').click();
    await expect.poll(() => view.getByTestId('open-order').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => view.getByTestId('orderbook-bid').count()).toBe(1);
    await expect.poll(() => view.getByTestId('trade-orders-count').textContent()).toBe('1');

    // The depth chart: the resting bid and the remaining ask, drawn as filled staircases.
    await view.getByTestId('trade-pane-depth').click();
    const depth = view.getByTestId('depth-chart');
    await depth.waitFor({ state: 'visible' });
    await expect.poll(() => depth.getAttribute('data-bid-levels')).toBe('1');
    expect(await depth.getAttribute('data-ask-levels')).toBe('1');
    // Each side's total is summed in base units, shown at the market's amount decimals.
    expect(await view.getByTestId('depth-bid-total').textContent()).toMatch(/^0\.010*$/);
    expect(await view.getByTestId('depth-ask-total').textContent()).toMatch(/^0\.30*$/);
    // Heights are to scale: the 0.3 BTC ask is the chart's full height, the 0.01 BTC bid a thirtieth of it.
    const drawn: Record<string, { width: number; height: number } | null> = {};
    for (const side of ['depth-bids', 'depth-asks']) {
      expect(await view.getByTestId(side).getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+V.*Z$/);
      drawn[side] = await view.getByTestId(side).boundingBox();
      expect(drawn[side]?.width).toBeGreaterThan(10);
    }
    expect(drawn['depth-asks']?.height).toBeGreaterThan(200);
    expect(drawn['depth-bids']?.height).toBeGreaterThan(4);
    expect(drawn['depth-bids']?.height).toBeLessThan(12);
    await page.waitForTimeout(300);
    await shot(page, 'trade-depth-390');

    // Open orders are one tap away: the header's Orders link brings them on screen.
    await view.getByTestId('trade-orders-jump').click();
    const onScreen = async () => {
      const y = (await view.getByTestId('open-order').boundingBox())?.y ?? -1;
      return y > 0 && y < 844 - 40;
    };
    await expect.poll(onScreen).toBe(true);

    // History: the filled buy with its time, average price and units.
    await view.getByTestId('orders-tab-history').click();
    const filled = view.locator('[data-testid="past-order"]', { hasText: /FILLED/ });
    await filled.waitFor({ state: 'visible' });
    expect(await filled.getByTestId('past-order-time').textContent()).toMatch(
      /^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/,
    );
    expect(await filled.getByTestId('past-order-avg').textContent()).toBe('30,000.00');
    expect(await filled.getByTestId('past-order-units').textContent()).toBe('0.1000 / 0.1000');
    await page.waitForTimeout(300);
    await shot(page, 'trade-history-390');
    await view.getByTestId('orders-tab-open').click();

    await view.getByTestId('trade-pane-chart').click();
    await view.getByTestId('chart-interval-1').click();
    await expectChartDrawn(view);
    await page.waitForTimeout(500);
    await shot(page, 'trade-390');
    await view
      .locator('ion-content')
      .evaluate((c) => (c as unknown as { scrollToTop(ms: number): Promise<void> }).scrollToTop(0));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(400);
    // The desk: book and trades beside the chart, the form on the right, all on the first screen.
    for (const id of ['orderbook', 'recent-trades', 'price-chart', 'order-form']) {
      const box = await view.getByTestId(id).boundingBox();
      expect(box?.y, id).toBeLessThan(800);
      expect(await view.getByTestId(id).isVisible(), id).toBe(true);
    }
    await shot(page, 'trade-1280');
    await view.getByTestId('trade-pane-depth').click();
    await depth.waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    await shot(page, 'trade-depth-1280');
    await view.getByTestId('trade-pane-chart').click();
    await view.getByTestId('open-order-cancel').click();
    await expect.poll(() => view.getByTestId('open-order').count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it("draws the desk's book and trades when a phone's window widens to a desk", async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    await page.goto(`/trade?market_id=${btcMarketId}`);
    await expectPage(page, 'trade', '/trade');
    const view = shown(page, 'trade');
    await view.getByTestId('price-chart').waitFor({ state: 'visible' });
    expect(await view.getByTestId('orderbook').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await view.getByTestId('orderbook').waitFor({ state: 'visible' });
    await view.getByTestId('recent-trades').waitFor({ state: 'visible' });
    await context.close();
  });

  it('draws the chart once its library arrives, and offers a retry when it could not be fetched', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    // The chart library is a chunk of its own, fetched when a chart is first drawn: the first fetch fails.
    let refused = 0;
    await page.route(/\/assets\/chart-library-[\w-]+\.js$/, async (route) => {
      if (refused++ === 0) await route.abort('connectionreset');
      else await route.fallback();
    });
    await page.goto(`/trade?market_id=${btcMarketId}`);
    await expectPage(page, 'trade', '/trade');
    const view = shown(page, 'trade');
    // The form and the chart's frame do not wait for it.
    await view.getByTestId('order-form').waitFor({ state: 'visible' });
    await view.getByTestId('chart-interval-15').waitFor({ state: 'visible' });
    const error = view.getByTestId('chart-library-error');
    await error.waitFor({ state: 'visible' });
    expect(await view.getByTestId('price-chart').locator('canvas').count()).toBe(0);
    await page.waitForTimeout(300);
    await shot(page, 'trade-chart-unavailable-390');
    await error.getByRole('button').click();
    await expectChartDrawn(view);
    expect(await error.count()).toBe(0);
    await context.close();
  });

  it('shows the watchlist and top markets on home', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    await page.goto('/tabs/home');
    await expectPage(page, 'tabs/home', '/tabs/home');
    const view = shown(page, 'tabs/home');
    await view.getByTestId('home-watchlist').getByTestId('home-market-BTC').waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    await shot(page, 'home-390');
    await context.close();
  });

  it('buys at market on Insta after a review step', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    await page.goto('/insta');
    await expectPage(page, 'insta', '/insta');
    const view = shown(page, 'insta');
    await view.getByTestId('insta-market-BTC').click();
    await expect.poll(() => view.getByTestId('insta-expected-price').textContent()).toBe('31,000.00 USDT');
    // More than the book holds: the preview says how much would fill and that the rest is cancelled.
    await view.getByTestId('insta-amount').locator('input').fill('100000');
    await view.getByTestId('insta-partial').waitFor({ state: 'visible' });
    await view.getByTestId('insta-amount').locator('input').fill('310');
    await expect.poll(() => view.getByTestId('insta-receive').textContent()).toBe('0.01 BTC');
    expect(await view.getByTestId('insta-partial').count()).toBe(0);
    await view.getByTestId('insta-review').click();
    await view.getByTestId('insta-confirm').waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    await shot(page, 'insta-390');
    await view.getByTestId('insta-confirm').click();
    await expect
      .poll(() => page.locator('ion-toast .toast-message').first().textContent())
      .toContain('Bought');
    await context.close();
  });

  it('creates, lists and deletes a price alert', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    await page.goto('/alerts');
    await expectPage(page, 'alerts', '/alerts');
    const view = shown(page, 'alerts');
    await view.getByTestId('alerts-empty').waitFor({ state: 'visible' });
    await view.getByTestId('alert-market-BTC').click();
    await view.getByTestId('alert-condition-above').click();
    await view.getByTestId('alert-price').locator('input').fill('40000');
    await view.getByTestId('alert-create').click();
    await expect.poll(() => view.getByTestId('alert-row').count()).toBe(1);
    await page.waitForTimeout(300);
    await shot(page, 'alerts-390');
    await view.getByTestId('alert-delete').click();
    await view.getByTestId('alerts-empty').waitFor({ state: 'visible' });
    await context.close();
  });
});
