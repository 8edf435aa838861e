import { toBaseUnits } from '@fit24/contract';
import type { AffiliateConfig } from '../../config-affiliate.ts';

/**
 * The programme's arithmetic, pure and on integers (FIT24 base units). Percents are read with four
 * decimals ("0.30" → 3000 / 10^4 percent) and surges with one ("1.5" → 15 / 10). Every result is
 * rounded down: the programme never pays a fraction of a base unit it does not have.
 */
const PERCENT_SCALE = 10_000n; // four decimals of a percent
const percentUnits = (percent: string) => toBaseUnits(percent, 4)!;
const surgeTenths = (surge: string) => toBaseUnits(surge, 1)!;

/** Boost target of a stake at `now`: 2 × amount within the window after start_date, 4 × after it. */
export function boostTarget(amount: bigint, startDate: Date, now: Date, config: AffiliateConfig): bigint {
  const elapsedSeconds = (now.getTime() - startDate.getTime()) / 1000;
  const multiplier =
    elapsedSeconds > config.boost_window_seconds
      ? config.target_multiplier_after_window
      : config.target_multiplier;
  return amount * BigInt(multiplier);
}

export interface BoostableStake {
  stakeId: bigint;
  amount: bigint;
  startDate: Date;
  progress: bigint;
}

export interface BoostChange {
  stakeId: bigint;
  progress: bigint;
  boosted: boolean;
}

/**
 * The waterfall: a direct partner's new stake of `business` fills the oldest unboosted stake up to its
 * target; what is above the target flows on to the next. Stakes must come oldest first. What is left
 * after the last stake is not kept.
 */
export function waterfall(
  stakes: BoostableStake[],
  business: bigint,
  now: Date,
  config: AffiliateConfig,
): BoostChange[] {
  const changes: BoostChange[] = [];
  let left = business;
  for (const stake of stakes) {
    if (left <= 0n) break;
    const target = boostTarget(stake.amount, stake.startDate, now, config);
    const room = target - stake.progress;
    if (room <= 0n) {
      changes.push({ stakeId: stake.stakeId, progress: stake.progress, boosted: true });
      continue;
    }
    // biome-ignore lint/complexity/useMathMinMax: Math.min does not take bigints
    const added = left < room ? left : room;
    left -= added;
    const progress = stake.progress + added;
    changes.push({ stakeId: stake.stakeId, progress, boosted: progress >= target });
  }
  return changes;
}

/** A stake's daily reward: amount × yield% / 100 × surge, rounded down. */
export function dailyReward(amount: bigint, yieldPercent: string, surge: string): bigint {
  return (amount * percentUnits(yieldPercent) * surgeTenths(surge)) / (PERCENT_SCALE * 100n * 10n);
}

/** `percent` of an amount, rounded down (level income, offer bonuses). */
export function percentOf(amount: bigint, percent: string): bigint {
  return (amount * percentUnits(percent)) / (PERCENT_SCALE * 100n);
}

/** The Monday (UTC) that starts the week of `date`, as 'YYYY-MM-DD'. */
export function weekStart(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

export function addDays(isoDay: string, days: number): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** "Ada Lovelace" → "A*a L******e": enough to recognise a friend, not to find a stranger. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) =>
      word.length <= 2 ? `${word[0]}*` : `${word[0]}${'*'.repeat(word.length - 2)}${word.at(-1)}`,
    )
    .join(' ');
}
