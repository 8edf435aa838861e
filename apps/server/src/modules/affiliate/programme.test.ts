import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AffiliateConfig, defaultAffiliateConfig } from '../../config-affiliate.ts';
import { auditClean, deposit } from '../../testing/funds.ts';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { isoDay } from './rules.ts';

/** Numbers unlike the defaults in every field, so that a copy of the defaults anywhere shows. */
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

describe.each(databasesUnderTest())("the programme's numbers on $name", (database) => {
  let standard: TestApp;
  let t: TestApp;
  beforeAll(async () => {
    standard = await createTestApp(database);
    t = await createTestApp(database, { affiliate: custom });
  });
  afterAll(async () => {
    await standard?.close();
    await t?.close();
  });

  it('serves the configured numbers to a signed-in user, member or not yet', async () => {
    expect((await standard.api('GET', '/api/affiliate/programme')).status).toBe(401);
    const user = await registerVerifiedUser(standard);
    const served = await standard.api('GET', '/api/affiliate/programme', { token: user.token });
    expect(served.status).toBe(200);
    expect(served.body.data.programme).toEqual({
      yield_percent: defaultAffiliateConfig.yield_percent,
      boosted_yield_percent: defaultAffiliateConfig.boosted_yield_percent,
      min_stake: '10',
      min_claim: '1',
      boost_window_seconds: 1_296_000,
      target_multiplier: 2,
      target_multiplier_after_window: 4,
      level_income_percent: ['10', '5', '3', '2', '1'],
      default_surge: '1.0',
    });
    const other = await registerVerifiedUser(t);
    expect(
      (await t.api('GET', '/api/affiliate/programme', { token: other.token })).body.data.programme,
    ).toEqual({
      ...custom,
      min_stake: '25',
      min_claim: '2.5',
    });
  });

  async function member(sponsor?: { code: string }): Promise<RegisteredUser & { code: string }> {
    const user = await registerVerifiedUser(t);
    const joined = await t.api('POST', '/api/affiliate/register', {
      token: user.token,
      body: sponsor ? { referral_code: sponsor.code } : {},
    });
    await deposit(t, user.email, 'FIT24', '1000');
    return { ...user, code: joined.body.data.affiliate.code };
  }
  const stake = (m: RegisteredUser, amount: string) =>
    t.api('POST', '/api/stakings/add', { token: m.token, body: { amount } });
  const firstStake = async (m: RegisteredUser) =>
    (await t.api('GET', '/api/stakings/list', { token: m.token })).body.data.stakes.at(-1);

  it('applies the same numbers to stakes, boosts, daily rewards, level income and claims', async () => {
    const sponsor = await member();
    const partner = await member(sponsor);
    const refused = await stake(sponsor, '24');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The minimum stake is 25 FIT24.');
    expect((await stake(sponsor, '100')).body.data.stake).toMatchObject({ yield: '0.5', is_boosted: 0 });
    // The target is 3 × 100 within the window; 5 × 100 once its 3,600 s have passed.
    await stake(partner, '250');
    expect(await firstStake(sponsor)).toMatchObject({ boost_progress: '250', is_boosted: 0 });
    t.ctx.clock.advance(3601);
    await stake(partner, '200');
    expect(await firstStake(sponsor)).toMatchObject({ boost_progress: '450', is_boosted: 0 });
    await stake(partner, '50');
    expect(await firstStake(sponsor)).toMatchObject({ boost_progress: '500', is_boosted: 1, yield: '1.25' });

    await t.ops('POST', '/ops/pool/fund', { amount: '100000' });
    t.ctx.clock.advance(86_400);
    expect((await t.ops('POST', '/ops/rewards/run', { date: isoDay(t.ctx.clock.now()) })).status).toBe(200);
    const walletOf = async (m: RegisteredUser) =>
      (await t.api('GET', '/api/affiliate/wallet', { token: m.token })).body.data.wallet;
    // Partner: 500 × 0.50 % × 1.5 = 3.75. Sponsor: 100 × 1.25 % × 1.5 = 1.875, and 20 % of 3.75.
    expect(await walletOf(partner)).toMatchObject({ balance: '3.75', min_claim: '2.5' });
    expect((await walletOf(sponsor)).balance).toBe('2.625');
    const claim = (m: RegisteredUser, amount: string) =>
      t.api('POST', '/api/affiliate/wallet/claim', { token: m.token, body: { amount } });
    expect((await claim(partner, '2.4')).body.message).toBe('The minimum claim is 2.5 FIT24.');
    expect((await claim(partner, '2.5')).status).toBe(200);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
});
