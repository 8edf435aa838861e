import { inflateSync } from 'node:zlib';
import type { TStoredSession } from '@fit24/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  deposit,
  expectChartDrawn,
  expectPage,
  newPhonePage,
  plantSession,
  type Stack,
  shootBothSizes,
  shooter,
  shownPage,
  startStack,
  twoTraders,
} from './harness.ts';

const shot = shooter('theme');
/** lib/theme.ts's storage key: what Settings writes and main.tsx reads before the first paint. */
const THEME_KEY = 'fit24.theme';

type Rgb = [number, number, number];

function parseRgb(css: string): Rgb {
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(css);
  if (!match) throw new Error(`not an rgb colour: ${css}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** "#fff" or "#ffffff" (the CSS minifier shortens what theme.css spells out) → [r, g, b]. */
function hexRgb(hex: string | null): Rgb {
  const digits = (hex ?? '').replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

/** WCAG contrast ratio of two colours. */
function contrast(a: Rgb, b: Rgb): number {
  const lum = ([r, g, b2]: Rgb) => {
    const [lr, lg, lb] = [r, g, b2].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const computed = (locator: Locator, property: 'color' | 'background-color') =>
  locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

/** The RGB rows of a PNG (8-bit RGB or RGBA, not interlaced, as Chromium's screenshots are). */
function pngRows(png: Buffer): { width: number; channels: number; rows: Buffer[] } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const channels = png[25] === 6 ? 4 : 3;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    const up = rows[y - 1] ?? Buffer.alloc(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (row[x - channels] as number) : 0;
      const b = up[x] as number;
      const c = x >= channels ? (up[x - channels] as number) : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const add = [0, a, b, (a + b) >> 1, paeth][filter ?? 0] as number;
      row[x] = ((row[x] as number) + add) & 0xff;
    }
    rows.push(row);
  }
  return { width, channels, rows };
}

/** The colour most of a strip across the top of the candle chart shows on screen: its background. */
async function chartPixel(view: Locator): Promise<Rgb> {
  const box = await view.locator('.chart__box').boundingBox();
  if (!box) throw new Error('no chart on screen');
  const png = await view.page().screenshot({ clip: { x: box.x + 4, y: box.y + 4, width: 60, height: 1 } });
  const { width, channels, rows } = pngRows(png);
  const counts = new Map<string, number>();
  for (let x = 0; x < width; x++) {
    const key = [...(rows[0] as Buffer).subarray(x * channels, x * channels + 3)].join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  return (top?.[0] ?? '').split(',').map(Number) as Rgb;
}

/** What the theme shows now on the trade screen: a card's surface, the ink, the chart and the book's red. */
async function tradeColours(page: Page) {
  const view = shownPage(page, 'trade');
  const card = view.locator('.trade__form');
  return {
    theme: await page.evaluate(() => document.documentElement.dataset.theme),
    surface: parseRgb(await computed(card, 'background-color')),
    text: parseRgb(await computed(view.locator('.trade__pair'), 'color')),
    chartBackground: hexRgb(await view.locator('.chart__box').getAttribute('data-background')),
  };
}

/**
 * The user's choice as Settings makes it: on the account (which wins once the app has loaded it) and on
 * this device (which paints the first frame before the account answers).
 */
async function chooseTheme(stack: Stack, page: Page, session: TStoredSession, mode: string): Promise<void> {
  const saved = await api(stack, 'POST', '/api/settings', { token: session.token, body: { theme: mode } });
  expect(saved.body.error, saved.body.message).toBe(false);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, mode] as const);
}

async function openTradeWithChart(page: Page, marketId: number): Promise<Locator> {
  await page.goto(`/trade?market_id=${marketId}`);
  await expectPage(page, 'trade', '/trade');
  const view = shownPage(page, 'trade');
  await expectChartDrawn(view);
  await page.waitForTimeout(400);
  return view;
}

/** Light, dark and system on a real server: the stored choice before first paint, and live changes. */
describe('light and dark themes', () => {
  let stack: Stack;
  let buyer: TStoredSession;
  let marketId = 0;

  beforeAll(async () => {
    stack = await startStack();
    let seller: TStoredSession;
    ({ seller, buyer, marketId } = await twoTraders(stack, { btc: '2', usdt: '20000' }));
    for (const [price, amount] of [
      ['30000', '0.2'],
      ['30500', '0.4'],
      ['31000', '0.6'],
    ] as const) {
      const sell = await api(stack, 'POST', '/api/order/create', {
        token: seller.token,
        body: { market_id: marketId, side: 'SELL', type: 'LIMIT', price, amount },
      });
      expect(sell.body.error, sell.body.message).toBe(false);
    }
    for (const [price, amount] of [
      ['30000', '0.05'],
      ['29000', '0.1'],
      ['28500', '0.25'],
    ] as const) {
      const buy = await api(stack, 'POST', '/api/order/create', {
        token: buyer.token,
        body: { market_id: marketId, side: 'BUY', type: 'LIMIT', price, amount },
      });
      expect(buy.body.error, buy.body.message).toBe(false);
    }
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('paints the stored light mode from the first start and recolours surfaces, text and chart', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    await openTradeWithChart(page, marketId);
    const dark = await tradeColours(page);
    expect(dark.theme).toBe('dark');
    expect(dark.surface).toEqual([17, 31, 54]);
    expect(dark.chartBackground).toEqual([17, 31, 54]);
    await expect.poll(() => chartPixel(shownPage(page, 'trade'))).toEqual([17, 31, 54]);

    await chooseTheme(stack, page, buyer, 'light');
    // The palette <html> carries when React first puts anything on screen: already the stored one.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.getElementById('root')?.firstChild) return;
        (window as unknown as { firstRenderTheme?: string }).firstRenderTheme =
          document.documentElement.dataset.theme;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await openTradeWithChart(page, marketId);
    expect(
      await page.evaluate(() => (window as unknown as { firstRenderTheme?: string }).firstRenderTheme),
    ).toBe('light');
    const light = await tradeColours(page);
    expect(light.theme).toBe('light');
    expect(light.surface).toEqual([255, 255, 255]);
    expect(light.text).toEqual([15, 27, 45]);
    expect(light.chartBackground).toEqual([255, 255, 255]);
    await expect.poll(() => chartPixel(shownPage(page, 'trade'))).toEqual([255, 255, 255]);
    expect(contrast(light.text, light.surface)).toBeGreaterThan(12);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#f5f7fb');
    await context.close();
  });

  it('keeps up and down colours readable (≥ 4.5:1) on their cards in both themes', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    for (const mode of ['dark', 'light'] as const) {
      await chooseTheme(stack, page, buyer, mode);
      const view = await openTradeWithChart(page, marketId);
      await view.getByTestId('trade-pane-book').click();
      const surface = parseRgb(await computed(view.locator('.trade__book'), 'background-color'));
      for (const selector of [
        '[data-testid="orderbook-ask"] .book__price',
        '[data-testid="orderbook-bid"] .book__price',
        '.book__row--head',
      ]) {
        const colour = parseRgb(await computed(view.locator(`.trade__book ${selector}`).first(), 'color'));
        expect(contrast(colour, surface), `${mode} ${selector}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    await context.close();
  });

  it("follows the device's scheme live in system mode, chart included", async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, buyer);
    await chooseTheme(stack, page, buyer, 'system');
    await page.emulateMedia({ colorScheme: 'dark' });
    const view = await openTradeWithChart(page, marketId);
    expect((await tradeColours(page)).theme).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    const chartBackground = async () =>
      hexRgb(await view.locator('.chart__box').getAttribute('data-background'));
    await expect.poll(chartBackground).toEqual([255, 255, 255]);
    await expect.poll(() => chartPixel(view)).toEqual([255, 255, 255]);
    expect(parseRgb(await computed(view.locator('.trade__form'), 'background-color'))).toEqual([
      255, 255, 255,
    ]);
    // The depth chart's fills are the theme's up/down colours, so they changed with it.
    await view.getByTestId('trade-pane-depth').click();
    const bidFill = await view.getByTestId('depth-bids').evaluate((el) => getComputedStyle(el).fill);
    expect(parseRgb(bidFill)).toEqual([15, 102, 50]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await view.getByTestId('trade-pane-chart').click();
    await expect.poll(chartBackground).toEqual([17, 31, 54]);
    await expect.poll(() => chartPixel(view)).toEqual([17, 31, 54]);
    await context.close();
  });

  it('shows every main screen in light mode (screenshots at 390 and 1280)', async () => {
    const fan = buyer;
    await deposit(stack, fan.user.email_id, 'FIT24', '200');
    const joined = await api(stack, 'POST', '/api/affiliate/register', { token: fan.token, body: {} });
    expect(joined.body.error, joined.body.message).toBe(false);
    const staked = await api(stack, 'POST', '/api/stakings/add', {
      token: fan.token,
      body: { amount: '50' },
    });
    expect(staked.body.error, staked.body.message).toBe(false);

    const { context, page } = await newPhonePage(stack);
    await page.goto('/version');
    await page.evaluate((key) => localStorage.setItem(key, 'light'), THEME_KEY);
    await page.goto('/');
    await expectPage(page, 'welcome', '/');
    await page.waitForTimeout(300);
    await shootBothSizes(page, shot, 'welcome');

    await plantSession(page, fan);
    await chooseTheme(stack, page, fan, 'light');
    for (const [name, path] of [
      ['tabs/home', '/tabs/home'],
      ['tabs/markets', '/tabs/markets'],
      ['tabs/wallet', '/tabs/wallet'],
      ['tabs/account', '/tabs/account'],
      ['affiliate', '/affiliate'],
    ] as const) {
      await page.goto(path);
      await expectPage(page, name, path);
      await page.waitForTimeout(800);
      await shootBothSizes(page, shot, name.replace('tabs/', ''));
    }
    const view = await openTradeWithChart(page, marketId);
    await shootBothSizes(page, shot, 'trade');
    await view.getByTestId('trade-pane-book').click();
    await shot(page, 'trade-book-390');
    await view.getByTestId('trade-pane-depth').click();
    await shootBothSizes(page, shot, 'trade-depth');
    await context.close();
  }, 120_000);
});
