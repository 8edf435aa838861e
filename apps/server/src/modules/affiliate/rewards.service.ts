import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { fit, fitAsset } from './affiliate.service.ts';
import { payFromPool, poolBalance } from './pool.ts';
import { checkRanks } from './ranks.service.ts';
import { addDays, dailyReward, isoDay, percentOf, weekStart } from './rules.ts';

/** The surge of the week that contains `day` ('YYYY-MM-DD'), the operator's or the default. */
export async function surgeOfWeek(db: Database, week: string, fallback: string): Promise<string> {
  const row = await db.selectFrom('surges').select('surge').where('week_start', '=', week).executeTakeFirst();
  return row ? String(Number(row.surge).toFixed(1)) : fallback;
}

export async function surgeAnswer(ctx: AppContext, weeksBack: number) {
  const week = addDays(weekStart(ctx.clock.now()), -7 * weeksBack);
  const surge = await surgeOfWeek(ctx.db, week, ctx.config.affiliate.default_surge);
  return { surge: { surge: Number(surge), week_start: week, week_end: addDays(week, 6) } };
}

export async function setSurge(ctx: AppContext, week: string, surge: number) {
  if (weekStart(new Date(`${week}T00:00:00Z`)) !== week) {
    throw new AppError('BAD_REQUEST', 'A surge is set for a week starting on a Monday.', {
      week_start: 'must be a Monday',
    });
  }
  const value = surge.toFixed(1);
  await ctx.db
    .insertInto('surges')
    .values({ week_start: week, surge: value })
    .onConflict((oc) => oc.column('week_start').doUpdateSet({ surge: value }))
    .execute();
  return { surge: { surge: Number(value), week_start: week, week_end: addDays(week, 6) } };
}

interface Credit {
  affiliateId: bigint;
  userId: bigint;
  source: 'STAKING' | 'LEVEL';
  amount: bigint;
  note: string;
}

/**
 * The daily rewards of `day`: every stake started before the end of that day earns amount × yield ×
 * the week's surge, and uplines 1..5 earn their level percent of it. Runs once per day: a repeat pays
 * nothing. When the pool cannot pay the whole day, nothing is paid and the day can be run again later.
 */
export async function runDay(ctx: AppContext, day: string) {
  const today = isoDay(ctx.clock.now());
  if (day > today)
    throw new AppError('UNPROCESSABLE', 'A day can be paid only once it has begun.', {
      date: 'must not be in the future',
    });
  const config = ctx.config.affiliate;
  const asset = await fitAsset(ctx.db);
  const now = ctx.clock.now();
  const dayEnd = new Date(`${addDays(day, 1)}T00:00:00Z`);

  return ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('reward_runs')
      .values({ day, status: 'SKIPPED_POOL_SHORT', stakes: 0, total: 0n, created_at: now })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const run = await trx
      .selectFrom('reward_runs')
      .selectAll()
      .where('day', '=', day)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (run.status === 'PAID') {
      return {
        run: {
          date: day,
          status: 'ALREADY_PAID' as const,
          stakes: run.stakes,
          total: fit(run.total),
          pool_balance: fit(await poolBalance(trx, asset.asset_id)),
        },
      };
    }

    const surge = await surgeOfWeek(trx, weekStart(new Date(`${day}T00:00:00Z`)), config.default_surge);
    const stakes = await trx
      .selectFrom('stakes')
      .innerJoin('affiliates', 'affiliates.affiliate_id', 'stakes.affiliate_id')
      .innerJoin('users', 'users.user_id', 'affiliates.user_id')
      .select([
        'stakes.stake_id',
        'stakes.amount',
        'stakes.is_boosted',
        'affiliates.affiliate_id',
        'affiliates.user_id',
        'users.name',
      ])
      .where('stakes.start_date', '<', dayEnd)
      .execute();
    const uplinesOf = await uplineMap(trx, config.level_income_percent.length);

    const credits: Credit[] = [];
    for (const s of stakes) {
      const reward = dailyReward(
        s.amount,
        s.is_boosted ? config.boosted_yield_percent : config.yield_percent,
        surge,
      );
      if (reward <= 0n) continue;
      credits.push({
        affiliateId: s.affiliate_id,
        userId: s.user_id,
        source: 'STAKING',
        amount: reward,
        note: `Daily staking reward for ${day} (stake #${s.stake_id})`,
      });
      for (const upline of uplinesOf.get(s.affiliate_id) ?? []) {
        const income = percentOf(reward, config.level_income_percent[upline.level - 1]!);
        if (income > 0n) {
          credits.push({
            affiliateId: upline.affiliateId,
            userId: upline.userId,
            source: 'LEVEL',
            amount: income,
            note: `Level ${upline.level} income from ${s.name} for ${day}`,
          });
        }
      }
    }
    const total = credits.reduce((sum, c) => sum + c.amount, 0n);
    const byUser = new Map<bigint, bigint>();
    for (const c of credits) byUser.set(c.userId, (byUser.get(c.userId) ?? 0n) + c.amount);

    const paid = await payFromPool(trx, {
      fitAssetId: asset.asset_id,
      now,
      kind: 'DAILY_REWARDS',
      memo: day,
      payouts: [...byUser].map(([userId, amount]) => ({ userId, amount })),
    });
    const pool = await poolBalance(trx, asset.asset_id);
    if (!paid) {
      ctx.log.error(
        { day, needed: fit(total), pool: fit(pool) },
        'rewards pool cannot pay the day in full: nothing paid; fund the pool and run the day again',
      );
      await trx
        .updateTable('reward_runs')
        .set({ status: 'SKIPPED_POOL_SHORT', stakes: stakes.length, total, created_at: now })
        .where('day', '=', day)
        .execute();
      return {
        run: {
          date: day,
          status: 'SKIPPED_POOL_SHORT' as const,
          stakes: stakes.length,
          total: fit(total),
          pool_balance: fit(pool),
        },
      };
    }
    if (credits.length > 0) {
      await trx
        .insertInto('affiliate_transactions')
        .values(
          credits.map((c) => ({
            affiliate_id: c.affiliateId,
            tx_type: 'REWARD' as const,
            source: c.source,
            amount: c.amount,
            note: c.note,
            reward_day: day,
            created_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('notifications')
        .values(
          [...byUser].map(([userId, amount]) => ({
            user_id: userId,
            type: 'REWARD_CREDITED',
            title: 'Rewards credited',
            body: `${fit(amount)} FIT24 of rewards for ${day} was added to your affiliate wallet.`,
            created_at: now,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('reward_runs')
      .set({ status: 'PAID', stakes: stakes.length, total, created_at: now })
      .where('day', '=', day)
      .execute();
    const affiliates = await trx.selectFrom('affiliates').select('affiliate_id').execute();
    await checkRanks(
      ctx,
      trx,
      affiliates.map((a) => a.affiliate_id),
      asset.asset_id,
    );
    return {
      run: {
        date: day,
        status: 'PAID' as const,
        stakes: stakes.length,
        total: fit(total),
        pool_balance: fit(await poolBalance(trx, asset.asset_id)),
      },
    };
  });
}

/** For every affiliate, its uplines 1..depth (one recursive query for the whole tree). */
async function uplineMap(db: Database, depth: number) {
  const { rows } = await sql<{ origin: bigint; affiliate_id: bigint; user_id: bigint; level: number }>`
    with recursive up(origin, affiliate_id, level) as (
      select affiliate_id, sponsor_id, 1 from affiliates where sponsor_id is not null
      union all
      select up.origin, a.sponsor_id, up.level + 1 from up join affiliates a on a.affiliate_id = up.affiliate_id
        where a.sponsor_id is not null and up.level < ${depth}
    )
    select up.origin, up.affiliate_id, a.user_id, up.level from up join affiliates a on a.affiliate_id = up.affiliate_id`.execute(
    db,
  );
  const map = new Map<bigint, Array<{ affiliateId: bigint; userId: bigint; level: number }>>();
  for (const r of rows) {
    const list = map.get(r.origin) ?? [];
    list.push({ affiliateId: r.affiliate_id, userId: r.user_id, level: Number(r.level) });
    map.set(r.origin, list);
  }
  return map;
}

/**
 * Runs each day at 00:00 UTC for the day that just ended, and at start catches up the days missed
 * since the last run (at most 31, and none before the first stake).
 */
export function startRewardsScheduler(ctx: AppContext): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const runPending = async () => {
    const yesterday = addDays(isoDay(ctx.clock.now()), -1);
    const last = await ctx.db
      .selectFrom('reward_runs')
      .select('day')
      .where('status', '=', 'PAID')
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst();
    const first = await ctx.db
      .selectFrom('stakes')
      .select('start_date')
      .orderBy('stake_id')
      .limit(1)
      .executeTakeFirst();
    if (!first) return;
    let day = last ? addDays(last.day, 1) : isoDay(first.start_date);
    const earliest = addDays(yesterday, -30);
    if (day < earliest) day = earliest;
    for (; day <= yesterday; day = addDays(day, 1)) {
      const { run } = await runDay(ctx, day);
      ctx.log.info({ day, status: run.status, total: run.total }, 'daily rewards');
    }
  };
  const schedule = () => {
    if (stopped) return;
    const now = ctx.clock.now();
    const next = new Date(`${addDays(isoDay(now), 1)}T00:00:00Z`);
    timer = setTimeout(
      () => {
        running = runPending()
          .catch((error: unknown) => ctx.log.error({ err: error }, 'daily rewards failed'))
          .finally(schedule);
      },
      next.getTime() - now.getTime() + 1000,
    );
    timer.unref();
  };
  running = runPending()
    .catch((error: unknown) => ctx.log.error({ err: error }, 'daily rewards catch-up failed'))
    .finally(schedule);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
