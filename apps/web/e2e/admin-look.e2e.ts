import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOperator } from '../../server/src/testing/operators.ts';
import { signedUpUser } from './accounts.ts';
import { expectConsolePage, operatorSession, plantOperatorSession, submitKyc } from './admin.ts';
import {
  api,
  DESKTOP,
  deposit,
  marketIdOf,
  newSizedPage,
  ops,
  PHONE,
  setTxnPassword,
  shooter,
  suiteStack,
  verifyIdentity,
} from './harness.ts';

const shot = shooter('admin');
const TXN = 'Pay-PIN-8842';
const OUT_ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

/** Every console page, as an admin sees it: [name, path, data-page]. */
const PAGES: [string, string, string][] = [
  ['dashboard', '/admin', 'dashboard'],
  ['users', '/admin/users', 'users'],
  ['kyc', '/admin/kyc', 'kyc'],
  ['withdrawals', '/admin/withdrawals', 'withdrawals'],
  ['deposits', '/admin/deposits', 'deposits'],
  ['markets', '/admin/markets', 'markets'],
  ['assets', '/admin/markets?tab=assets', 'markets'],
  ['programme', '/admin/programme', 'programme'],
  ['operators', '/admin/operators', 'operators'],
  ['trail', '/admin/trail', 'trail'],
];

describe('the operators’ console, page by page, at 1280 and 390 px', () => {
  const stack = suiteStack();

  /** Users, money, a KYC submission, withdrawals and trades: a console with something in every list. */
  async function seed(): Promise<{ userId: number }> {
    const people = [];
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson']) {
      people.push(await signedUpUser(stack, { name }));
    }
    const [ada, grace, alan] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    await submitKyc(stack, ada.token);
    await submitKyc(stack, grace.token, { first: 'Grace', last: 'Hopper' });
    for (const who of [alan, grace]) {
      await deposit(stack, who.email, 'BTC', '1');
      await deposit(stack, who.email, 'USDT', '50000');
      await verifyIdentity(stack, who.email);
      await setTxnPassword(stack, { token: who.token, user: { email_id: who.email } }, TXN);
    }
    const btc = (await api(stack, 'GET', '/api/asset/balance?symbol=BTC', { token: alan.token })).body.data
      .balance;
    for (const [who, amount] of [
      [alan, '0.5'],
      [grace, '0.01'],
    ] as const) {
      const answer = await api(stack, 'POST', '/api/asset/withdraw', {
        token: who.token,
        body: { asset_id: btc.asset_id, address: OUT_ADDRESS, amount, txn_password: TXN },
      });
      expect(answer.status).toBe(200);
    }
    const market = await marketIdOf(stack, alan.token, 'BTC/USDT');
    await api(stack, 'POST', '/api/order/create', {
      token: alan.token,
      body: {
        market_id: market,
        side: 'SELL',
        type: 'LIMIT',
        price: '65000',
        amount: '0.1',
        time_in_force: 'GTC',
      },
    });
    await api(stack, 'POST', '/api/order/create', {
      token: grace.token,
      body: {
        market_id: market,
        side: 'BUY',
        type: 'LIMIT',
        price: '65000',
        amount: '0.05',
        time_in_force: 'GTC',
      },
    });
    await ops(stack, 'POST', '/ops/pool/fund', { amount: '250000' });
    const users = await ops(stack, 'GET', `/ops/users?q=${encodeURIComponent(alan.email)}`);
    return { userId: users.users[0].user_id };
  }

  async function both(page: Page, name: string): Promise<void> {
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(250);
    await shot(page, `${name}-1280`);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(250);
    await shot(page, `${name}-390`);
    await page.setViewportSize(DESKTOP);
  }

  it('shows every page with data, and the dialogs', async () => {
    const { userId } = await seed();
    const boss = await createOperator(stack.ctx, 'admin');
    await createOperator(stack.ctx, 'compliance');
    await createOperator(stack.ctx, 'finance');
    const session = await operatorSession(stack, boss);
    const { context, page } = await newSizedPage(stack, DESKTOP);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await plantOperatorSession(page, session);
    await shot(page, 'signin-1280');
    await page.setViewportSize(PHONE);
    await shot(page, 'signin-390');
    await page.setViewportSize(DESKTOP);

    for (const [name, path, dataPage] of PAGES) {
      await page.goto(path);
      await expectConsolePage(page, dataPage, path.split('?')[0]!);
      await page
        .locator('.adm-table-note:has-text("Loading")')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await page.waitForTimeout(300);
      await both(page, name);
    }

    await page.goto(`/admin/user?user_id=${userId}`);
    await expectConsolePage(page, 'user', '/admin/user');
    await page.getByTestId('admin-user-balances').waitFor();
    await both(page, 'user');

    await page.goto('/admin/kyc');
    await expectConsolePage(page, 'kyc', '/admin/kyc');
    await page.getByTestId('admin-kyc-open').first().click();
    await page.getByTestId('admin-kyc-review').waitFor();
    await expect.poll(() => page.locator('[data-testid="admin-kyc-doc"][data-loaded="1"]').count()).toBe(2);
    await both(page, 'kyc-review');
    await page.getByTestId('admin-kyc-close').click();

    await page.goto('/admin');
    await expectConsolePage(page, 'dashboard', '/admin');
    await page.getByTestId('admin-run-audit').click();
    await page.getByTestId('admin-audit-result').waitFor();
    await both(page, 'dashboard-audit');

    await page.goto('/admin/trail');
    await expectConsolePage(page, 'trail', '/admin/trail');
    await page.locator('[data-testid^="admin-trail-"] button[aria-expanded]').first().click();
    await page.getByTestId('admin-trail-detail').waitFor();
    await both(page, 'trail-detail');

    await page.goto('/admin/operators');
    await expectConsolePage(page, 'operators', '/admin/operators');
    await page.getByTestId('admin-operator-add').click();
    await page.getByTestId('admin-operator-create').waitFor();
    await both(page, 'operator-create');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the first sign-in: the authenticator’s QR code and secret', async () => {
    const email = `new-${Date.now()}@ops.example.com`;
    const created = await ops(stack, 'POST', '/ops/operators', { email, name: 'Nell New', role: 'support' });
    const { context, page } = await newSizedPage(stack, DESKTOP);
    await page.goto('/admin/signin');
    await page.getByTestId('admin-signin-email').fill(email);
    await page.getByTestId('admin-signin-password').fill(created.password);
    await page.getByTestId('admin-signin-submit').click();
    await page.getByTestId('admin-signin-enrol').waitFor();
    expect(await page.locator('[data-testid="admin-signin-enrol"] svg').count()).toBe(1);
    await both(page, 'signin-enrol');
    await page.getByTestId('admin-signin-code').fill('000000');
    await page.getByTestId('admin-signin-code-submit').click();
    await page.getByText('The code is not correct.').waitFor();
    await shot(page, 'signin-wrong-code-1280');
    await context.close();
  });
});
