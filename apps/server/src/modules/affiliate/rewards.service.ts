import type { AffiliateConfig } from '../../config-affiliate.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { formatterFor } from '../notifications/format.ts';
import { links, notifyAll } from '../notifications/notifications.service.ts';
import * as affiliatesRepo from './affiliate.repository.ts';
import { fit, fitAsset } from './affiliate.service.ts';
import * as network from './network.repository.ts';
import { payFromPool } from './pool.ts';
import { checkRanks } from './ranks.service.ts';
import * as rewardsRepo from './rewards.repository.ts';
import { addDays, dailyReward, isoDay, maskName, percentOf, weekStart } from './rules.ts';
import * as stakesRepo from './stakes.repository.ts';
import * as transactionsRepo from './transactions.repository.ts';

/** The surge of the week that starts on `week` ('YYYY-MM-DD'), the operator's or the default. */
export async function surgeOfWeek(db: Database, week: string, fallback: string): Promise<string> {
  const surge = await rewardsRepo.surgeOf(db, week);
  return surge !== undefined ? Number(surge).toFixed(1) : fallback;
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
  await rewardsRepo.upsertSurge(ctx.db, week, value);
  return { surge: { surge: Number(value), week_start: week, week_end: addDays(week, 6) } };
}

interface Credit {
  affiliateId: bigint;
  userId: bigint;
  source: 'STAKING' | 'LEVEL';
  amount: bigint;
  note: string;
}

type RunStatus = 'PAID' | 'ALREADY_PAID' | 'SKIPPED_POOL_SHORT';
type RunAnswer = {
  run: { date: string; status: RunStatus; stakes: number; total: string; pool_balance: string };
};

const runAnswer = (
  day: string,
  status: RunStatus,
  stakes: number,
  total: bigint,
  pool: bigint,
): RunAnswer => ({
  run: { date: day, status, stakes, total: fit(total), pool_balance: fit(pool) },
});

/**
 * The daily rewards of `day`: every stake started before the end of that day earns amount × yield ×
 * the week's surge, and uplines 1..5 earn their level percent of it. Runs once per day: a repeat pays
 * nothing. When the pool cannot pay the whole day, nothing is paid and the day can be run again later.
 * Every write is one statement whatever the number of stakes (one array per column).
 */
export async function runDay(ctx: AppContext, day: string): Promise<RunAnswer> {
  const today = isoDay(ctx.clock.now());
  if (day > today)
    throw new AppError('UNPROCESSABLE', 'A day can be paid only once it has begun.', {
      date: 'must not be in the future',
    });
  const asset = await fitAsset(ctx.db);
  return ctx.db.transaction().execute((trx) => payDay(ctx, trx, day, asset.asset_id));
}

async function payDay(ctx: AppContext, trx: Database, day: string, fitAssetId: number): Promise<RunAnswer> {
  const now = ctx.clock.now();
  const run = await rewardsRepo.lockRun(trx, day, now);
  if (run.status === 'PAID') {
    return runAnswer(
      day,
      'ALREADY_PAID',
      run.stakes,
      run.total,
      await rewardsRepo.poolBalance(trx, fitAssetId),
    );
  }
  const { stakes, credits } = await creditsOfDay(trx, ctx.config.affiliate, day);
  const total = credits.reduce((sum, c) => sum + c.amount, 0n);
  const byUser = new Map<bigint, bigint>();
  for (const c of credits) byUser.set(c.userId, (byUser.get(c.userId) ?? 0n) + c.amount);

  const paid = await payFromPool(trx, {
    fitAssetId,
    now,
    kind: 'DAILY_REWARDS',
    memo: day,
    payouts: [...byUser].map(([userId, amount]) => ({ userId, amount })),
  });
  if (!paid) {
    const pool = await rewardsRepo.poolBalance(trx, fitAssetId);
    ctx.log.error(
      { day, needed: fit(total), pool: fit(pool) },
      'rewards pool cannot pay the day in full: nothing paid; fund the pool and run the day again',
    );
    await rewardsRepo.setRun(trx, day, { status: 'SKIPPED_POOL_SHORT', stakes, total, now });
    return runAnswer(day, 'SKIPPED_POOL_SHORT', stakes, total, pool);
  }
  await recordCredits(trx, day, credits, byUser, now);
  await rewardsRepo.setRun(trx, day, { status: 'PAID', stakes, total, now });
  await checkRanks(ctx, trx, await affiliatesRepo.allIds(trx), fitAssetId);
  return runAnswer(day, 'PAID', stakes, total, await rewardsRepo.poolBalance(trx, fitAssetId));
}

/** What every stake started before the end of `day` earns, and what its uplines earn from it. */
async function creditsOfDay(
  trx: Database,
  config: AffiliateConfig,
  day: string,
): Promise<{ stakes: number; credits: Credit[] }> {
  const surge = await surgeOfWeek(trx, weekStart(new Date(`${day}T00:00:00Z`)), config.default_surge);
  const stakes = await stakesRepo.startedBefore(trx, new Date(`${addDays(day, 1)}T00:00:00Z`));
  const uplinesOf = await network.uplineMap(trx, config.level_income_percent.length);
  const credits: Credit[] = [];
  // Notes are sentences: the day as people write it ("25 Nov 2026"), never ISO.
  const dayWritten = formatterFor('en').day(day);
  for (const s of stakes) {
    const yieldPercent = s.is_boosted ? config.boosted_yield_percent : config.yield_percent;
    const reward = dailyReward(s.amount, yieldPercent, surge);
    if (reward <= 0n) continue;
    credits.push({
      affiliateId: s.affiliate_id,
      userId: s.user_id,
      source: 'STAKING',
      amount: reward,
      note: `Daily staking reward for ${dayWritten} (stake #${s.stake_id})`,
    });
    // The uplines read this note: the partner's name is masked before it is ever stored.
    const partner = maskName(s.name);
    for (const upline of uplinesOf.get(s.affiliate_id) ?? []) {
      const income = percentOf(reward, config.level_income_percent[upline.level - 1]!);
      if (income <= 0n) continue;
      credits.push({
        affiliateId: upline.affiliateId,
        userId: upline.userId,
        source: 'LEVEL',
        amount: income,
        note: `Level ${upline.level} income from ${partner} for ${dayWritten}`,
      });
    }
  }
  return { stakes: stakes.length, credits };
}

/** The wallet lines of a paid day and one notification per user paid. */
async function recordCredits(
  trx: Database,
  day: string,
  credits: Credit[],
  byUser: Map<bigint, bigint>,
  now: Date,
): Promise<void> {
  await transactionsRepo.insertMany(
    trx,
    credits.map((c) => ({
      affiliateId: c.affiliateId,
      type: 'REWARD' as const,
      source: c.source,
      amount: c.amount,
      note: c.note,
      rewardDay: day,
      now,
    })),
  );
  await notifyAll(
    trx,
    [...byUser].map(([userId, amount]) => ({
      userId,
      type: 'REWARD_CREDITED' as const,
      params: { amount: fit(amount), day },
      link: links.earnings,
      now,
    })),
  );
}

/** The days not paid yet up to yesterday: from the last paid day or the first stake, at most 31. */
async function pendingDays(db: Database, now: Date): Promise<string[]> {
  const yesterday = addDays(isoDay(now), -1);
  const [last, first] = await Promise.all([rewardsRepo.lastPaidDay(db), stakesRepo.firstStart(db)]);
  if (!first) return [];
  let day = last ? addDays(last, 1) : isoDay(first);
  const earliest = addDays(yesterday, -30);
  if (day < earliest) day = earliest;
  const days: string[] = [];
  for (; day <= yesterday; day = addDays(day, 1)) days.push(day);
  return days;
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
    for (const day of await pendingDays(ctx.db, ctx.clock.now())) {
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
