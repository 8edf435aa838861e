import type { TStoredSession } from '@fit24/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  deposit,
  expectPage,
  newPhonePage,
  ops,
  plantSession,
  realSession,
  type Stack,
  shooter,
  shownPage,
  startStack,
} from './harness.ts';

const COUNTDOWN = /^\d{2}:\d{2}:\d{2}:\d{2}$/;
const shot = shooter('affiliate', { fullPage: true });
const input = (page: Page, name: string, testId: string) =>
  shownPage(page, name).getByTestId(testId).locator('input');
const text = (page: Page, name: string, testId: string) =>
  shownPage(page, name).getByTestId(testId).first().textContent();

/** Monday of last week (UTC) as YYYY-MM-DD: where last week's surge is set. */
function lastMonday(): string {
  const today = new Date();
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const monday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - sinceMonday - 7);
  return new Date(monday).toISOString().slice(0, 10);
}

/** The affiliate screens as a person sees them, on a real server: join, stake, a partner, rewards. */
describe('affiliate screens', () => {
  let stack: Stack;
  let alice: TStoredSession;
  let bob: TStoredSession;

  /** The referral code a joined user shares, as the app reads it. */
  async function affiliateCode(session: TStoredSession): Promise<string> {
    const answer = await api(stack, 'GET', '/api/affiliate', { token: session.token });
    expect(answer.body.error, answer.body.message).toBe(false);
    return answer.body.data.affiliate.code;
  }

  async function stake(session: TStoredSession, amount: string) {
    const answer = await api(stack, 'POST', '/api/stakings/add', { token: session.token, body: { amount } });
    expect(answer.body.error, answer.body.message).toBe(false);
  }

  async function openAs(session: TStoredSession, path: string) {
    const { context, page } = await newPhonePage(stack);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    await plantSession(page, session);
    await page.goto(path);
    return { context, page };
  }

  beforeAll(async () => {
    stack = await startStack();
    alice = await realSession(stack, { emailVerified: true, name: 'Alice Walker' });
    bob = await realSession(stack, { emailVerified: true, name: 'Bob Stone' });
    await deposit(stack, alice.user.email_id, 'FIT24', '250');
    await deposit(stack, bob.user.email_id, 'FIT24', '120');
    await ops(stack, 'POST', '/ops/pool/fund', { amount: '100000' });
    await ops(stack, 'POST', '/ops/surge', { week_start: lastMonday(), surge: 1.5 });
    for (const rank of [
      { name: 'Bronze', required_business: '50', required_directs: 1, reward: '5' },
      { name: 'Silver', required_business: '1000', required_directs: 3, reward: '25' },
    ]) {
      await ops(stack, 'POST', '/ops/ranks', rank);
    }
    const now = Math.floor(Date.now() / 1000);
    await ops(stack, 'POST', '/ops/offers', {
      title: 'Launch week bonus',
      description: 'Stake at least 50 FIT24 this week and get 2 % of it at once.',
      start_date: now - 86_400,
      end_date: now + 6 * 86_400,
      min_stake: '50',
      bonus_percent: '2',
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('joins from earn, shows the empty dashboard, then stakes and shows the stake', async () => {
    const { context, page } = await openAs(alice, '/earn');
    await expectPage(page, 'earn', '/earn');
    await expect.poll(() => text(page, 'earn', 'earn-code-status')).toContain('Optional');
    await shot(page, 'earn-390');
    await shownPage(page, 'earn').getByTestId('earn-join').click();

    await expectPage(page, 'affiliate', '/affiliate');
    const dash = shownPage(page, 'affiliate');
    await expect.poll(() => text(page, 'affiliate', 'affiliate-total-staked')).toBe('0.00');
    await expect.poll(() => text(page, 'affiliate', 'stakings-empty')).toContain('No Stakings Found');
    await expect.poll(() => text(page, 'affiliate', 'affiliate-surge-badge')).toBe('Surge 1.5 X');
    await dash.getByTestId('affiliate-tab-transactions').click();
    await expect.poll(() => text(page, 'affiliate', 'transactions-empty')).toContain('No transactions Found');
    await page.waitForTimeout(500);
    await shot(page, 'dashboard-empty-390');

    await dash.getByTestId('affiliate-stake-button').click();
    await expectPage(page, 'affiliate/stake', '/affiliate/stake');
    await expect.poll(() => text(page, 'affiliate/stake', 'stake-balance-available')).toBe('250.00');
    await shownPage(page, 'affiliate/stake').getByTestId('stake-max').click();
    await expect.poll(() => input(page, 'affiliate/stake', 'stake-amount').inputValue()).toBe('250');
    await input(page, 'affiliate/stake', 'stake-amount').fill('5');
    await shownPage(page, 'affiliate/stake').getByTestId('stake-submit').click();
    await expect
      .poll(() => shownPage(page, 'affiliate/stake').getByTestId('stake-amount').textContent())
      .toContain('The minimum stake is 10 FIT24.');
    expect(await page.locator('ion-alert').count()).toBe(0);
    await input(page, 'affiliate/stake', 'stake-amount').fill('100');
    await expect.poll(() => text(page, 'affiliate/stake', 'stake-daily')).toBe('≈ 0.3 FIT24 / day');
    // The refused stake's confirmation has gone before the picture is taken (not caught fading out).
    await expect.poll(() => page.locator('ion-alert').count()).toBe(0);
    await shot(page, 'stake-390');
    await shownPage(page, 'affiliate/stake').getByTestId('stake-submit').click();
    await page.getByTestId('stake-confirm').click();

    await expectPage(page, 'affiliate', '/affiliate');
    await expect.poll(() => text(page, 'affiliate', 'affiliate-total-staked')).toBe('100.00');
    await dash.getByTestId('affiliate-tab-stakings').click();
    await expect.poll(() => dash.getByTestId('stake-item').count()).toBe(1);
    const item = dash.getByTestId('stake-item');
    expect(await item.getByTestId('stake-amount').textContent()).toBe('100.00 FIT24');
    expect(await item.getByTestId('stake-yield').textContent()).toBe('0.3%');
    expect(await item.getByTestId('stake-progress').textContent()).toBe('0.00%');
    expect(await item.getByTestId('stake-boosted').count()).toBe(0);
    const first = (await item.getByTestId('stake-countdown').textContent()) ?? '';
    expect(first).toMatch(COUNTDOWN);
    expect(first.startsWith('14:23:') || first === '15:00:00:00').toBe(true);
    await expect
      .poll(() => item.getByTestId('stake-countdown').textContent(), { timeout: 3000 })
      .not.toBe(first);

    await dash.getByTestId('affiliate-tab-transactions').click();
    await expect.poll(() => dash.getByTestId('affiliate-tx-item').count()).toBe(2);
    const stakeTx = dash.locator('[data-testid="affiliate-tx-item"][data-type="STAKE"]');
    expect(await stakeTx.getByTestId('affiliate-tx-icon').getAttribute('data-direction')).toBe('out');
    expect(await stakeTx.getByTestId('affiliate-tx-amount').textContent()).toBe('−100.00 FIT24');
    const bonus = dash.locator('[data-testid="affiliate-tx-item"][data-type="REWARD"]');
    expect(await bonus.getByTestId('affiliate-tx-icon').getAttribute('data-direction')).toBe('in');
    expect(await bonus.getByTestId('affiliate-tx-amount').textContent()).toBe('+2.00 FIT24');
    await page.waitForTimeout(500);
    await shot(page, 'dashboard-transactions-390');
    await dash.getByTestId('affiliate-tab-stakings').click();
    await context.close();
  });

  it('checks a referral code live and joins a partner under it', async () => {
    const code = await affiliateCode(alice);
    const { context, page } = await openAs(bob, '/earn');
    await expectPage(page, 'earn', '/earn');
    await input(page, 'earn', 'earn-code').fill('NOPE1234');
    await expect.poll(() => text(page, 'earn', 'earn-code-status')).toBe('Code not found');
    await input(page, 'earn', 'earn-code').fill(code);
    await expect.poll(() => text(page, 'earn', 'earn-code-status')).toMatch(/^Sponsor: A/);
    await shot(page, 'earn-code-390');
    await shownPage(page, 'earn').getByTestId('earn-join').click();
    await expectPage(page, 'affiliate', '/affiliate');
    await context.close();
    await stake(bob, '50');
    await ops(stack, 'POST', '/ops/rewards/run', {});
  });

  it('refreshes on entering: the partner boosts the stake, earnings and rank show', async () => {
    const { context, page } = await openAs(alice, '/affiliate');
    await expectPage(page, 'affiliate', '/affiliate');
    const dash = shownPage(page, 'affiliate');
    await expect.poll(() => text(page, 'affiliate', 'stake-progress')).toBe('25.00%');
    expect(await text(page, 'affiliate', 'affiliate-partners-count')).toBe('1');
    expect(await text(page, 'affiliate', 'affiliate-team-count')).toBe('1');
    await expect.poll(() => text(page, 'affiliate', 'affiliate-rank')).toBe('Bronze');
    expect(await text(page, 'affiliate', 'affiliate-earnings-total')).toMatch(/^\d+\.\d{2}$/);
    await page.waitForTimeout(400);
    await shot(page, 'dashboard-390');

    await dash.getByTestId('affiliate-partners').click();
    await expectPage(page, 'affiliate/partners', '/affiliate/partners');
    await expect
      .poll(() => shownPage(page, 'affiliate/partners').getByTestId('partner-item').count())
      .toBe(1);
    expect(await text(page, 'affiliate/partners', 'partner-stake')).toBe('50.00');
    await page.waitForTimeout(500);
    await shot(page, 'partners-390');
    await stake(bob, '50');
    await page.goBack();
    await expectPage(page, 'affiliate', '/affiliate');
    // Entered again: the second partner stake (50 more) shows without a reload.
    await expect.poll(() => text(page, 'affiliate', 'stake-progress')).toBe('50.00%');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(400);
    await shot(page, 'dashboard-desktop');
    await context.close();
  });

  it('shows the invite link with its QR code and copies it', async () => {
    const { context, page } = await openAs(alice, '/affiliate/invite');
    await expectPage(page, 'affiliate/invite', '/affiliate/invite');
    const code = await affiliateCode(alice);
    await expect.poll(() => text(page, 'affiliate/invite', 'invite-code')).toBe(code);
    expect(await text(page, 'affiliate/invite', 'invite-link')).toBe(`${stack.baseUrl}/r/${code}`);
    expect(await shownPage(page, 'affiliate/invite').getByTestId('invite-qr').locator('svg').count()).toBe(1);
    await page.waitForTimeout(300);
    await shot(page, 'invite-390');
    await shownPage(page, 'affiliate/invite').getByTestId('invite-copy').click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${stack.baseUrl}/r/${code}`);
    await context.close();
  });

  it('claims the affiliate wallet, then says why an empty one cannot be claimed', async () => {
    const { context, page } = await openAs(alice, '/affiliate/earnings');
    await expectPage(page, 'affiliate/earnings', '/affiliate/earnings');
    const view = shownPage(page, 'affiliate/earnings');
    await expect.poll(() => view.getByTestId('affiliate-tx-item').count()).toBeGreaterThanOrEqual(3);
    expect(await text(page, 'affiliate/earnings', 'earnings-wallet-balance')).not.toBe('0.00');
    await shot(page, 'earnings-390');
    await view.getByTestId('earnings-claim').click();
    await expect.poll(() => text(page, 'affiliate/earnings', 'earnings-wallet-balance')).toBe('0.00');
    await expect
      .poll(() => view.getByTestId('earnings-claim').evaluate((b) => (b as HTMLButtonElement).disabled))
      .toBe(true);
    await context.close();
  });

  it('shows team, surge, offers and ranks', async () => {
    const { context, page } = await openAs(alice, '/affiliate/team');
    await expectPage(page, 'affiliate/team', '/affiliate/team');
    await expect.poll(() => text(page, 'affiliate/team', 'team-business')).toContain('100.00');
    await shot(page, 'team-390');
    await page.goto('/affiliate/surge');
    await expectPage(page, 'affiliate/surge', '/affiliate/surge');
    await expect.poll(() => text(page, 'affiliate/surge', 'surge-previous-value')).toBe('1.5 X');
    expect(await text(page, 'affiliate/surge', 'surge-current-value')).toBe('1.0 X');
    await shot(page, 'surge-390');
    await page.goto('/affiliate/offers');
    await expectPage(page, 'affiliate/offers', '/affiliate/offers');
    await expect.poll(() => shownPage(page, 'affiliate/offers').getByTestId('offer-joined').count()).toBe(1);
    await shot(page, 'offers-390');
    await page.goto('/affiliate/ranks');
    await expectPage(page, 'affiliate/ranks', '/affiliate/ranks');
    await expect.poll(() => shownPage(page, 'affiliate/ranks').getByTestId('rank-item').count()).toBe(2);
    expect(await text(page, 'affiliate/ranks', 'ranks-next')).toContain('Silver');
    await shot(page, 'ranks-390');
    await page.goto('/earn');
    await expectPage(page, 'earn', '/earn');
    await expect.poll(() => shownPage(page, 'earn').getByTestId('earn-open-dashboard').count()).toBe(1);
    await context.close();
  });
});
