import type { TStoredSession } from '@fit24/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../server/src/demo/demo.ts';
import { PASSWORD } from './accounts.ts';
import {
  api,
  DESKTOP,
  expectPage,
  fill,
  freshIdentity,
  newPhonePage,
  outboxOtp,
  plantSession,
  shooter,
  shownPage,
  suiteStack,
} from './harness.ts';

const shot = shooter('affiliate-demo', { fullPage: true });
const text = (page: Page, name: string, testId: string) =>
  shownPage(page, name).getByTestId(testId).first().textContent();

/** `DEMO=1` as a newcomer meets it: the demo user's programme at work, and a friend they invite. */
describe('the demo affiliate network and the invite link', () => {
  const stack = suiteStack({ demo: true });

  async function demoSession(): Promise<TStoredSession> {
    const signin = await api(stack, 'POST', '/api/auth/signin', {
      body: { email_id: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(signin.body.error, signin.body.message).toBe(false);
    return { token: signin.body.data.token, user: signin.body.data.user };
  }

  it('shows the demo user a dashboard with partners, a boosted stake, a countdown, a rank and rewards', async () => {
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, await demoSession());
    await page.goto('/affiliate');
    await expectPage(page, 'affiliate', '/affiliate');
    const dash = shownPage(page, 'affiliate');
    await expect.poll(() => text(page, 'affiliate', 'affiliate-total-staked')).toMatch(/^2,?500\.00$/);
    expect(await text(page, 'affiliate', 'affiliate-partners-count')).toBe('3');
    expect(await text(page, 'affiliate', 'affiliate-team-count')).toBe('8');
    await expect.poll(() => text(page, 'affiliate', 'affiliate-rank')).toBe('Bronze');
    expect(await text(page, 'affiliate', 'affiliate-earnings-total')).toMatch(/^\d+\.\d{2}$/);
    await expect.poll(() => dash.getByTestId('stake-item').count()).toBe(2);
    expect(await dash.getByTestId('stake-boosted').count()).toBe(1);
    expect(await text(page, 'affiliate', 'stake-countdown')).toMatch(/^0[89]:\d{2}:\d{2}:\d{2}$/);
    await page.waitForTimeout(500);
    await shot(page, 'dashboard-390');
    await page.setViewportSize(DESKTOP);
    await page.waitForTimeout(400);
    await shot(page, 'dashboard-1280');

    await dash.getByTestId('affiliate-tab-transactions').click();
    await expect.poll(() => dash.getByTestId('affiliate-tx-item').count()).toBeGreaterThan(10);
    const notes = await dash.getByTestId('affiliate-tx-item').allTextContents();
    expect(notes.join('\n')).toMatch(/Level 1 income from [A-Z]\*+[a-z] [A-Z]\*+[a-z]/);
    expect(notes.join('\n')).not.toMatch(/Maria|Santos|Okafor|Johansson/);
    await page.waitForTimeout(400);
    await shot(page, 'transactions-1280');
    await context.close();
  });

  it('lets a friend open the invite link, sign up with its code, and find it filled in to join', async () => {
    const { context, page } = await newPhonePage(stack);
    await page.goto('/r/DEMO2424');
    await expectPage(page, 'share', '/share');
    await expect.poll(() => text(page, 'share', 'share-invite-code')).toBe('DEMO2424');
    await shownPage(page, 'share').getByTestId('share-register').click();
    await expectPage(page, 'register', '/register');
    const referral = page.getByTestId('register-referral').locator('input');
    await expect.poll(() => referral.inputValue()).toBe('DEMO2424');

    const who = freshIdentity();
    await fill(page, 'register-name', 'Grace Hopper');
    await fill(page, 'register-email', who.email);
    await fill(page, 'register-password', PASSWORD);
    await page.getByTestId('register-country').click();
    await page.getByTestId('register-country-search').locator('input').fill('united kingdom');
    await page.getByTestId('register-country-option-GB').click();
    await fill(page, 'register-mobile', who.nationalMobile);
    await page.getByTestId('register-terms').click();
    await page.getByTestId('register-submit').click();
    await expectPage(page, 'verify', '/verify');
    await fill(page, 'verify-mobile-otp', await outboxOtp(stack, who.mobile));
    await page.getByTestId('verify-mobile-submit').click();
    await expect.poll(() => page.getByTestId('verify-mobile-state').getAttribute('data-verified')).toBe('1');
    await fill(page, 'verify-email-otp', await outboxOtp(stack, who.email));
    await page.getByTestId('verify-email-submit').click();
    await expectPage(page, 'tabs/home', '/tabs/home');

    // The code left the device with the sign-up; the server answers it for this device.
    const kept = await page.evaluate(() => localStorage.getItem('CapacitorStorage.referral_code'));
    expect(kept).toBeNull();
    await page.goto('/earn');
    await expectPage(page, 'earn', '/earn');
    await expect
      .poll(() => shownPage(page, 'earn').getByTestId('earn-code').locator('input').inputValue())
      .toBe('DEMO2424');
    await expect.poll(() => text(page, 'earn', 'earn-code-status')).toBe('Sponsor: D**o T****r');
    await shot(page, 'invited-earn-390');
    await context.close();
  });
});
