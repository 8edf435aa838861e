import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectPage,
  fill,
  newPhonePage,
  ops,
  PHONE,
  plantSession,
  realSession,
  type Stack,
  setTxnPassword,
  shooter,
  startStack,
  verifyIdentity,
  visibleText,
} from './harness.ts';

const TXN = 'Pay-PIN-8842';
const OUT_ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const shot = shooter('flow');

describe('money in and out, in a real browser', () => {
  let stack: Stack;
  let btc: number;
  beforeAll(async () => {
    // One operator approves here (four eyes has its own test: admin-*.e2e.ts, operators.test.ts).
    stack = await startStack({ fourEyesUsd: '1000000' });
    const assets = await stack.ctx.db.selectFrom('assets').select(['asset_id', 'symbol']).execute();
    btc = assets.find((a) => a.symbol === 'BTC')!.asset_id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows the deposit address with a QR code and copies it', async () => {
    const session = await realSession(stack, { emailVerified: true });
    const context = await stack.browser.newContext({
      viewport: PHONE,
      baseURL: stack.baseUrl,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await plantSession(page, session);
    await page.goto(`/funds/deposit?asset_id=${btc}`);
    await expectPage(page, 'funds/deposit', '/funds/deposit');
    const address = (await page.getByTestId('deposit-address').textContent())?.trim() ?? '';
    expect(address).toMatch(/^bcrt1q[a-z0-9]{38}$/);
    expect(
      (await api(stack, 'GET', `/api/asset/wallet?asset_id=${btc}`, { token: session.token })).body.data
        .wallet.address,
    ).toBe(address);
    await expect.poll(() => page.getByTestId('deposit-qr').locator('path, rect').count()).toBeGreaterThan(0);
    await page.getByTestId('deposit-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await shot(page, 'deposit-390');
    await context.close();
  });

  it('deposit → balance → withdraw with the transaction password → operator approves → COMPLETED, with notifications', async () => {
    const session = await realSession(stack, { emailVerified: true });
    await setTxnPassword(stack, session, TXN);
    // 0.5 BTC is over the unverified 24-hour withdrawal limit.
    await verifyIdentity(stack, session.user.email_id);

    const { context, page } = await newPhonePage(stack);
    await plantSession(page, session);
    await page.goto('/tabs/wallet');
    await expectPage(page, 'tabs/wallet', '/tabs/wallet');
    await ops(stack, 'POST', '/ops/devnet/deposit', {
      email_id: session.user.email_id,
      symbol: 'BTC',
      amount: '1.25',
      confirmations: 0,
    });
    await ops(stack, 'POST', '/ops/devnet/mine', { blocks: 2 });
    await page.reload();
    await expect.poll(() => page.getByTestId('asset-total-BTC').textContent()).toContain('1.25');

    await page.goto(`/funds/withdraw?asset_id=${btc}`);
    await expectPage(page, 'funds/withdraw', '/funds/withdraw');
    await fill(page, 'withdraw-address', OUT_ADDRESS);
    await fill(page, 'withdraw-amount', '0.5');
    await expect.poll(() => page.getByTestId('withdraw-total').textContent()).toContain('0.5002');
    await page.getByTestId('withdraw-review').click();
    await fill(page, 'withdraw-txn-password', 'Not-my-PIN-1');
    await page.getByTestId('withdraw-confirm').click();
    await expect.poll(() => visibleText(page)).toContain('The transaction password is not correct.');
    await fill(page, 'withdraw-txn-password', TXN);
    await page.getByTestId('withdraw-confirm').click();
    await expect.poll(() => page.getByTestId('withdraw-result').getAttribute('data-status')).toBe('PENDING');
    await shot(page, 'withdraw-pending-390');

    const queue = await ops(stack, 'GET', '/ops/withdrawals?status=PENDING');
    const mine = queue.withdrawals.find((w: { email_id: string }) => w.email_id === session.user.email_id);
    await ops(stack, 'POST', '/ops/withdrawals/approve', { withdrawal_id: mine.id });
    await ops(stack, 'POST', '/ops/devnet/mine', { blocks: 1 });

    await page.goto(`/funds/asset-balance?asset_id=${btc}`);
    await expectPage(page, 'funds/asset-balance', '/funds/asset-balance');
    const latest = page.getByTestId('asset-tx').first();
    await expect.poll(() => latest.getAttribute('data-type')).toBe('WITHDRAWAL');
    await expect.poll(() => latest.getAttribute('data-status')).toBe('COMPLETED');
    await expect.poll(() => page.getByTestId('asset-total').textContent()).toContain('0.7498');
    await shot(page, 'asset-completed-390');

    await page.goto('/tabs/home');
    await expect.poll(() => page.getByTestId('unread-badge-home').textContent()).toMatch(/[1-9]/);
    await page.goto('/notifications');
    await expectPage(page, 'notifications', '/notifications');
    await expect.poll(() => visibleText(page)).toContain('BTC withdrawal completed');
    await page.getByTestId('notifications-read-all').click();
    await expect
      .poll(() => page.locator('[data-testid="notification-item"][data-unread="1"]').count())
      .toBe(0);
    const audit = await ops(stack, 'GET', '/ops/audit');
    expect(audit.ok).toBe(true);
    await context.close();
  });
});
