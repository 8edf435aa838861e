import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signedUpUser, signInThroughPage } from './accounts.ts';
import {
  api,
  expectPage,
  fill,
  freshIdentity,
  newPhonePage,
  outbox,
  outboxOtp,
  securityCard,
  shootBothSizes,
  shooter,
  storedSession,
  suiteStack,
  visibleText,
} from './harness.ts';

const shot = shooter('email-change');

/** Presses a button and returns the server's message of the call it makes to `path`. */
async function pressAndReadAnswer(page: Page, testId: string, path: string): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path),
    page.getByTestId(testId).click(),
  ]);
  const body = (await response.json()) as { error: boolean; message: string };
  expect(body.error).toBe(true);
  return body.message;
}

/** The toasts on screen, once the one replaced has left. */
async function toasts(page: Page): Promise<string[]> {
  return page.locator('ion-toast .toast-message').allTextContents();
}

async function bothSizes(page: Page, name: string): Promise<void> {
  // Let a toast finish sliding in: a screenshot mid-animation shows two overlapping.
  await expect.poll(() => page.locator('ion-toast').count()).toBeLessThanOrEqual(1);
  await page.waitForTimeout(500);
  await shootBothSizes(page, shot, name);
}

describe('changing the sign-in email on the security screen, in a real browser', () => {
  const stack = suiteStack();

  it('refuses a wrong password, then changes the email with the code sent to the new address', async () => {
    const { email: oldEmail } = await signedUpUser(stack);
    const newEmail = freshIdentity().email;
    const { context, page } = await newPhonePage(stack);
    await signInThroughPage(page, oldEmail);

    await page.goto('/security');
    await expectPage(page, 'security', '/security');
    const card = await securityCard(page, 'security-email');
    await expect.poll(() => card.getByTestId('security-email-current').textContent()).toBe(oldEmail);
    await bothSizes(page, 'card');

    // A wrong password: refused in the server's words, at the field and in a toast; no code is sent.
    await card.getByTestId('security-email-start').click();
    await fill(page, 'security-email-new', newEmail);
    await fill(page, 'security-email-password', 'Not-The-Password-9');
    const refusal = await pressAndReadAnswer(page, 'security-email-send', '/api/account/email/change');
    expect(refusal).toBe('The password is not correct.');
    await expect.poll(() => visibleText(page)).toContain(refusal);
    await expect
      .poll(() => page.getByTestId('security-email-password').getAttribute('aria-invalid'))
      .toBe('true');
    await expect.poll(() => visibleText(page)).toContain('Is not correct');
    await bothSizes(page, 'wrong-password');
    expect(await outbox(stack, newEmail)).toHaveLength(0);

    // The right password: a code goes to the new address, with the wait before another may be asked.
    await fill(page, 'security-email-password', PASSWORD);
    await page.getByTestId('security-email-send').click();
    const sent = page.getByTestId('security-email-sent');
    await sent.waitFor();
    // The password's refusal gives way to the news that the code went out.
    await expect.poll(() => toasts(page)).toEqual([`We sent a code to ${newEmail}`]);
    expect(await sent.textContent()).toBe(`We sent a code to ${newEmail}. Enter it to make it your email.`);
    await expect
      .poll(() => page.getByTestId('security-email-resend').textContent())
      .toMatch(/in 0:[0-5]\d|in 1:00/i);
    expect(await page.getByTestId('security-email-resend').getAttribute('disabled')).not.toBeNull();
    await bothSizes(page, 'code');

    // A wrong code is refused in the server's words; nothing changes.
    const otp = await outboxOtp(stack, newEmail);
    await fill(page, 'security-email-otp', otp === '000000' ? '111111' : '000000');
    const wrongCode = await pressAndReadAnswer(page, 'security-email-confirm', '/api/account/email/confirm');
    await expect.poll(() => visibleText(page)).toContain(wrongCode);
    expect(await card.getByTestId('security-email-current').textContent()).toBe(oldEmail);
    await bothSizes(page, 'wrong-code');

    // The right code: a toast, the new address on the card and the pause on money that leaves.
    await fill(page, 'security-email-otp', otp);
    await page.getByTestId('security-email-confirm').click();
    await expect.poll(() => visibleText(page)).toContain(`Your email is now ${newEmail}`);
    await expect.poll(() => card.getByTestId('security-email-current').textContent()).toBe(newEmail);
    const cooldown = card.getByTestId('security-email-cooldown');
    await cooldown.waitFor();
    expect(await cooldown.textContent()).toContain('withdrawals and transfers are paused for 24 hours');
    expect(await card.getByTestId('security-email-code-form').count()).toBe(0);
    await bothSizes(page, 'changed');

    // The stored session and the account tab show the new address.
    expect(JSON.parse((await storedSession(page)) ?? '{}').user.email_id).toBe(newEmail);
    await page.goto('/tabs/account');
    await expectPage(page, 'tabs/account', '/tabs/account');
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(newEmail);
    await shot(page, 'account-390');

    // The new email signs in; the old one no longer does; the cool-down is on for the email change.
    const signin = await api(stack, 'POST', '/api/auth/signin', {
      body: { email_id: newEmail, password: PASSWORD },
    });
    expect(signin.status).toBe(200);
    expect(signin.body.data.user.email_id).toBe(newEmail);
    const old = await api(stack, 'POST', '/api/auth/signin', {
      body: { email_id: oldEmail, password: PASSWORD },
    });
    expect(old.status).not.toBe(200);
    const toOld = await outbox(stack, oldEmail);
    expect(toOld.map((message) => message.subject)).toEqual(
      expect.arrayContaining([
        'Your FIT24 Exchange email is being changed',
        'Your FIT24 Exchange email was changed',
      ]),
    );
    const security = await api(stack, 'GET', '/api/security', { token: signin.body.data.token });
    expect(security.body.data.security.cooldown_reason).toBe('email changed');
    expect(security.body.data.security.cooldown_until).toBeGreaterThan(stack.ctx.clock.nowSeconds());
    await context.close();
  });
});
