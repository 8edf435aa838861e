import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditClean, balance } from '../testing/funds.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';
import { DEMO_USER, ensureDemo } from './demo.ts';
import { DEMO_HISTORY_DAYS } from './demo-network.ts';

/** What the demo writes (the market maker's trading, which runs beside it, aside). */
const DEMO_TABLES = [
  'users',
  'affiliates',
  'stakes',
  'affiliate_transactions',
  'affiliate_ranks',
  'ranks',
  'reward_runs',
] as const;
/** Rows of the demo user and their partners (the market makers' fills write these too). */
const DEMO_USER_TABLES = ['notifications', 'asset_transactions'] as const;
const DEMO_ENTRY_KINDS = ['DEMO_GRANT', 'POOL_FUND', 'STAKE', 'DAILY_REWARDS', 'RANK_REWARD'];

describe.each(databasesUnderTest())('the demo on a fresh start on $name', (database) => {
  let t: TestApp;
  let token: string;
  const get = async (path: string) => {
    const answer = await t.api('GET', path, { token });
    expect(answer.status, path).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp(database, { demo: true });
    const signin = await t.api('POST', '/api/auth/signin', {
      body: { email_id: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(signin.status).toBe(200);
    token = signin.body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function counts(): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const table of DEMO_TABLES) {
      const row = await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      result[table] = Number(row.n);
    }
    const demoUsers = t.ctx.db
      .selectFrom('users')
      .select('user_id')
      .where((eb) =>
        eb.or([eb('email', '=', DEMO_USER.email), eb('email', 'like', '%@demo.fit24.exchange')]),
      );
    for (const table of DEMO_USER_TABLES) {
      const row = await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', 'in', demoUsers)
        .executeTakeFirstOrThrow();
      result[table] = Number(row.n);
    }
    const entries = await t.ctx.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', 'in', DEMO_ENTRY_KINDS)
      .executeTakeFirstOrThrow();
    result.journal_entries = Number(entries.n);
    return result;
  }

  it('creates a demo user who can sign in and holds balances, with the ledger clean', async () => {
    expect(await balance(t, token, 'USDT')).toMatchObject({ available: '25000' });
    expect(await balance(t, token, 'BTC')).toMatchObject({ available: '0.5' });
    expect(await balance(t, token, 'FIT24')).toMatchObject({ available: '2500', staked: '2500' });
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });

  it('gives the demo user a network on four levels, with a rank reached', async () => {
    const { affiliate } = await get('/api/affiliate');
    expect(affiliate).toMatchObject({ partners: 3, team: 8, rank: 'Bronze', stake: '2500' });
    const { levels } = await get('/api/affiliate/level/business');
    expect(levels.slice(0, 5)).toEqual([
      { level: 1, members: 3, business: '3600' },
      { level: 2, members: 3, business: '1450' },
      { level: 3, members: 1, business: '500' },
      { level: 4, members: 1, business: '400' },
      { level: 5, members: 0, business: '0' },
    ]);
    const { directs } = await get('/api/affiliate/directs');
    expect(
      directs.map((d: { name: string; stake: string; team: number }) => [d.name, d.stake, d.team]),
    ).toEqual([
      ['M***a S****s', '1200', 4],
      ['J***s O****r', '900', 1],
      ['L* W*i', '1500', 0],
    ]);
    const ranks = await get('/api/affiliate/ranks');
    expect(ranks).toMatchObject({ business: '5950', directs: 3 });
    expect(ranks.ranks.map((r: { name: string; achieved: number }) => [r.name, r.achieved])).toEqual([
      ['Bronze', 1],
      ['Silver', 0],
      ['Gold', 0],
    ]);
  });

  it('has one boosted stake and one still filling while its window counts down', async () => {
    const { stakes } = await get('/api/stakings/list');
    const { programme } = await get('/api/affiliate/programme');
    const byAmount = new Map(stakes.map((s: { amount: string }) => [s.amount, s]));
    expect(byAmount.get('1000')).toMatchObject({ is_boosted: 1, boost_progress: '2000', yield: '0.6' });
    const filling = byAmount.get('1500') as {
      is_boosted: number;
      boost_progress: string;
      start_date: number;
    };
    expect(filling).toMatchObject({ is_boosted: 0, boost_progress: '1500' });
    const endsIn = filling.start_date + programme.boost_window_seconds - t.ctx.clock.nowSeconds();
    expect(endsIn).toBeGreaterThan(8 * 86_400);
    expect(endsIn).toBeLessThan(programme.boost_window_seconds);
  });

  it('shows rewards, level income and the rank reward in its transactions and income', async () => {
    const { transactions } = await get('/api/affiliate/transactions');
    const notes = transactions.map((tx: { note: string }) => tx.note);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Daily staking reward for \d{1,2} [A-Z][a-z]{2} \d{4} \(stake #\d+\)$/),
        expect.stringMatching(/^Level 1 income from M\*\*\*a S\*\*\*\*s for /),
        expect.stringMatching(/^Level 4 income from E\*\*a J\*\*\*\*\*\*\*n for /),
        'Rank reward: Bronze',
        'Staked from your available balance',
      ]),
    );
    const runs = await t.ctx.db.selectFrom('reward_runs').select(['day', 'status']).execute();
    expect(runs).toHaveLength(DEMO_HISTORY_DAYS);
    expect(runs.every((r) => r.status === 'PAID')).toBe(true);
    const { income } = await get('/api/affiliate/income');
    expect(Number(income.staking)).toBeGreaterThan(0);
    expect(Number(income.level)).toBeGreaterThan(0);
    expect(income.rank).toBe('25');
    const { wallet } = await get('/api/affiliate/wallet');
    expect(wallet.balance).toBe(income.total_income);
    const { notifications } = await get('/api/notification/list?page=1');
    const titles = notifications.map((n: { title: string }) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Rank reached: Bronze', 'Stake boosted', 'Rewards credited']),
    );
  });

  it('adds nothing on a second start, and the ledger stays clean', async () => {
    const before = await counts();
    await ensureDemo(t.ctx);
    expect(await counts()).toEqual(before);
    const users = await t.ctx.db
      .selectFrom('users')
      .select('user_id')
      .where('email', '=', DEMO_USER.email)
      .execute();
    expect(users).toHaveLength(1);
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
});
