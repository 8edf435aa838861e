import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOperator } from '../../server/src/testing/operators.ts';
import { signedUpUser } from './accounts.ts';
import {
  confirmDialog,
  expectConsolePage,
  openFromMenu,
  operatorSession,
  plantOperatorSession,
  signInToConsole,
  submitKyc,
} from './admin.ts';
import {
  api,
  deposit,
  marketIdOf,
  newDesktopPage,
  ops,
  setTxnPassword,
  shooter,
  suiteStack,
  visibleText,
} from './harness.ts';

const shot = shooter('admin-flow');
const TXN = 'Pay-PIN-8842';
const OUT_ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

/** Adds an operator on the Operators page and reads the first password it shows once. */
async function addOperator(page: Page, who: { email: string; name: string; role: string }): Promise<string> {
  await page.getByTestId('admin-operator-add').click();
  await page.getByTestId('admin-operator-email').fill(who.email);
  await page.getByTestId('admin-operator-name').fill(who.name);
  await page.getByTestId('admin-operator-role').selectOption(who.role);
  await page.getByTestId('admin-operator-create-submit').click();
  const shown = page.getByTestId('admin-operator-password');
  await shown.waitFor();
  const password = ((await shown.textContent()) ?? '').trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await page.getByTestId('admin-operator-created-done').click();
  await page.getByTestId(`admin-operator-${who.email}`).waitFor();
  return password;
}

/** The four-eyes cell of a withdrawal's row, once its text says `words`. */
async function expectEyes(page: Page, withdrawalId: number, words: string): Promise<string> {
  const cell = page.getByTestId(`admin-withdrawal-${withdrawalId}`).getByTestId('admin-withdrawal-eyes');
  await expect.poll(() => cell.textContent(), { timeout: 10_000 }).toContain(words);
  return (await cell.textContent()) ?? '';
}

/** Filters the trail by an action and returns the lines' text (who, what, target, outcome…). */
async function trailLines(page: Page, action: string): Promise<string[]> {
  const input = page.getByTestId('admin-trail-action');
  await input.fill(action);
  await input.press('Enter');
  const rows = page.locator('[data-testid^="admin-trail-"][data-row]');
  await expect
    .poll(
      async () =>
        (await rows.allTextContents()).every((text) => text.includes(action)) && (await rows.count()) > 0,
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
  return rows.allTextContents();
}

describe('the operators’ console in a real browser', () => {
  const stack = suiteStack();

  it('admin makes compliance and finance; KYC approved with its documents; four eyes on a large withdrawal; a new market trades; trail and audit show it', async () => {
    // ── A person asks for verification, and has 1 BTC to withdraw later.
    const ada = await signedUpUser(stack, { name: 'Ada Lovelace' });
    await submitKyc(stack, ada.token);
    await deposit(stack, ada.email, 'BTC', '1');
    await setTxnPassword(stack, { token: ada.token, user: { email_id: ada.email } }, TXN);

    // ── A fresh admin signs in through the page: password, then the authenticator's code.
    const boss = await createOperator(stack.ctx, 'admin');
    const admin = await newDesktopPage(stack);
    await signInToConsole(admin.page, boss);
    await expect.poll(() => admin.page.getByTestId('admin-whoami').textContent()).toContain(boss.email);

    // ── The admin creates a compliance and a finance operator; each first password is shown once.
    await openFromMenu(admin.page, 'operators', 'operators', '/admin/operators');
    const complianceEmail = `grace-${Date.now()}@ops.example.com`;
    const financeEmail = `fin-${Date.now()}@ops.example.com`;
    const compliancePassword = await addOperator(admin.page, {
      email: complianceEmail,
      name: 'Grace Compliance',
      role: 'compliance',
    });
    const financePassword = await addOperator(admin.page, {
      email: financeEmail,
      name: 'Fin Ance',
      role: 'finance',
    });
    await shot(admin.page, 'operators-1280');

    // ── Compliance signs in for the first time: the page shows the authenticator's secret; its code enrols it.
    const compliance = await newDesktopPage(stack);
    await signInToConsole(compliance.page, { email: complianceEmail, password: compliancePassword });
    const menu = await compliance.page.getByTestId('admin-menu').textContent();
    expect(menu).toContain('KYC queue');
    expect(menu).not.toContain('Withdrawals');
    expect(menu).not.toContain('Operators');

    // ── Compliance opens Ada's submission: her details and both documents, then approves it.
    await openFromMenu(compliance.page, 'kyc', 'kyc', '/admin/kyc');
    const row = compliance.page.getByTestId(`admin-kyc-row-${ada.email}`);
    await row.getByTestId('admin-kyc-open').click();
    const review = compliance.page.getByTestId('admin-kyc-review');
    await review.waitFor();
    expect(await review.getByTestId('admin-kyc-person').textContent()).toContain('Ada Lovelace');
    await expect.poll(() => review.locator('[data-testid="admin-kyc-doc"][data-loaded="1"]').count()).toBe(2);
    const widths = await review
      .locator('[data-testid="admin-kyc-doc"] img')
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth));
    expect(widths).toEqual([360, 240]);
    await shot(compliance.page, 'kyc-review-1280');
    await review.getByTestId('admin-kyc-approve').click();
    await confirmDialog(compliance.page);
    await expect
      .poll(
        async () =>
          (await api(stack, 'GET', '/api/account', { token: ada.token })).body.data.account.kyc_status,
      )
      .toBe('APPROVED');

    // ── Verified, Ada withdraws 0.5 BTC (65,000 USDT each: 32,500 USD, above FOUR_EYES_USD).
    const btc = (await api(stack, 'GET', '/api/asset/balance?symbol=BTC', { token: ada.token })).body.data
      .balance;
    const asked = await api(stack, 'POST', '/api/asset/withdraw', {
      token: ada.token,
      body: { asset_id: btc.asset_id, address: OUT_ADDRESS, amount: '0.5', txn_password: TXN },
    });
    expect(asked.status).toBe(200);
    const withdrawalId = asked.body.data.withdrawal.id as number;

    // ── Finance signs in (enrolling too) and approves: 1 of 2, the withdrawal still waits.
    const finance = await newDesktopPage(stack);
    await signInToConsole(finance.page, { email: financeEmail, password: financePassword });
    await openFromMenu(finance.page, 'withdrawals', 'withdrawals', '/admin/withdrawals');
    await expectEyes(finance.page, withdrawalId, '0 of 2 approvals');
    expect(await finance.page.getByTestId(`admin-withdrawal-${withdrawalId}`).textContent()).toContain(
      '$32,500.00',
    );
    await finance.page
      .getByTestId(`admin-withdrawal-${withdrawalId}`)
      .getByTestId('admin-withdrawal-approve')
      .click();
    await confirmDialog(finance.page);
    expect(await expectEyes(finance.page, withdrawalId, '1 of 2 approvals')).toContain(financeEmail);
    await expect.poll(() => visibleText(finance.page)).toContain('A second operator must approve it.');
    await shot(finance.page, 'withdrawal-1-of-2-1280');

    // The same operator cannot be both pairs of eyes: the server's 409 is shown.
    await finance.page
      .getByTestId(`admin-withdrawal-${withdrawalId}`)
      .getByTestId('admin-withdrawal-approve')
      .click();
    await confirmDialog(finance.page);
    await expect
      .poll(() => finance.page.getByTestId('admin-withdrawals-error').textContent())
      .toContain('You approved this withdrawal already');
    expect(
      (await ops(stack, 'GET', '/ops/withdrawals?status=PENDING')).withdrawals.map(
        (w: { id: number }) => w.id,
      ),
    ).toContain(withdrawalId);

    // ── The admin is the second pair of eyes: the withdrawal is sent.
    await openFromMenu(admin.page, 'withdrawals', 'withdrawals', '/admin/withdrawals');
    await expectEyes(admin.page, withdrawalId, '1 of 2 approvals');
    await admin.page
      .getByTestId(`admin-withdrawal-${withdrawalId}`)
      .getByTestId('admin-withdrawal-approve')
      .click();
    await confirmDialog(admin.page);
    await expect.poll(() => visibleText(admin.page)).toContain('approved: it is on its way');
    const all = await ops(stack, 'GET', '/ops/withdrawals');
    const sent = all.withdrawals.find((w: { id: number }) => w.id === withdrawalId);
    expect(sent.status).not.toBe('PENDING');
    expect(sent.approvals.map((a: { email: string }) => a.email)).toEqual([financeEmail, boss.email]);
    await admin.page.getByTestId('admin-withdrawals-status').selectOption('');
    expect(await expectEyes(admin.page, withdrawalId, '2 of 2 approvals')).toContain(boss.email);
    await shot(admin.page, 'withdrawal-sent-1280');

    // ── A new market added in the console trades at once.
    await openFromMenu(admin.page, 'markets', 'markets', '/admin/markets');
    await admin.page.getByTestId('admin-market-add').click();
    const form = admin.page.getByTestId('admin-market-create');
    await form.waitFor();
    await form.getByTestId('admin-market-base').selectOption('ETH');
    await form.getByTestId('admin-market-quote').selectOption('BTC');
    await form.getByTestId('admin-market-price-decimals').fill('4');
    await form.getByTestId('admin-market-amount-decimals').fill('4');
    await form.getByTestId('admin-market-min-amount').fill('0.01');
    await form.getByTestId('admin-market-min-total').fill('0.0001');
    await form.getByTestId('admin-market-price').fill('0.054');
    await form.getByTestId('admin-market-create-submit').click();
    await admin.page.getByTestId('admin-market-ETH/BTC').waitFor();
    expect(await admin.page.getByTestId('admin-market-ETH/BTC').textContent()).toContain('Open');

    const seller = await signedUpUser(stack, { name: 'Seller' });
    const buyer = await signedUpUser(stack, { name: 'Buyer' });
    await deposit(stack, seller.email, 'ETH', '2');
    await deposit(stack, buyer.email, 'BTC', '0.2');
    const market = await marketIdOf(stack, buyer.token, 'ETH/BTC');
    const order = (token: string, side: 'BUY' | 'SELL') =>
      api(stack, 'POST', '/api/order/create', {
        token,
        body: { market_id: market, side, type: 'LIMIT', price: '0.054', amount: '0.5', time_in_force: 'GTC' },
      });
    const ask = await order(seller.token, 'SELL');
    expect(ask.status).toBe(200);
    expect(ask.body.data.order.status).toBe('NEW');
    const bid = await order(buyer.token, 'BUY');
    expect(bid.status).toBe(200);
    expect(bid.body.data.order.status).toBe('FILLED');

    // ── The trail has every step, with the operators' emails; the audit finds it unbroken.
    await openFromMenu(admin.page, 'trail', 'trail', '/admin/trail');
    const created = await trailLines(admin.page, 'ops.operatorCreate');
    expect(created.filter((line) => line.includes(boss.email))).toHaveLength(2);
    expect(created.join('\n')).toContain(complianceEmail.toLowerCase());
    const signins = await trailLines(admin.page, 'ops.signin');
    for (const email of [boss.email, complianceEmail, financeEmail]) {
      expect(signins.some((line) => line.includes(email))).toBe(true);
    }
    const kyc = await trailLines(admin.page, 'ops.kycApprove');
    expect(
      kyc.some((line) => line.includes(complianceEmail) && line.includes(ada.email) && line.includes('Done')),
    ).toBe(true);
    const approvals = await trailLines(admin.page, 'ops.withdrawalsApprove');
    const target = `withdrawal_id:${withdrawalId}`;
    expect(approvals.filter((line) => line.includes(financeEmail) && line.includes('Done'))).toHaveLength(1);
    expect(approvals.filter((line) => line.includes(financeEmail) && line.includes('Refused'))).toHaveLength(
      1,
    );
    expect(approvals.filter((line) => line.includes(boss.email) && line.includes('Done'))).toHaveLength(1);
    expect(approvals.every((line) => line.includes(target))).toBe(true);
    // The filtered trail as CSV, as the browser downloads it: a header and the three approval lines.
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.page.getByTestId('admin-trail-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fit24-trail-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe('#,Time,Operator,Action,Target,Outcome,IP,Hash,Detail');
    expect(csv.slice(1)).toHaveLength(3);
    expect(csv.slice(1).every((line) => line.includes(',ops.withdrawalsApprove,withdrawal_id:'))).toBe(true);
    expect(csv.filter((line) => line.includes(',refused,'))).toHaveLength(1);

    const markets = await trailLines(admin.page, 'ops.marketCreate');
    expect(markets.some((line) => line.includes(boss.email) && line.includes('Done'))).toBe(true);
    await admin.page.locator('[data-testid^="admin-trail-"][data-row] button[aria-expanded]').first().click();
    expect(await admin.page.getByTestId('admin-trail-detail').textContent()).toContain('"base": "ETH"');
    await shot(admin.page, 'trail-1280');

    await openFromMenu(admin.page, 'dashboard', 'dashboard', '/admin');
    await admin.page.getByTestId('admin-run-audit').click();
    const result = admin.page.getByTestId('admin-audit-result');
    await result.waitFor();
    const chain = admin.page.locator(
      '[data-testid="admin-audit-check"][data-name="the operators\' trail is unbroken"]',
    );
    expect(await chain.getAttribute('data-ok')).toBe('1');
    expect(await chain.textContent()).toMatch(/\d+ entries, each chained to the one before/);
    expect(await result.getAttribute('data-ok')).toBe('1');
    await shot(admin.page, 'audit-1280');

    // ── Disabled by the admin, finance's session ends: the next call answers 401 and the console signs out.
    await openFromMenu(admin.page, 'operators', 'operators', '/admin/operators');
    const financeRow = admin.page.getByTestId(`admin-operator-${financeEmail}`);
    await financeRow.locator('[data-testid^="admin-operator-toggle-"]').click();
    await confirmDialog(admin.page);
    await expect.poll(() => financeRow.textContent()).toContain('Disabled');
    await openFromMenu(finance.page, 'deposits', 'deposits', '/admin/deposits').catch(() => undefined);
    await finance.page.waitForURL((url) => url.pathname === '/admin/signin', { timeout: 10_000 });
    await finance.page.getByTestId('admin-signin-email').waitFor();
    expect(await finance.page.evaluate(() => sessionStorage.getItem('fit24.ops.session'))).toBeNull();

    for (const tab of [admin, compliance, finance]) await tab.context.close();
  }, 150_000); // three operators' whole day in one story: more steps than the suite's 60 s allow

  it('support work and settings: a user found, signed out everywhere, frozen and unfrozen; a market halted and resumed; an asset paused; the pool funded', async () => {
    const boss = await createOperator(stack.ctx, 'admin');
    const { context, page } = await newDesktopPage(stack);
    await plantOperatorSession(page, await operatorSession(stack, boss));
    const ada = await signedUpUser(stack, { name: 'Ada Byron' });

    // Found by the start of her name; her page shows her sessions, and ends them all.
    await page.goto('/admin/users');
    await expectConsolePage(page, 'users', '/admin/users');
    await page.getByTestId('admin-users-search').fill('Ada By');
    await page.getByTestId('admin-users-search').press('Enter');
    const row = page.locator('[data-testid^="admin-user-row-"]');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('admin-user-link').click();
    await expectConsolePage(page, 'user', '/admin/user');
    await expect.poll(() => page.getByTestId('admin-user-sessions').textContent()).toContain('Active');
    await page.getByTestId('admin-user-revoke').click();
    await confirmDialog(page);
    await expect.poll(() => visibleText(page)).toContain('1 session ended');
    expect((await api(stack, 'GET', '/api/account', { token: ada.token })).status).toBe(401);

    await page.getByTestId('admin-user-freeze').click();
    await confirmDialog(page);
    await expect.poll(() => page.getByTestId('admin-user-state').getAttribute('data-frozen')).toBe('1');
    await page.getByTestId('admin-user-unfreeze').click();
    await confirmDialog(page);
    await expect.poll(() => page.getByTestId('admin-user-state').getAttribute('data-frozen')).toBe('0');

    // A market halted refuses orders at once; resumed, it takes them again.
    await page.goto('/admin/markets');
    await expectConsolePage(page, 'markets', '/admin/markets');
    await page.getByTestId('admin-market-halt-FIT24/USDT').click();
    await confirmDialog(page);
    await page.getByTestId('admin-market-resume-FIT24/USDT').waitFor();
    expect(await page.getByTestId('admin-market-FIT24/USDT').textContent()).toContain('Halted');
    const halted = (await ops(stack, 'GET', '/ops/markets')).markets.find(
      (m: { symbol: string }) => m.symbol === 'FIT24/USDT',
    );
    expect(halted.status).toBe('HALTED');
    await page.getByTestId('admin-market-resume-FIT24/USDT').click();
    await confirmDialog(page);
    await page.getByTestId('admin-market-halt-FIT24/USDT').waitFor();

    // An asset's withdrawals paused from its edit form.
    await page.getByTestId('admin-tab-assets').click();
    await page.getByTestId('admin-asset-edit-ETH').click();
    const form = page.getByTestId('admin-asset-form');
    await form.waitFor();
    await form.getByTestId('admin-asset-withdrawals').uncheck();
    await form.getByTestId('admin-asset-fee').fill('0.003');
    await form.getByTestId('admin-asset-form-submit').click();
    await expect.poll(() => visibleText(page)).toContain('ETH saved');
    const eth = (await ops(stack, 'GET', '/ops/assets')).assets.find(
      (a: { symbol: string }) => a.symbol === 'ETH',
    );
    expect(eth).toMatchObject({ withdraw_enabled: 0, deposit_enabled: 1, withdraw_fee: '0.003' });

    // The pool funded from the programme page: its new balance shown.
    await page.goto('/admin/programme');
    await expectConsolePage(page, 'programme', '/admin/programme');
    const before = (await ops(stack, 'GET', '/ops/dashboard')).dashboard.pool_balance as string;
    await page.getByTestId('admin-pool-amount').fill('1000');
    await page.getByTestId('admin-pool-fund-submit').click();
    const expected = (Number(before) + 1000).toLocaleString('en-GB', { minimumFractionDigits: 2 });
    await expect
      .poll(() => page.getByTestId('admin-pool-fund-done').textContent())
      .toContain(`${expected} FIT24`);
    await context.close();
  });
});
