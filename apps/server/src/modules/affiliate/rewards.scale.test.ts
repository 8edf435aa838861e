import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditClean } from '../../testing/funds.ts';
import { seedStakes } from '../../testing/stakes-fixture.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { isoDay } from './rules.ts';

const STAKES = 20_000;

/**
 * One day's rewards over 20,000 stakes: with five upline levels that is about 100,000 wallet lines, far
 * more rows than PostgreSQL's 65,535 bind parameters allow in one `VALUES` list. PGlite is slower at this
 * size, so it runs there only when FIT24_SCALE_TESTS is set; it always runs on PostgreSQL.
 */
describe.each(databasesUnderTest())('daily rewards at scale on $name', (database) => {
  const enabled = database.name === 'postgres' || process.env.FIT24_SCALE_TESTS === '1';
  let t: TestApp;
  beforeAll(async () => {
    if (enabled) t = await createTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(!enabled)(
    `pays every one of ${STAKES} stakes and their uplines in one run`,
    async () => {
      const now = t.ctx.clock.now();
      const { affiliateIds } = await seedStakes(t.ctx.db, {
        count: STAKES,
        stakeFit: 100n,
        poolFit: 1_000_000n,
        now,
      });
      // A rank that about one affiliate in sixteen reaches: 1,000 FIT24 of team business and 2 directs.
      const rank = await t.ops('POST', '/ops/ranks', {
        name: 'Silver',
        required_business: '1000',
        required_directs: 2,
        reward: '1',
      });
      expect(rank.status).toBe(200);
      const day = isoDay(now);
      const run = await t.ops('POST', '/ops/rewards/run', { date: day });
      expect(run.status).toBe(200);
      expect(run.body.data.run).toMatchObject({ date: day, status: 'PAID', stakes: STAKES });

      const db = t.ctx.db;
      const staking = await db
        .selectFrom('affiliate_transactions')
        .select((eb) => [eb.fn.count<string>('affiliate_id').distinct().as('paid')])
        .where('source', '=', 'STAKING')
        .where('reward_day', '=', day)
        .executeTakeFirstOrThrow();
      expect(Number(staking.paid)).toBe(STAKES);
      // 100 FIT24 × 0.30 % = 0.3 FIT24 each, and 10 + 5 + 3 + 2 + 1 % of it to each upline there is.
      const levels = await db
        .selectFrom('affiliate_transactions')
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('amount').as('total')])
        .where('source', '=', 'LEVEL')
        .executeTakeFirstOrThrow();
      const depth = (i: number) => Math.min(5, Math.floor(Math.log2(i + 1)));
      const expectedLevels = affiliateIds.reduce((n, _, i) => n + depth(i), 0);
      expect(Number(levels.n)).toBe(expectedLevels);
      const wallets = await db
        .selectFrom('ledger_accounts')
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('balance').as('total')])
        .where('kind', '=', 'affiliate_wallet')
        .executeTakeFirstOrThrow();
      expect(Number(wallets.n)).toBe(STAKES);
      // Affiliate i sponsors 2i + 1 and 2i + 2: its team is its subtree, 100 FIT24 a member.
      const team = new Array<number>(STAKES).fill(0);
      for (let i = STAKES - 1; i > 0; i--) team[Math.floor((i - 1) / 2)]! += team[i]! + 1;
      const directsOf = (i: number) => [2 * i + 1, 2 * i + 2].filter((c) => c < STAKES).length;
      const ranked = team.filter((size, i) => size * 100 >= 1000 && directsOf(i) >= 2).length;
      const reached = await db
        .selectFrom('affiliate_ranks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(ranked).toBeGreaterThan(1000);
      expect(Number(reached.n)).toBe(ranked);
      expect(BigInt(wallets.total)).toBe(
        BigInt(STAKES) * 30_000_000n + BigInt(levels.total) + BigInt(ranked) * 100_000_000n,
      );
      const notified = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('type', '=', 'REWARD_CREDITED')
        .executeTakeFirstOrThrow();
      expect(Number(notified.n)).toBe(STAKES);
      expect(await auditClean(t)).toEqual({ ok: true, failed: [] });

      const again = await t.ops('POST', '/ops/rewards/run', { date: day });
      expect(again.body.data.run).toMatchObject({ status: 'ALREADY_PAID', stakes: STAKES });
    },
    300_000,
  );
});
