import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, registeredUser, signedUpUser, signInThroughPage } from './accounts.ts';
import {
  api,
  DESKTOP,
  deposit,
  expectPage,
  newDesktopPage,
  newPhonePage,
  outbox,
  PHONE,
  setTxnPassword,
  shooter,
  shownPage,
  storedSession,
  suiteStack,
  visibleText,
} from './harness.ts';

const TXN_PASSWORD = 'Pay-PIN-8842';
const OUT_ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const NEW_SIGNIN_SUBJECT = 'New sign-in to your FIT24 Exchange account';
const shot = shooter('freeze');

describe('freezing an account from the new sign-in email, in a real browser', () => {
  const stack = suiteStack();

  /** The freeze links of the new-sign-in emails in the outbox, newest first, as the person reads them. */
  async function freezeLinks(email: string): Promise<URL[]> {
    return (await outbox(stack, email))
      .filter((m) => m.subject === NEW_SIGNIN_SUBJECT)
      .map((m) => new URL(/^https?:\/\/\S+\/freeze\?token=\S+$/m.exec(m.text)![0]));
  }

  /** Opens a link of the email on this server (PUBLIC_URL names the production host). */
  async function openLink(page: Page, link: URL): Promise<void> {
    expect(link.origin).toBe(stack.ctx.config.publicUrl);
    await page.goto(`${link.pathname}${link.search}`);
    await expectPage(page, 'freeze', '/freeze');
  }

  it('a sign-in from a new device emails a link; the link freezes the account; its sessions end and money stops', async () => {
    // The owner signs up (this process is the owner's device) with BTC and a transaction password.
    const who = await signedUpUser(stack, { name: 'Ada Lovelace' });
    const ownerToken = who.token;
    await setTxnPassword(stack, { token: ownerToken, user: { email_id: who.email } }, TXN_PASSWORD);
    await deposit(stack, who.email, 'BTC', '1');
    expect(await freezeLinks(who.email)).toEqual([]);

    // Someone else signs in from a browser: a device the account has never used.
    const intruder = await newPhonePage(stack);
    await signInThroughPage(intruder.page, who.email);
    const intruderToken = JSON.parse((await storedSession(intruder.page))!).token as string;

    const [link] = await freezeLinks(who.email);
    expect(link).toBeDefined();
    const alert = (await outbox(stack, who.email)).find((m) => m.subject === NEW_SIGNIN_SUBJECT)!;
    expect(alert.text).toMatch(/Device: Mozilla\/5\.0 .*Chrome/);
    expect(alert.text).toContain('IP address: 127.0.0.1');
    expect(alert.text).toContain("This wasn't me: freeze my account");

    // The owner opens the link on a phone with no session, reads what it does, and freezes.
    const owner = await newPhonePage(stack);
    await openLink(owner.page, link!);
    const ask = shownPage(owner.page, 'freeze').getByTestId('freeze-ask');
    await ask.waitFor();
    expect(await ask.textContent()).toContain('Freeze your account?');
    expect(await ask.textContent()).toContain(
      'Withdrawals and transfers stop until our support team unfreezes',
    );
    await shot(owner.page, 'ask-390');
    await owner.page.getByTestId('freeze-submit').click();
    await owner.page.getByTestId('freeze-done').waitFor();
    expect(await visibleText(owner.page)).toContain('Your account is frozen');
    await shot(owner.page, 'done-390');

    // Every session ended: the intruder's browser is sent to the root, the API refuses both tokens.
    for (const token of [ownerToken, intruderToken]) {
      expect((await api(stack, 'GET', '/api/account', { token })).body.code).toBe(502);
    }
    await intruder.page.goto('/tabs/wallet');
    await expectPage(intruder.page, 'welcome', '/');
    expect(await storedSession(intruder.page)).toBeNull();

    // The owner can still sign in, but no money leaves the account.
    const signin = await api(stack, 'POST', '/api/auth/signin', {
      body: { email_id: who.email, password: PASSWORD },
    });
    expect(signin.status).toBe(200);
    const token = signin.body.data.token as string;
    const security = await api(stack, 'GET', '/api/security', { token });
    expect(security.body.data.security.frozen).toBe(1);
    const btc = (await api(stack, 'GET', '/api/asset/balance?symbol=BTC', { token })).body.data.balance;
    const withdraw = await api(stack, 'POST', '/api/asset/withdraw', {
      token,
      body: { asset_id: btc.asset_id, address: OUT_ADDRESS, amount: '0.1', txn_password: TXN_PASSWORD },
    });
    expect(withdraw.status).toBe(403);
    expect(withdraw.body.message).toContain('Your account is frozen');
    const after = (await api(stack, 'GET', '/api/asset/balance?symbol=BTC', { token })).body.data.balance;
    expect(after.available).toBe('1');

    // The link was used: opened again on a desktop, it says so in the server's words.
    const { context: desktop, page } = await newDesktopPage(stack);
    await openLink(page, link!);
    await page.getByTestId('freeze-submit').click();
    await page.getByTestId('freeze-error').waitFor();
    expect(await page.getByTestId('freeze-error').textContent()).toContain('it was already used');
    await shot(page, 'used-1280');
    await page.setViewportSize(PHONE);
    await shot(page, 'used-390');
    await page.setViewportSize(DESKTOP);

    // A link cut short is explained without a call.
    await page.goto('/freeze?token=abc');
    await expectPage(page, 'freeze', '/freeze');
    await shownPage(page, 'freeze').getByTestId('freeze-error').waitFor();
    expect(await visibleText(page)).toContain('This link is incomplete');

    await Promise.all([intruder.context.close(), owner.context.close()]);
    await desktop.close();
  });

  it('shows the question and the result on a desktop too', async () => {
    const who = await registeredUser(stack);
    // A sign-in from another device (a desktop browser this time).
    const response = await fetch(`${stack.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: {
        'x-api-key': stack.ctx.config.apiKeys[0]!,
        'content-type': 'application/json',
        'user-agent': 'Desktop Browser/120.0 (Windows NT 10.0)',
      },
      body: JSON.stringify({ email_id: who.email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const [link] = await freezeLinks(who.email);

    const { context: desktop, page } = await newDesktopPage(stack);
    await openLink(page, link!);
    await page.getByTestId('freeze-ask').waitFor();
    await shot(page, 'ask-1280');
    await page.getByTestId('freeze-submit').click();
    await page.getByTestId('freeze-done').waitFor();
    await shot(page, 'done-1280');
    await page.getByTestId('freeze-login').click();
    await expectPage(page, 'login', '/login');
    await desktop.close();
  });
});
