import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AffiliateConfig } from '../../server/src/config-affiliate.ts';
import {
  api,
  deposit,
  expectPage,
  newPhonePage,
  plantSession,
  realSession,
  shownPage,
  suiteStack,
} from './harness.ts';

/** Numbers unlike the defaults in every field the screens show: a copy of a default anywhere in the app shows. */
const custom: AffiliateConfig = {
  yield_percent: '0.50',
  boosted_yield_percent: '1.25',
  min_stake: '25',
  boost_window_seconds: 3600,
  target_multiplier: 3,
  target_multiplier_after_window: 5,
  level_income_percent: ['20', '7.5'],
  min_claim: '2.50',
  default_surge: '1.5',
};

const text = (page: Page, name: string, testId: string) =>
  shownPage(page, name).getByTestId(testId).first().textContent();

/** Issue 12: the server serves the programme's numbers from its config and the app follows them. */
describe("the affiliate screens follow the server's configured programme", () => {
  const stack = suiteStack({ affiliate: custom });

  it('shows the configured minimum, yields, boost rule and window on the stake page and the dashboard', async () => {
    const session = await realSession(stack, { emailVerified: true });
    const joined = await api(stack, 'POST', '/api/affiliate/register', { token: session.token, body: {} });
    expect(joined.body.error, joined.body.message).toBe(false);
    await deposit(stack, session.user.email_id, 'FIT24', '1000');

    const { context, page } = await newPhonePage(stack);
    await plantSession(page, session);
    await page.goto('/affiliate/stake');
    await expectPage(page, 'affiliate/stake', '/affiliate/stake');
    const stakePage = shownPage(page, 'affiliate/stake');
    await expect.poll(() => text(page, 'affiliate/stake', 'stake-amount')).toContain('Minimum 25 FIT24');
    await stakePage.getByTestId('stake-amount').locator('input').fill('100');
    await expect.poll(() => text(page, 'affiliate/stake', 'stake-daily')).toBe('≈ 0.5 FIT24 / day');
    expect(await text(page, 'affiliate/stake', 'stake-daily-boosted')).toBe('≈ 1.25 FIT24 / day');
    const rule = await stakePage.locator('.aff-footnote').textContent();
    expect(rule).toContain('reach 3 × its amount within 1 hour, or 5 × after');

    await stakePage.getByTestId('stake-submit').click();
    await page.getByTestId('stake-confirm').click();
    await expectPage(page, 'affiliate', '/affiliate');
    const dash = shownPage(page, 'affiliate');
    await dash.getByTestId('affiliate-tab-stakings').click();
    await expect.poll(() => dash.getByTestId('stake-item').count()).toBe(1);
    const item = dash.getByTestId('stake-item');
    expect(await item.getByTestId('stake-yield').textContent()).toBe('0.5%');
    // The countdown runs over the configured hour (dd:hh:mm:ss), not the default fifteen days.
    const countdown = (await item.getByTestId('stake-countdown').textContent()) ?? '';
    expect(countdown === '00:01:00:00' || countdown.startsWith('00:00:59:')).toBe(true);

    // A partner's stake of 150 is half of the configured 3 × 100 target: the bar shows 50%.
    const partner = await realSession(stack, { emailVerified: true });
    const code = (await api(stack, 'GET', '/api/affiliate', { token: session.token })).body.data.affiliate
      .code;
    await api(stack, 'POST', '/api/affiliate/register', {
      token: partner.token,
      body: { referral_code: code },
    });
    await deposit(stack, partner.user.email_id, 'FIT24', '1000');
    const staked = await api(stack, 'POST', '/api/stakings/add', {
      token: partner.token,
      body: { amount: '150' },
    });
    expect(staked.body.error, staked.body.message).toBe(false);
    await page.reload();
    await expectPage(page, 'affiliate', '/affiliate');
    await shownPage(page, 'affiliate').getByTestId('affiliate-tab-stakings').click();
    await expect
      .poll(() => shownPage(page, 'affiliate').getByTestId('stake-progress').first().textContent())
      .toBe('50.00%');
    await context.close();
  });
});
