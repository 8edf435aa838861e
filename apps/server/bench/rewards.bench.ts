/**
 * One day's affiliate rewards over 20,000 stakes (a binary sponsor tree, so five upline levels for most,
 * and one rank to check for everyone):
 * the time to seed them and the time of the daily run, on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, else on PGlite. Prints figures only.
 *
 *   node --import tsx apps/server/bench/rewards.bench.ts
 *
 * BENCH_STAKES (default 20000) sets the number of stakes.
 */
import { saveRank } from '../src/modules/affiliate/ranks.service.ts';
import { runDay } from '../src/modules/affiliate/rewards.service.ts';
import { isoDay } from '../src/modules/affiliate/rules.ts';
import { seedStakes } from '../src/testing/stakes-fixture.ts';
import { benchApp } from './bench-app.ts';

const STAKES = Number(process.env.BENCH_STAKES ?? 20_000);

async function main(): Promise<void> {
  const { ctx, name, close } = await benchApp();
  try {
    const now = ctx.clock.now();
    let started = performance.now();
    await seedStakes(ctx.db, { count: STAKES, stakeFit: 100n, poolFit: 1_000_000n, now, tag: 'bench' });
    const seeded = performance.now() - started;
    // A rank about one affiliate in sixteen reaches, so the run's rank check awards some 1,250 of them.
    await saveRank(ctx.db, {
      name: 'Silver',
      required_business: 1000n * 10n ** 8n,
      required_directs: 2,
      reward: 10n ** 8n,
    });
    started = performance.now();
    const { run } = await runDay(ctx, isoDay(now));
    const ran = performance.now() - started;
    const lines = await ctx.db
      .selectFrom('affiliate_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`\n${name}: daily rewards over ${STAKES.toLocaleString('en')} stakes`);
    console.log(`  seed (one array per column)   ${(seeded / 1000).toFixed(2)} s`);
    console.log(
      `  the day's run (runDay)        ${(ran / 1000).toFixed(2)} s   ${run.status}, ` +
        `${Number(lines.n).toLocaleString('en')} wallet lines, ${run.total} FIT24 paid`,
    );
  } finally {
    await close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
