import { join } from 'node:path';
import type { TStoredSession } from '@fit24/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeSegwitV0 } from '../../server/src/modules/chain/bech32.ts';
import { codeAt } from '../../server/src/modules/security/totp.ts';
import {
  api,
  DESKTOP,
  deposit,
  expectPage,
  fill,
  freshIdentity,
  newDesktopPage,
  newPhonePage,
  newSizedPage,
  outbox,
  outboxOtp,
  PHONE,
  plantSession,
  realSession,
  type Stack,
  screenshotDir,
  securityCard,
  setTxnPassword,
  shooter,
  shownPage,
  storedSession,
  suiteStack,
  visibleText,
} from './harness.ts';

const TXN = 'Vault-PIN-7731';
const NEW_PASSWORD = 'Fresh-Start-2025!';
const BOOK_ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
/** Valid regtest addresses: one never saved, one saved late (still waiting out the delay). */
const OTHER_ADDRESS = encodeSegwitV0('bcrt', new Uint8Array(20).fill(7));
const LATE_ADDRESS = encodeSegwitV0('bcrt', new Uint8Array(20).fill(9));
const PHRASE = 'Blue Falcon 42';
/** A valid (EIP-55) ethereum-network address, for USDT. */
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const shot = shooter('money-controls');

/** What the app shows for an epoch-seconds moment (lib/date-time.ts), in the browser's own time zone. */
const localTime = (page: Page, epochSeconds: number) =>
  page.evaluate((seconds) => {
    const date = new Date(seconds * 1000);
    const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    return `${day}, ${time}`;
  }, epochSeconds);

/** A screenshot of an overlay (sheet, alert) as it rests, its opening animation run to the end. */
const overlayShot = (page: Page, name: string) =>
  page.screenshot({ path: join(screenshotDir, `money-controls-${name}.png`), animations: 'disabled' });

/** A card of the security page, scrolled into view and photographed on its own. */
async function shootCard(page: Page, testId: string, name: string) {
  const card = await securityCard(page, testId);
  await card.screenshot({ path: join(screenshotDir, `money-controls-${name}.png`) });
}

/** The withdraw page of an asset, signed in as `who`, at a phone's or a desktop's size. */
async function openWithdraw(stack: Stack, who: TStoredSession, assetId: number, viewport: typeof PHONE) {
  const { context, page } = await newSizedPage(stack, viewport);
  await plantSession(page, who);
  await page.goto(`/funds/withdraw?asset_id=${assetId}`);
  await expectPage(page, 'funds/withdraw', '/funds/withdraw');
  return { context, page, withdraw: shownPage(page, 'funds/withdraw') };
}

describe('money-movement controls in a real browser', () => {
  const stack = suiteStack();
  let session: TStoredSession;
  let btc: number;
  const email = () => session.user.email_id;
  const security = async (token = session.token) =>
    (await api(stack, 'GET', '/api/security', { token })).body.data.security;

  beforeAll(async () => {
    const assets = await stack.ctx.db.selectFrom('assets').select(['asset_id', 'symbol']).execute();
    btc = assets.find((a) => a.symbol === 'BTC')!.asset_id;
    session = await realSession(stack, { emailVerified: true, name: 'Grace Hopper' });
    await setTxnPassword(stack, session, TXN);
    await deposit(stack, email(), 'BTC', '0.8');
  });

  it('address book → emailed code → pending → active, whitelist-only, and a withdrawal picked from the book', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, session);
    await page.goto('/security');
    await expectPage(page, 'security', '/security');
    const book = shownPage(page, 'security').getByTestId('security-addresses');
    await book.getByTestId('addresses-empty').waitFor();

    // Add: asset, label, address; the server emails a code that confirms this address only.
    await book.getByTestId('address-add-open').click();
    await book.getByTestId('address-add-asset').click();
    await page.locator('ion-select-popover ion-item').filter({ hasText: 'BTC ·' }).click();
    await fill(page, 'address-add-label', 'Cold wallet');
    await fill(page, 'address-add-address', BOOK_ADDRESS);
    await book.getByTestId('address-add-submit').click();
    await book.getByTestId('address-confirm-form').waitFor();
    await shootCard(page, 'security-addresses', 'address-confirm-390');
    const row = book.getByTestId('address-row').first();
    await expect.poll(() => row.getAttribute('data-status')).toBe('UNCONFIRMED');
    await fill(page, 'address-confirm-otp', await outboxOtp(stack, email()));
    await book.getByTestId('address-confirm-submit').click();

    // Pending for the delay, with the time it becomes usable in the user's time zone.
    await expect.poll(() => row.getAttribute('data-status')).toBe('PENDING');
    const [saved] = (await api(stack, 'GET', '/api/security/addresses', { token: session.token })).body.data
      .addresses;
    expect(saved).toMatchObject({ label: 'Cold wallet', address: BOOK_ADDRESS, status: 'PENDING' });
    const usableFrom = await localTime(page, saved.usable_date);
    await expect
      .poll(() => row.getByTestId('address-when').textContent())
      .toContain(`Usable from ${usableFrom}`);
    await expect
      .poll(() => row.getByTestId('address-when').textContent())
      .toMatch(/\(in 2[34] h( \d+ min)?\)/);
    await shootCard(page, 'security-addresses', 'address-pending-390');

    // The delay passes on the server: the entry is active.
    stack.ctx.clock.advance(86_401);
    await page.reload();
    await expectPage(page, 'security', '/security');
    await expect.poll(() => row.getAttribute('data-status')).toBe('ACTIVE');
    expect(await row.getByTestId('address-when').count()).toBe(0);

    // Whitelist-only on: at once.
    const whitelist = await securityCard(page, 'security-whitelist');
    await whitelist.getByTestId('whitelist-toggle').click();
    await expect.poll(() => whitelist.getByTestId('whitelist-status').textContent()).toBe('On');
    expect((await security()).whitelist_only).toBe(1);
    await shootCard(page, 'security-addresses', 'address-book-390');
    await shootCard(page, 'security-whitelist', 'whitelist-390');

    // A second address, saved and confirmed now (through the API): it waits out its own delay.
    const late = await api(stack, 'POST', '/api/security/addresses/add', {
      token: session.token,
      body: { asset_id: btc, label: 'Exchange deposit', address: LATE_ADDRESS },
    });
    await api(stack, 'POST', '/api/security/addresses/confirm', {
      token: session.token,
      body: { address_id: late.body.data.address.address_id, otp: await outboxOtp(stack, email()) },
    });

    // Withdraw: only the address book is allowed; pick the entry, it fills the address.
    await page.goto(`/funds/withdraw?asset_id=${btc}`);
    await expectPage(page, 'funds/withdraw', '/funds/withdraw');
    const withdraw = shownPage(page, 'funds/withdraw');
    await withdraw.getByTestId('withdraw-whitelist').waitFor();
    await expect
      .poll(() => withdraw.getByTestId('withdraw-limit-left').textContent())
      .toBe('$1,000.00 left of $1,000.00');

    // Any other address is refused, with the server's words.
    await fill(page, 'withdraw-address', OTHER_ADDRESS);
    await fill(page, 'withdraw-amount', '0.01');
    await withdraw.getByTestId('withdraw-review').click();
    await fill(page, 'withdraw-txn-password', TXN);
    await page.getByTestId('withdraw-confirm').click();
    await expect.poll(() => visibleText(page)).toContain('is not in your address book');

    await withdraw.getByTestId('withdraw-book-open').click();
    const sheet = page.getByTestId('withdraw-book-sheet');
    await sheet.getByTestId('withdraw-book-item').first().waitFor();
    const waiting = sheet.locator('[data-testid="withdraw-book-item"][data-status="PENDING"]');
    expect(await waiting.isDisabled()).toBe(true);
    expect(await waiting.textContent()).toContain('Usable from');
    await overlayShot(page, 'withdraw-book-sheet-390');
    await sheet.locator('[data-testid="withdraw-book-item"][data-status="ACTIVE"]').click();
    await expect.poll(() => withdraw.getByTestId('withdraw-book-picked').textContent()).toBe('Cold wallet');
    await sheet.waitFor({ state: 'hidden' });
    expect(await withdraw.getByTestId('withdraw-address').locator('input').inputValue()).toBe(BOOK_ADDRESS);
    await shot(page, 'withdraw-picked-390');
    await withdraw.getByTestId('withdraw-review').click();
    await expect.poll(() => page.getByTestId('withdraw-review-label').textContent()).toContain('Cold wallet');
    await fill(page, 'withdraw-txn-password', TXN);
    await overlayShot(page, 'withdraw-review-book-390');
    await page.getByTestId('withdraw-confirm').click();
    await expect
      .poll(() => withdraw.getByTestId('withdraw-result').getAttribute('data-status'))
      .toBe('PENDING');
    const history = await api(stack, 'GET', `/api/asset/transactions?asset_id=${btc}&page=1`, {
      token: session.token,
    });
    expect(history.body.data.transactions[0]).toMatchObject({ type: 'WITHDRAWAL', address: BOOK_ADDRESS });

    // The same screens on a desktop.
    const { context: desktop, page: wide } = await newDesktopPage(stack);
    await plantSession(wide, session);
    await wide.goto(`/funds/withdraw?asset_id=${btc}`);
    await expectPage(wide, 'funds/withdraw', '/funds/withdraw');
    await shownPage(wide, 'funds/withdraw').getByTestId('withdraw-book-open').click();
    await wide
      .getByTestId('withdraw-book-sheet')
      .locator('[data-testid="withdraw-book-item"][data-status="ACTIVE"]')
      .click();
    await wide.getByTestId('withdraw-book-sheet').waitFor({ state: 'hidden' });
    await shot(wide, 'withdraw-picked-1280');
    await wide.goto('/security');
    await expectPage(wide, 'security', '/security');
    await shownPage(wide, 'security').getByTestId('address-row').first().waitFor();
    await shootCard(wide, 'security-addresses', 'address-book-1280');
    await shootCard(wide, 'security-whitelist', 'whitelist-1280');
    await desktop.close();
    await context.close();
  });

  it('a password reset pauses withdrawals: the banner says until when, and the server refuses', async () => {
    await api(stack, 'POST', '/api/auth/password/otp', { body: { email_id: email() } });
    const otp = await outboxOtp(stack, email());
    const reset = await api(stack, 'POST', '/api/auth/password', {
      body: { email_id: email(), otp, password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    const signin = await api(stack, 'POST', '/api/auth/signin', {
      body: { email_id: email(), password: NEW_PASSWORD },
    });
    expect(signin.status).toBe(200);
    session = { token: signin.body.data.token, user: signin.body.data.user };
    const { cooldown_until: until } = await security();
    expect(until).toBeGreaterThan(0);

    for (const [viewport, name] of [
      [PHONE, 'cooldown-390'],
      [DESKTOP, 'cooldown-1280'],
    ] as const) {
      const { context, page, withdraw } = await openWithdraw(stack, session, btc, viewport);
      const title = withdraw.getByTestId('withdraw-cooldown-title');
      await expect
        .poll(() => title.textContent())
        .toBe(`Withdrawals are paused until ${await localTime(page, until)}`);
      expect(await withdraw.getByTestId('withdraw-cooldown').textContent()).toContain(
        'After your password change',
      );
      expect(await withdraw.getByTestId('withdraw-review').getAttribute('disabled')).not.toBeNull();
      await shot(page, name);
      await context.close();
    }

    const refused = await api(stack, 'POST', '/api/asset/withdraw', {
      token: session.token,
      body: { asset_id: btc, address: BOOK_ADDRESS, amount: '0.01', txn_password: TXN },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.data.until).toBe(until);
  });

  it('the KYC page states the real withdrawal limits and the tier', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, session);
    await page.goto('/kyc');
    await expectPage(page, 'kyc', '/kyc');
    const limits = shownPage(page, 'kyc').getByTestId('kyc-limits');
    await expect.poll(() => limits.getAttribute('data-tier')).toBe('UNVERIFIED');
    expect(await limits.getByTestId('kyc-limit-UNVERIFIED').textContent()).toContain(
      'up to $1,000.00 per 24 h',
    );
    expect(await limits.getByTestId('kyc-limit-VERIFIED').textContent()).toContain(
      'up to $100,000.00 per 24 h',
    );
    expect(await limits.getByTestId('kyc-limit-UNVERIFIED').textContent()).toContain('Your tier');
    await limits.screenshot({ path: join(screenshotDir, 'money-controls-kyc-limits-390.png') });
    await context.close();
  });

  it('the KYC limit as a user meets it: what is left, then a refusal shown as a banner with the time', async () => {
    const user = await realSession(stack, { emailVerified: true });
    await setTxnPassword(stack, user, TXN);
    await deposit(stack, user.user.email_id, 'USDT', '1500');
    const usdt = (
      await stack.ctx.db
        .selectFrom('assets')
        .select('asset_id')
        .where('symbol', '=', 'USDT')
        .executeTakeFirstOrThrow()
    ).asset_id;
    const usdtBalance = async () =>
      (await api(stack, 'GET', '/api/asset/balances', { token: user.token })).body.data.balances.find(
        (b: { symbol: string }) => b.symbol === 'USDT',
      );
    const withdrawBody = (amount: string) => ({
      asset_id: usdt,
      address: ETH_ADDRESS,
      amount,
      txn_password: TXN,
    });

    // UNVERIFIED (KYC not approved): $1,000 per rolling 24 h. 900 USDT (1 USD each) waits for an operator
    // and counts against it.
    const first = await api(stack, 'POST', '/api/asset/withdraw', {
      token: user.token,
      body: withdrawBody('900'),
    });
    expect(first.status).toBe(200);
    expect(first.body.data.withdrawal.status).toBe('PENDING');
    const before = await usdtBalance();
    expect(before.available).toBe('598'); // 1,500 − 900 − the 2 USDT fee

    for (const [viewport, name] of [
      [PHONE, 'kyc-limit-refused-390'],
      [DESKTOP, 'kyc-limit-refused-1280'],
    ] as const) {
      const { context, page, withdraw } = await openWithdraw(stack, user, usdt, viewport);
      const limit = withdraw.getByTestId('withdraw-limit');
      await expect
        .poll(() => limit.getByTestId('withdraw-limit-left').textContent())
        .toBe('$100.00 left of $1,000.00');
      expect(await limit.getAttribute('data-tier')).toBe('UNVERIFIED');
      expect(await limit.getByTestId('withdraw-limit-kyc').count()).toBe(1);
      const available = await withdraw.getByTestId('withdraw-available').textContent();
      expect(available).toBe('598.00 USDT');

      // 200 USDT is more than the $100 left: review, password, confirm; the server refuses.
      await fill(page, 'withdraw-address', ETH_ADDRESS);
      await fill(page, 'withdraw-amount', '200');
      await expect.poll(() => withdraw.getByTestId('withdraw-total').textContent()).toBe('202.00 USDT');
      await withdraw.getByTestId('withdraw-review').click();
      await fill(page, 'withdraw-txn-password', TXN);
      const answered = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/asset/withdraw' && r.request().method() === 'POST',
      );
      await page.getByTestId('withdraw-confirm').click();
      const response = await answered;
      expect(response.status()).toBe(422);
      const refusal = await response.json();
      const until: number = refusal.data.until;
      expect(until).toBeGreaterThan(Math.floor(stack.ctx.clock.now().getTime() / 1000));
      expect(refusal.message).toContain('is over your limit of');

      // The refusal is a banner above the form: when it is possible again, in local time, and the
      // server's words; the review sheet closes, the amount field says why, and no toast repeats it.
      const banner = withdraw.getByTestId('withdraw-paused');
      await banner.waitFor();
      expect(await banner.getAttribute('role')).toBe('alert');
      expect(await banner.getByTestId('withdraw-paused-title').textContent()).toBe(
        `Possible again from ${await localTime(page, until)}`,
      );
      expect(await banner.textContent()).toContain(refusal.message);
      await page.getByTestId('withdraw-review-sheet').waitFor({ state: 'hidden' });
      await expect
        .poll(async () => (await withdraw.getByTestId('withdraw-amount').textContent())?.toLowerCase())
        .toContain(refusal.fields.amount.toLowerCase());
      expect(await withdraw.getByTestId('withdraw-form-error').count()).toBe(0);
      expect(await page.locator('ion-toast .toast-message').allTextContents()).not.toContain(refusal.message);

      await shot(page, name);

      // Nothing moved: the balance and what is left of the limit are as before.
      expect(await usdtBalance()).toEqual(before);
      await page.reload();
      await expectPage(page, 'funds/withdraw', '/funds/withdraw');
      await expect
        .poll(() => shownPage(page, 'funds/withdraw').getByTestId('withdraw-available').textContent())
        .toBe(available);
      await expect
        .poll(() => shownPage(page, 'funds/withdraw').getByTestId('withdraw-limit-left').textContent())
        .toBe('$100.00 left of $1,000.00');
      await context.close();

      // The same request through the API answers the same moment: when the 900 leaves the window.
      const again = await api(stack, 'POST', '/api/asset/withdraw', {
        token: user.token,
        body: withdrawBody('200'),
      });
      expect(again.status).toBe(422);
      expect(again.body.data.until).toBe(until);
      expect(again.body.data.until).toBe(first.body.data.withdrawal.creation_date + 86_400);
      expect(await usdtBalance()).toEqual(before);
    }
  });

  it('anti-phishing code: set in the browser, shown in the next email; then freeze signs out', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, session);
    await page.goto('/security');
    await expectPage(page, 'security', '/security');
    const card = await securityCard(page, 'security-anti-phishing');
    await expect.poll(() => card.getByTestId('anti-phishing-status').textContent()).toBe('Not set');
    await card.getByTestId('anti-phishing-edit').click();
    await fill(page, 'anti-phishing-input', 'no');
    await card.getByTestId('anti-phishing-save').click();
    await expect.poll(() => visibleText(page)).toContain('Must be at least 4 characters');
    await shootCard(page, 'security-anti-phishing', 'anti-phishing-edit-390');
    await fill(page, 'anti-phishing-input', PHRASE);
    await card.getByTestId('anti-phishing-save').click();
    await expect.poll(() => card.getByTestId('anti-phishing-phrase').textContent()).toBe(PHRASE);
    expect((await security()).anti_phishing_phrase).toBe(PHRASE);
    await shootCard(page, 'security-anti-phishing', 'anti-phishing-390');

    // The next email from us opens with the phrase.
    await api(stack, 'GET', '/api/user/txn/password/otpcode', { token: session.token });
    const [latest] = await outbox(stack, email());
    expect(latest!.text.split('\n')[0]).toBe(`Your anti-phishing code: «${PHRASE}»`);

    // Whitelist-only off: it holds for the delay, and says until when.
    const whitelist = await securityCard(page, 'security-whitelist');
    await whitelist.getByTestId('whitelist-toggle').click();
    await whitelist.getByTestId('whitelist-off-form').waitFor();
    expect(await whitelist.textContent()).toContain('takes effect 24 hours from now');
    await shootCard(page, 'security-whitelist', 'whitelist-off-390');
    await whitelist.getByTestId('whitelist-off-confirm').click();
    await expect.poll(() => whitelist.getByTestId('whitelist-status').textContent()).toBe('Ending');
    const { whitelist_off_date: ends } = await security();
    expect(await whitelist.getByTestId('whitelist-ending').textContent()).toContain(
      await localTime(page, ends),
    );
    await shootCard(page, 'security-whitelist', 'whitelist-ending-390');

    // Freeze: a clear warning first, then every session ends and the app is back at the root.
    const freeze = await securityCard(page, 'security-freeze');
    await shootCard(page, 'security-freeze', 'freeze-390');
    await freeze.getByTestId('freeze-open').click();
    const alert = page.locator('ion-alert');
    await expect
      .poll(() => alert.textContent())
      .toContain('Withdrawals and transfers stop until our support team unfreezes');
    await overlayShot(page, 'freeze-alert-390');
    await page.getByTestId('freeze-confirm').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await expect.poll(() => storedSession(page)).toBeNull();
    expect((await api(stack, 'GET', '/api/security', { token: session.token })).body.code).toBe(502);
    await context.close();
  });

  it('with two-factor authentication on, a transfer and a new address ask for the app code', async () => {
    const owner = await realSession(stack, { emailVerified: true });
    const friend = await realSession(stack, { emailVerified: true, name: 'Alan Turing' });
    await setTxnPassword(stack, owner, TXN);
    await deposit(stack, owner.user.email_id, 'USDT', '300');
    const setup = await api(stack, 'POST', '/api/security/totp/setup', { token: owner.token });
    const secret: string = setup.body.data.secret;
    const now = () => Math.floor(stack.ctx.clock.now().getTime() / 1000);
    const enabled = await api(stack, 'POST', '/api/security/totp/enable', {
      token: owner.token,
      body: { code: codeAt(secret, now()) },
    });
    expect(enabled.status).toBe(200);
    // Each code is accepted once: the next one is the app's code 30 seconds later.
    const nextCode = () => {
      stack.ctx.clock.advance(30);
      return codeAt(secret, now());
    };

    const { context, page } = await newPhonePage(stack);
    await plantSession(page, owner);
    const usdt = (
      await stack.ctx.db
        .selectFrom('assets')
        .select('asset_id')
        .where('symbol', '=', 'USDT')
        .executeTakeFirstOrThrow()
    ).asset_id;
    await page.goto(`/funds/transfer?asset_id=${usdt}`);
    await expectPage(page, 'funds/transfer', '/funds/transfer');
    await fill(page, 'transfer-email', friend.user.email_id);
    // Who the transfer pays, masked, before the review opens; and again in the review.
    const named = shownPage(page, 'funds/transfer').getByTestId('transfer-recipient');
    await named.waitFor();
    expect(await named.textContent()).toBe('Sending to A**n T****g');
    expect(await visibleText(page)).not.toContain('Alan Turing');
    await fill(page, 'transfer-amount', '25');
    await shownPage(page, 'funds/transfer').getByTestId('transfer-review').click();
    expect(await page.getByTestId('transfer-review-name').textContent()).toBe('A**n T****g');
    await fill(page, 'transfer-txn-password', TXN);
    await page.getByTestId('transfer-confirm').click();
    await expect
      .poll(() => visibleText(page))
      .toContain('Enter the 6-digit code from your authenticator app');
    await fill(page, 'transfer-2fa-code', '000000');
    await page.getByTestId('transfer-confirm').click();
    await expect.poll(() => visibleText(page)).toContain('The code is not correct.');
    await fill(page, 'transfer-2fa-code', nextCode());
    await expect.poll(() => visibleText(page)).not.toContain('Is not correct');
    await page.getByTestId('transfer-2fa-code').scrollIntoViewIfNeeded();
    await overlayShot(page, 'transfer-2fa-390');
    await page.getByTestId('transfer-confirm').click();
    await shownPage(page, 'funds/transfer').getByTestId('transfer-result').waitFor();
    const balances = await api(stack, 'GET', '/api/asset/balances', { token: friend.token });
    expect(balances.body.data.balances.find((b: { symbol: string }) => b.symbol === 'USDT').available).toBe(
      '25',
    );

    // A security change lands while the next transfer is in review: the refusal becomes the banner.
    await page.goto(`/funds/transfer?asset_id=${usdt}`);
    await expectPage(page, 'funds/transfer', '/funds/transfer');
    await fill(page, 'transfer-email', friend.user.email_id);
    await fill(page, 'transfer-amount', '10');
    await shownPage(page, 'funds/transfer').getByTestId('transfer-review').click();
    await fill(page, 'transfer-txn-password', TXN);
    await fill(page, 'transfer-2fa-code', nextCode());
    const { mobile } = freshIdentity();
    await api(stack, 'POST', '/api/user/mobile/update', { token: owner.token, body: { mobile } });
    await api(stack, 'POST', '/api/auth/mobile/verify', {
      token: owner.token,
      body: { otp: await outboxOtp(stack, mobile) },
    });
    await page.getByTestId('transfer-confirm').click();
    const paused = shownPage(page, 'funds/transfer').getByTestId('transfer-cooldown');
    await paused.waitFor();
    const { cooldown_until: pausedUntil } = await security(owner.token);
    expect(await paused.getByTestId('transfer-cooldown-title').textContent()).toBe(
      `Transfers are paused until ${await localTime(page, pausedUntil)}`,
    );
    expect(await paused.textContent()).toContain('After your mobile number change');
    expect(
      await shownPage(page, 'funds/transfer').getByTestId('transfer-review').getAttribute('disabled'),
    ).not.toBeNull();
    await page.getByTestId('transfer-review-sheet').waitFor({ state: 'hidden' });
    await shot(page, 'transfer-paused-390');

    // No BTC address saved yet: the withdraw page leads to the address book's add form for BTC.
    await page.goto(`/funds/withdraw?asset_id=${btc}`);
    await expectPage(page, 'funds/withdraw', '/funds/withdraw');
    await shownPage(page, 'funds/withdraw').getByTestId('withdraw-book-add').click();
    await expectPage(page, 'security', '/security');
    const book = shownPage(page, 'security').getByTestId('security-addresses');
    await book.getByTestId('address-add-form').waitFor();
    expect(await book.getByTestId('address-add-asset').textContent()).toContain('BTC · Bitcoin');
    await fill(page, 'address-add-label', 'Ledger');
    await fill(page, 'address-add-address', BOOK_ADDRESS);
    await fill(page, 'address-add-2fa-code', nextCode());
    await shootCard(page, 'security-addresses', 'address-add-2fa-390');
    await book.getByTestId('address-add-submit').click();
    await book.getByTestId('address-confirm-form').waitFor();
    expect(await book.getByTestId('address-row').first().getAttribute('data-status')).toBe('UNCONFIRMED');
    await context.close();
  });
});
