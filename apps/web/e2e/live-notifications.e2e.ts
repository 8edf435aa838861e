import type { TStoredSession } from '@fit24/contract';
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

const shot = shooter('live-notifications');

/** The REST calls behind the badge, the notifications list and the wallet. */
const WATCHED_CALLS = ['/api/notification/list', '/api/asset/balances'] as const;

interface Frame {
  at: number;
  // biome-ignore lint/suspicious/noExplicitAny: socket frames of every shape
  message: any;
}

/** A signed-in user's phone, recording the watched REST calls and every socket frame both ways. */
async function openPhone(stack: Stack, session: TStoredSession) {
  const { context, page } = await newPhonePage(stack);
  const calls: Array<{ at: number; path: string }> = [];
  const received: Frame[] = [];
  const sent: Frame[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if ((WATCHED_CALLS as readonly string[]).includes(pathname))
      calls.push({ at: Date.now(), path: pathname });
  });
  page.on('websocket', (socket) => {
    const record = (into: Frame[]) => (frame: { payload: string | Buffer }) =>
      into.push({ at: Date.now(), message: JSON.parse(String(frame.payload)) });
    socket.on('framereceived', record(received));
    socket.on('framesent', record(sent));
  });
  await plantSession(page, session);
  const count = (path: (typeof WATCHED_CALLS)[number], since = 0) =>
    calls.filter((c) => c.path === path && c.at >= since).length;
  return { context, page, received, sent, count };
}

const place = (stack: Stack, token: string, body: Record<string, unknown>) =>
  api(stack, 'POST', '/api/order/create', { token, body: { type: 'LIMIT', time_in_force: 'GTC', ...body } });

/** The maker's resting sell, then the taker's buy that fills all of it. */
async function fillMakersOrder(
  stack: Stack,
  o: { maker: TStoredSession; taker: TStoredSession; marketId: number; price: string; amount: string },
): Promise<void> {
  const order = { market_id: o.marketId, price: o.price, amount: o.amount };
  expect((await place(stack, o.maker.token, { ...order, side: 'SELL' })).status).toBe(200);
  expect((await place(stack, o.taker.token, { ...order, side: 'BUY' })).status).toBe(200);
}

async function usdtTotal(stack: Stack, token: string): Promise<string> {
  const answer = await api(stack, 'GET', '/api/asset/balances', { token });
  return (answer.body.data.balances as Array<{ symbol: string; total: string }>).find(
    (b) => b.symbol === 'USDT',
  )!.total;
}

describe('notifications and wallet live over the socket', () => {
  let stack: Stack;
  let maker: TStoredSession;
  let taker: TStoredSession;
  let marketId = 0;

  beforeAll(async () => {
    stack = await startStack();
    const traders = await twoTraders(stack, { btc: '1', usdt: '10000' }, { seller: 'Mara Maker' });
    ({ seller: maker, buyer: taker, marketId } = traders);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("raises the badge and changes the wallet the moment another user fills the user's order", async () => {
    const sell = await place(stack, maker.token, {
      market_id: marketId,
      side: 'SELL',
      price: '30000',
      amount: '0.25',
    });
    expect(sell.status).toBe(200);

    const phone = await openPhone(stack, maker);
    const { page } = phone;
    // The wallet tab first (Ionic keeps a visited tab mounted), then home, where the user waits.
    await page.goto('/tabs/wallet');
    await expectPage(page, 'tabs/wallet', '/tabs/wallet');
    const wallet = shownPage(page, 'tabs/wallet');
    await expect.poll(() => wallet.getByTestId('asset-total-BTC').textContent()).toBe(formatAmount('1'));
    expect(await wallet.getByTestId('asset-total-USDT').textContent()).toBe(formatAmount('0'));
    await page.getByTestId('tab-home').click();
    await expectPage(page, 'tabs/home', '/tabs/home');
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // The deposit made one unread notification; the socket is authed and listening on both channels.
    const badge = page.getByTestId('unread-badge-home');
    await expect.poll(() => badge.textContent()).toBe('1');
    expect(await page.getByTestId('unread-badge-account').textContent()).toBe('1');
    const subscribed = (channel: string) =>
      phone.received.some((f) => f.message.channel === channel && f.message.type === 'snapshot');
    await expect.poll(() => subscribed('notifications') && subscribed('balances')).toBe(true);
    await shot(page, 'home-before-fill-390');

    // Let the first loads settle, then count: from here only the socket may cause a change.
    await page.waitForTimeout(500);
    const since = Date.now();

    const buy = await place(stack, taker.token, {
      market_id: marketId,
      side: 'BUY',
      price: '30000',
      amount: '0.25',
    });
    expect(buy.status).toBe(200);

    // The fill's notification arrives on the socket and the badges follow, without a list call.
    await expect.poll(() => badge.textContent(), { timeout: 5_000 }).toBe('2');
    expect(await page.getByTestId('unread-badge-account').textContent()).toBe('2');
    const pushed = phone.received.find(
      (f) => f.at >= since && f.message.channel === 'notifications' && f.message.type === 'update',
    );
    expect(pushed?.message.data.notifications[0].type).toBe('ORDER_FILLED');
    expect(phone.count('/api/notification/list', since)).toBe(0);
    expect(Date.now() - since).toBeLessThan(10_000);
    await shot(page, 'home-after-fill-390');

    // The balances message carried the wallet's answer itself, written into the (hidden) wallet tab's
    // cache as it is: no poll, no refetch, no reload.
    const balancesPush = phone.received
      .filter((f) => f.at >= since && f.message.channel === 'balances' && f.message.type === 'update')
      .at(-1);
    expect(balancesPush).toBeDefined();
    const truth = await api(stack, 'GET', '/api/asset/balances', { token: maker.token });
    expect(balancesPush?.message.data).toEqual(truth.body.data);
    expect(phone.count('/api/asset/balances', since)).toBe(0);

    const usdt = (truth.body.data.balances as Array<{ symbol: string; total: string }>).find(
      (b) => b.symbol === 'USDT',
    )!;
    expect(usdt.total).toMatch(/^74\d\d(\.\d+)?$/);
    const callsBeforeTab = phone.count('/api/asset/balances');
    await page.getByTestId('tab-wallet').click();
    await expectPage(page, 'tabs/wallet', '/tabs/wallet');
    await expect
      .poll(() => wallet.getByTestId('asset-total-USDT').textContent())
      .toBe(formatAmount(usdt.total));
    expect(await wallet.getByTestId('asset-total-BTC').textContent()).toBe(formatAmount('0.75'));
    // Already fresh when the tab was opened: the socket, not the tab, brought the numbers.
    expect(phone.count('/api/asset/balances')).toBe(callsBeforeTab);
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await shot(page, 'wallet-after-fill-390');

    // The notifications page lists the fill first, unread.
    await page.goto('/notifications');
    await expectPage(page, 'notifications', '/notifications');
    const first = shownPage(page, 'notifications').getByTestId('notification-item').first();
    await expect.poll(() => first.getAttribute('data-unread')).toBe('1');
    await shot(page, 'notifications-390');

    // A second fill while the list is shown: it appears at the top, unread, without a list call.
    const beforeSecond = Date.now();
    const listed = shownPage(page, 'notifications').getByTestId('notification-item');
    const shownBefore = await listed.count();
    await fillMakersOrder(stack, { maker, taker, marketId, price: '31000', amount: '0.05' });
    await expect.poll(() => listed.count(), { timeout: 5_000 }).toBe(shownBefore + 1);
    expect(await first.textContent()).toContain('0.05 BTC');
    expect(await first.getAttribute('data-unread')).toBe('1');
    expect(phone.count('/api/notification/list', beforeSecond)).toBe(0);
    await shot(page, 'notifications-live-390');

    // The asset's balance page follows a fill too: its total changes to the server's without a reload.
    const usdtId = (truth.body.data.balances as Array<{ symbol: string; asset_id: number }>).find(
      (b) => b.symbol === 'USDT',
    )!.asset_id;
    await page.goto(`/funds/asset-balance?asset_id=${usdtId}`);
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    const assetView = shownPage(page, 'funds/asset-balance');
    const totalBefore = await usdtTotal(stack, maker.token);
    await expect
      .poll(() => assetView.getByTestId('asset-total').textContent())
      .toContain(formatAmount(totalBefore));
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await fillMakersOrder(stack, { maker, taker, marketId, price: '30000', amount: '0.02' });
    const totalAfter = await usdtTotal(stack, maker.token);
    expect(totalAfter).not.toBe(totalBefore);
    await expect
      .poll(() => assetView.getByTestId('asset-total').textContent(), { timeout: 5_000 })
      .toContain(formatAmount(totalAfter));
    expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    await shot(page, 'asset-balance-live-390');
    await phone.context.close();
  }, 120_000);

  it('subscribes to no private channel once the user signs out', async () => {
    const phone = await openPhone(stack, maker);
    const { page } = phone;
    await page.goto('/tabs/account');
    await expectPage(page, 'tabs/account', '/tabs/account');
    await expect
      .poll(() =>
        phone.sent.some((f) => f.message.op === 'subscribe' && f.message.channel === 'notifications'),
      )
      .toBe(true);
    await page.getByTestId('sign-out').click();
    const signedOutAt = Date.now();
    await expectPage(page, 'welcome', '/');
    await page.waitForTimeout(1_500);
    const privateSubscribes = phone.sent.filter(
      (f) =>
        f.at >= signedOutAt &&
        f.message.op === 'subscribe' &&
        ['orders', 'balances', 'notifications'].includes(f.message.channel),
    );
    expect(privateSubscribes).toEqual([]);
    expect(phone.sent.filter((f) => f.at >= signedOutAt && f.message.op === 'auth')).toEqual([]);
    await phone.context.close();
  });
});
