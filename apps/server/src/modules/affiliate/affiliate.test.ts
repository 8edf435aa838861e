import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditClean, balance, deposit } from '../../testing/funds.ts';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { isoDay } from './rules.ts';

interface Member extends RegisteredUser {
  code: string;
}

describe.each(databasesUnderTest())('affiliate programme on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterEach(async () => {
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A verified user who joined the programme (under `sponsor`), holding `fit` FIT24. */
  async function member(sponsor?: Member, fit = '1000'): Promise<Member> {
    const user = await registerVerifiedUser(t);
    const joined = await t.api('POST', '/api/affiliate/register', {
      token: user.token,
      body: sponsor ? { referral_code: sponsor.code } : {},
    });
    expect(joined.status).toBe(200);
    if (fit !== '0') await deposit(t, user.email, 'FIT24', fit);
    return { ...user, code: joined.body.data.affiliate.code };
  }
  const stake = async (m: Member, amount: string, path = '/api/stakings/add') =>
    t.api('POST', path, { token: m.token, body: { amount } });
  const stakes = async (m: Member) =>
    (await t.api('GET', '/api/stakings/list', { token: m.token })).body.data.stakes;
  const runDay = async (date?: string) =>
    (await t.ops('POST', '/ops/rewards/run', date ? { date } : {})).body.data.run;

  describe('joining', () => {
    it('answers 404 for the profile until the user joins, then the profile; joining twice is 409', async () => {
      const user = await registerVerifiedUser(t);
      expect((await t.api('GET', '/api/affiliate', { token: user.token })).status).toBe(404);
      const joined = await t.api('POST', '/api/affiliate/register', { token: user.token, body: {} });
      expect(joined.body.data.affiliate).toMatchObject({
        stake: '0',
        partners: 0,
        team: 0,
        rank: null,
        referrer_code: null,
      });
      const again = await t.api('POST', '/api/affiliate/register', { token: user.token, body: {} });
      expect(again.status).toBe(409);
      expect((await t.api('GET', '/api/affiliate', { token: user.token })).body.data.affiliate.code).toBe(
        joined.body.data.affiliate.code,
      );
    });

    it('joins under a sponsor code, looked up with the name masked', async () => {
      const sponsor = await member();
      const lookup = await t.api('GET', `/api/affiliate/code?code=${sponsor.code.toLowerCase()}`, {
        token: sponsor.token,
      });
      expect(lookup.body.data.referrer).toMatchObject({ code: sponsor.code, name: 'A*a L******e' });
      const partner = await member(sponsor);
      const profile = (await t.api('GET', '/api/affiliate', { token: partner.token })).body.data.affiliate;
      expect(profile.referrer_code).toBe(sponsor.code);
      expect(
        (await t.api('GET', '/api/affiliate', { token: sponsor.token })).body.data.affiliate,
      ).toMatchObject({ partners: 1, team: 1 });
      const directs = (await t.api('GET', '/api/affiliate/directs', { token: sponsor.token })).body.data
        .directs;
      expect(directs).toEqual([expect.objectContaining({ name: 'A*a L******e', stake: '0', team: 0 })]);
    });

    it('refuses an unknown code, your own code, and a malformed code', async () => {
      const user = await registerVerifiedUser(t);
      expect(
        (
          await t.api('POST', '/api/affiliate/register', {
            token: user.token,
            body: { referral_code: 'NOSUCH99' },
          })
        ).status,
      ).toBe(400);
      expect(
        (await t.api('POST', '/api/affiliate/register', { token: user.token, body: { referral_code: 'x!' } }))
          .status,
      ).toBe(400);
      expect((await t.api('GET', '/api/affiliate/code?code=NOSUCH99', { token: user.token })).status).toBe(
        404,
      );
      const own = (await t.api('GET', '/api/account', { token: user.token })).body.data.account.referral_code;
      const other = await registerVerifiedUser(t);
      await t.api('POST', '/api/affiliate/register', { token: other.token, body: {} });
      await t.api('POST', '/api/affiliate/register', { token: user.token, body: {} });
      const self = await registerVerifiedUser(t);
      expect(own).toMatch(/^[A-Z0-9]{8}$/);
      expect(
        (
          await t.api('POST', '/api/affiliate/register', {
            token: self.token,
            body: {
              referral_code: (
                await t.api('GET', '/api/account', { token: self.token })
              ).body.data.account.referral_code,
            },
          })
        ).status,
      ).toBe(400);
    });
  });

  describe('staking', () => {
    it('stakes from available, locked and the wallet, never more than the source holds, at least 10', async () => {
      const m = await member();
      await t.ops('POST', '/ops/locked/grant', { email_id: m.email, symbol: 'FIT24', amount: '50' });
      const fromAvailable = await stake(m, '100');
      expect(fromAvailable.body.data.stake).toMatchObject({
        amount: '100',
        source: 'AVAILABLE',
        is_boosted: 0,
        boost_progress: '0',
        yield: '0.3',
      });
      expect((await stake(m, '50', '/api/stakings/locked-balance/add')).body.data.stake.source).toBe(
        'LOCKED',
      );
      expect(await balance(t, m.token, 'FIT24')).toMatchObject({
        available: '900',
        locked: '0',
        staked: '150',
      });
      const tooMuch = await stake(m, '60', '/api/stakings/locked-balance/add');
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body.message).toMatch(/locked balance holds only 0 FIT24/);
      expect((await stake(m, '10', '/api/stakings/wallet/add')).status).toBe(422);
      expect((await stake(m, '9.99999999')).status).toBe(422);
      expect((await stake(m, '10.123456789')).status).toBe(400);
      expect((await stake(m, 'ten')).status).toBe(400);
      expect((await t.api('GET', '/api/affiliate', { token: m.token })).body.data.affiliate.stake).toBe(
        '150',
      );
      const txs = (await t.api('GET', '/api/affiliate/transactions/type?type=STAKE', { token: m.token })).body
        .data.transactions;
      expect(txs).toHaveLength(2);
      expect(
        (await t.api('GET', '/api/affiliate/transactions/type?type=BONUS', { token: m.token })).status,
      ).toBe(400);
    });

    it('needs a profile to stake', async () => {
      const user = await registerVerifiedUser(t);
      await deposit(t, user.email, 'FIT24', '100');
      expect(
        (await t.api('POST', '/api/stakings/add', { token: user.token, body: { amount: '20' } })).status,
      ).toBe(404);
    });
  });

  describe('boost', () => {
    it("adds a direct partner's stake to the sponsor's oldest unboosted stake, the excess flowing to the next", async () => {
      const sponsor = await member();
      await stake(sponsor, '100');
      await stake(sponsor, '50');
      const partner = await member(sponsor);
      await stake(partner, '250');
      const [newest, oldest] = await stakes(sponsor);
      expect(oldest).toMatchObject({ amount: '100', boost_progress: '200', is_boosted: 1, yield: '0.6' });
      expect(newest).toMatchObject({ amount: '50', boost_progress: '50', is_boosted: 0 });
      const notes = (await t.api('GET', '/api/notification/list', { token: sponsor.token })).body.data
        .notifications;
      expect(notes.map((n: { type: string }) => n.type)).toContain('STAKE_BOOSTED');
      // A partner of the partner is not a direct partner of the sponsor: no boost.
      const grandchild = await member(partner);
      await stake(grandchild, '500');
      expect((await stakes(sponsor))[0].boost_progress).toBe('50');
    });

    it('boosts at exactly the target', async () => {
      const sponsor = await member();
      await stake(sponsor, '10');
      const partner = await member(sponsor);
      await stake(partner, '19.99999999');
      expect((await stakes(sponsor))[0]).toMatchObject({ boost_progress: '19.99999999', is_boosted: 0 });
      await stake(partner, '10');
      expect((await stakes(sponsor))[0]).toMatchObject({ boost_progress: '20', is_boosted: 1 });
    });

    it('needs 4 × the amount once 15 days have passed since start_date', async () => {
      const sponsor = await member();
      await stake(sponsor, '100');
      const partner = await member(sponsor);
      await stake(partner, '150');
      t.ctx.clock.advance(1_296_001);
      await stake(partner, '100');
      expect((await stakes(sponsor))[0]).toMatchObject({ boost_progress: '250', is_boosted: 0 });
      await stake(partner, '150');
      expect((await stakes(sponsor))[0]).toMatchObject({ boost_progress: '400', is_boosted: 1 });
    });
  });

  describe('daily rewards', () => {
    it('pays amount × yield × surge into the wallet with level income to five uplines, once per day', async () => {
      const chain: Member[] = [await member()];
      for (let i = 1; i <= 6; i++) chain.push(await member(chain[i - 1]));
      const earner = chain[6]!;
      await stake(earner, '1000');
      await t.ops('POST', '/ops/pool/fund', { amount: '100000' });
      t.ctx.clock.advance(86_400);
      const today = isoDay(t.ctx.clock.now());
      const first = await runDay(today);
      expect(first.status).toBe('PAID');
      const walletOf = async (m: Member) =>
        (await t.api('GET', '/api/affiliate/wallet', { token: m.token })).body.data.wallet.balance;
      expect(await walletOf(earner)).toBe('3');
      expect(await walletOf(chain[5]!)).toBe('0.3');
      expect(await walletOf(chain[4]!)).toBe('0.15');
      expect(await walletOf(chain[3]!)).toBe('0.09');
      expect(await walletOf(chain[2]!)).toBe('0.06');
      expect(await walletOf(chain[1]!)).toBe('0.03');
      expect(await walletOf(chain[0]!)).toBe('0');
      const levelTx = (await t.api('GET', '/api/affiliate/transactions', { token: chain[5]!.token })).body
        .data.transactions[0];
      expect(levelTx).toMatchObject({ tx_type: 'REWARD', amount: '0.3' });
      expect(levelTx.note).toMatch(/^Level 1 income from A\*a L\*{6}e for /);

      const again = await runDay(today);
      expect(again.status).toBe('ALREADY_PAID');
      expect(await walletOf(earner)).toBe('3');
      expect(
        (await t.api('GET', '/api/affiliate/income', { token: earner.token })).body.data.income,
      ).toMatchObject({ total_income: '3', staking: '3', level: '0' });
      expect(
        (await t.api('GET', '/api/affiliate/income', { token: chain[5]!.token })).body.data.income,
      ).toMatchObject({ total_income: '0.3', level: '0.3' });
    });

    it("multiplies by the week's surge", async () => {
      const m = await member();
      await stake(m, '1000');
      await t.ops('POST', '/ops/pool/fund', { amount: '100000' });
      t.ctx.clock.advance(2 * 86_400);
      const week = (await t.api('GET', '/api/affiliate/surge', { token: m.token })).body.data.surge;
      expect(week).toMatchObject({ surge: 1 });
      expect((await t.ops('POST', '/ops/surge', { week_start: week.week_start, surge: 1.5 })).status).toBe(
        200,
      );
      expect((await t.api('GET', '/api/affiliate/surge', { token: m.token })).body.data.surge.surge).toBe(
        1.5,
      );
      await runDay(isoDay(t.ctx.clock.now()));
      expect((await t.api('GET', '/api/affiliate/wallet', { token: m.token })).body.data.wallet.balance).toBe(
        '4.5',
      );
      const previous = (await t.api('GET', '/api/affiliate/surge/previous', { token: m.token })).body.data
        .surge;
      expect(previous.week_end < week.week_start).toBe(true);
      expect((await t.ops('POST', '/ops/surge', { week_start: week.week_end, surge: 2 })).status).toBe(400);
      expect((await t.ops('POST', '/ops/surge', { week_start: week.week_start, surge: 1.25 })).status).toBe(
        400,
      );
    });

    it('pays nothing when the pool is short, keeps the audit clean, and pays after funding', async () => {
      const fresh = await createTestApp(database);
      try {
        const user = await registerVerifiedUser(fresh);
        await fresh.api('POST', '/api/affiliate/register', { token: user.token, body: {} });
        await deposit(fresh, user.email, 'FIT24', '1000');
        await fresh.api('POST', '/api/stakings/add', { token: user.token, body: { amount: '1000' } });
        await fresh.ops('POST', '/ops/pool/fund', { amount: '2.99999999' });
        fresh.ctx.clock.advance(86_400);
        const day = isoDay(fresh.ctx.clock.now());
        const short = (await fresh.ops('POST', '/ops/rewards/run', { date: day })).body.data.run;
        expect(short).toMatchObject({ status: 'SKIPPED_POOL_SHORT', total: '3', pool_balance: '2.99999999' });
        expect(
          (await fresh.api('GET', '/api/affiliate/wallet', { token: user.token })).body.data.wallet.balance,
        ).toBe('0');
        expect(await auditClean(fresh)).toEqual({ ok: true, failed: [] });
        await fresh.ops('POST', '/ops/pool/fund', { amount: '1' });
        const paid = (await fresh.ops('POST', '/ops/rewards/run', { date: day })).body.data.run;
        expect(paid).toMatchObject({ status: 'PAID', total: '3', pool_balance: '0.99999999' });
        expect(
          (await fresh.api('GET', '/api/affiliate/wallet', { token: user.token })).body.data.wallet.balance,
        ).toBe('3');
        expect(await auditClean(fresh)).toEqual({ ok: true, failed: [] });
      } finally {
        await fresh.close();
      }
    });

    it('refuses a future day and a malformed date', async () => {
      const tomorrow = isoDay(new Date(t.ctx.clock.now().getTime() + 86_400_000));
      expect((await t.ops('POST', '/ops/rewards/run', { date: tomorrow })).status).toBe(422);
      expect((await t.ops('POST', '/ops/rewards/run', { date: '2026-13-01' })).status).toBe(400);
    });
  });

  describe('ranks, offers and the wallet', () => {
    it('reaches a rank once, paying its reward from the pool', async () => {
      await t.ops('POST', '/ops/pool/fund', { amount: '100000' });
      const created = await t.ops('POST', '/ops/ranks', {
        name: 'Bronze',
        required_business: '300',
        required_directs: 2,
        reward: '25',
      });
      expect(created.body.data.rank).toMatchObject({ name: 'Bronze', reward: '25' });
      const leader = await member();
      const a = await member(leader);
      await stake(a, '200');
      expect((await t.api('GET', '/api/affiliate/ranks', { token: leader.token })).body.data).toMatchObject({
        current_rank_id: null,
        business: '200',
        directs: 1,
      });
      const b = await member(leader);
      await stake(b, '100');
      const ranks = (await t.api('GET', '/api/affiliate/ranks', { token: leader.token })).body.data;
      expect(ranks.current_rank_id).toBe(created.body.data.rank.rank_id);
      expect(ranks.ranks.find((r: { name: string }) => r.name === 'Bronze').achieved).toBe(1);
      await stake(b, '100');
      expect(
        (await t.api('GET', '/api/affiliate/wallet', { token: leader.token })).body.data.wallet.balance,
      ).toBe('25');
      expect((await t.api('GET', '/api/affiliate', { token: leader.token })).body.data.affiliate.rank).toBe(
        'Bronze',
      );
    });

    it('pays an offer bonus on a qualifying stake inside its window', async () => {
      await t.ops('POST', '/ops/pool/fund', { amount: '100000' });
      const now = t.ctx.clock.nowSeconds();
      await t.ops('POST', '/ops/offers', {
        title: 'Launch week',
        description: '5 % on stakes of 500+',
        start_date: now - 60,
        end_date: now + 86_400,
        min_stake: '500',
        bonus_percent: '5',
      });
      const m = await member();
      await stake(m, '100');
      expect((await t.api('GET', '/api/affiliate/wallet', { token: m.token })).body.data.wallet.balance).toBe(
        '0',
      );
      await stake(m, '500');
      expect((await t.api('GET', '/api/affiliate/wallet', { token: m.token })).body.data.wallet.balance).toBe(
        '25',
      );
      const offers = (await t.api('GET', '/api/affiliate/offers', { token: m.token })).body.data.offers;
      expect(offers.find((o: { title: string }) => o.title === 'Launch week')).toMatchObject({
        joined: 1,
        bonus_percent: '5',
        min_stake: '500',
      });
    });

    it('claims the wallet into available FIT24, restakes from it, and refuses an empty wallet', async () => {
      await t.ops('POST', '/ops/pool/fund', { amount: '100000' });
      const now = t.ctx.clock.nowSeconds();
      await t.ops('POST', '/ops/offers', {
        title: 'Claim test',
        start_date: now - 60,
        end_date: now + 60,
        min_stake: '10',
        bonus_percent: '100',
      });
      const m = await member(undefined, '100');
      await stake(m, '40');
      expect((await t.api('GET', '/api/affiliate/wallet', { token: m.token })).body.data.wallet.balance).toBe(
        '40',
      );
      // Restaking from the wallet is a stake too: the 100 % offer pays 15 more.
      expect((await stake(m, '15', '/api/stakings/wallet/add')).status).toBe(200);
      const claim = await t.api('POST', '/api/affiliate/wallet/claim', {
        token: m.token,
        body: { amount: '5' },
      });
      expect(claim.body.data.claim.amount).toBe('5');
      const rest = await t.api('POST', '/api/affiliate/wallet/claim', { token: m.token, body: {} });
      expect(rest.body.data.claim.amount).toBe('35');
      expect(await balance(t, m.token, 'FIT24')).toMatchObject({ available: '100', staked: '55' });
      expect(
        (await t.api('GET', '/api/affiliate/wallet', { token: m.token })).body.data.wallet,
      ).toMatchObject({ balance: '0', total_claimed: '40' });
      expect((await t.api('POST', '/api/affiliate/wallet/claim', { token: m.token, body: {} })).status).toBe(
        422,
      );
      const types = (
        await t.api('GET', '/api/affiliate/transactions', { token: m.token })
      ).body.data.transactions.map((x: { tx_type: string }) => x.tx_type);
      expect(types).toEqual(expect.arrayContaining(['REWARD', 'STAKE', 'WITHDRAWAL']));
    });
  });

  describe('team views and authorisation', () => {
    it('shows level business per level, and only the caller’s own data', async () => {
      const top = await member();
      const l1 = await member(top);
      const l2 = await member(l1);
      await stake(l1, '100');
      await stake(l2, '30');
      const levels = (await t.api('GET', '/api/affiliate/level/business', { token: top.token })).body.data
        .levels;
      expect(levels.slice(0, 3)).toEqual([
        { level: 1, members: 1, business: '100' },
        { level: 2, members: 1, business: '30' },
        { level: 3, members: 0, business: '0' },
      ]);
      expect(levels).toHaveLength(5);
      const outsider = await member();
      expect((await t.api('GET', '/api/stakings/list', { token: outsider.token })).body.data.stakes).toEqual(
        [],
      );
      expect(
        (await t.api('GET', '/api/affiliate/directs', { token: outsider.token })).body.data.directs,
      ).toEqual([]);
      expect(
        (await t.api('GET', '/api/affiliate/transactions', { token: outsider.token })).body.data.transactions,
      ).toEqual([]);
      const stranger = await registerVerifiedUser(t);
      for (const path of [
        '/api/affiliate/income',
        '/api/affiliate/wallet',
        '/api/affiliate/directs',
        '/api/stakings/list',
        '/api/affiliate/ranks',
        '/api/affiliate/transactions',
      ]) {
        expect((await t.api('GET', path, { token: stranger.token })).status, path).toBe(404);
      }
    });
  });

  // Last in the file: the rank it creates applies to every affiliate the tests above made.
  describe('a rank under a burst', () => {
    it('pays a rank once when 30 partners stake at the same moment, and refuses none of the stakes', async () => {
      await t.ops('POST', '/ops/pool/fund', { amount: '100000' });
      const created = await t.ops('POST', '/ops/ranks', {
        name: 'Burst',
        required_business: '1000',
        required_directs: 10,
        reward: '11',
      });
      const rankId = created.body.data.rank.rank_id;
      const leader = await member();
      const partners: Member[] = [];
      for (let i = 0; i < 30; i++) partners.push(await member(leader, '100'));
      const answers = await Promise.all(partners.map((p) => stake(p, '100')));
      expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
      const affiliate = await t.ctx.db
        .selectFrom('affiliates')
        .select('affiliate_id')
        .where('user_id', '=', BigInt(leader.userId))
        .executeTakeFirstOrThrow();
      const reached = await t.ctx.db
        .selectFrom('affiliate_ranks')
        .select('rank_id')
        .where('affiliate_id', '=', affiliate.affiliate_id)
        .where('rank_id', '=', rankId)
        .execute();
      expect(reached).toHaveLength(1);
      const rewards = await t.ctx.db
        .selectFrom('affiliate_transactions')
        .select('amount')
        .where('affiliate_id', '=', affiliate.affiliate_id)
        .where('source', '=', 'RANK')
        .where('note', '=', 'Rank reward: Burst')
        .execute();
      expect(rewards.map((r) => r.amount)).toEqual([11n * 10n ** 8n]);
    });
  });
});
