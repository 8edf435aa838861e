import type { TStake } from '@fit24/contract';
import { FIT24_DECIMALS, fitUnits } from './fit-amount.ts';

/** The boost window (spec §4, §9): 15 days after a stake's start_date. */
export const BOOST_WINDOW_SECONDS = 1_296_000;
/** Boost target multipliers of the amount: before the window ends, and once it has ended. */
export const TARGET_MULTIPLIER = 2n;
export const TARGET_MULTIPLIER_AFTER_WINDOW = 4n;

/** "Now" in epoch seconds, the clock the stake maths run on (injected in tests). */
export function nowSeconds(): number {
  return Date.now() / 1000;
}

/**
 * The boost target in FIT24 base units: 2 × amount, or 4 × amount once MORE than 1,296,000 s have
 * passed since start_date (exactly 1,296,000 s is still 2 ×).
 */
export function boostTarget(amount: string, startDate: number, now: number): bigint {
  const elapsed = now - startDate;
  const multiplier = elapsed > BOOST_WINDOW_SECONDS ? TARGET_MULTIPLIER_AFTER_WINDOW : TARGET_MULTIPLIER;
  return fitUnits(amount) * multiplier;
}

/**
 * An unboosted stake's progress in hundredths of a percent (3750 = 37.50 %): 100 × boost_progress /
 * target, rounded down, 0 when boost_progress is not above 0, never above 100 %. Exact (bigint).
 */
export function progressHundredths(
  stake: Pick<TStake, 'amount' | 'start_date' | 'boost_progress'>,
  now: number,
): bigint {
  const progress = fitUnits(stake.boost_progress);
  if (progress <= 0n) return 0n;
  const target = boostTarget(stake.amount, stake.start_date, now);
  if (target <= 0n) return 0n;
  const hundredths = (progress * 10_000n) / target;
  return hundredths > 10_000n ? 10_000n : hundredths;
}

/** Hundredths of a percent as "37.50". */
export function formatHundredths(hundredths: bigint): string {
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** What a stake row shows as its progress: "100.00" when boosted, else the derived percent. */
export function stakeProgressText(
  stake: Pick<TStake, 'amount' | 'start_date' | 'boost_progress' | 'is_boosted'>,
  now: number,
): string {
  return stake.is_boosted === 1 ? '100.00' : formatHundredths(progressHundredths(stake, now));
}

/** Whole seconds left until start_date + 1,296,000 s, floored at zero. */
export function countdownSeconds(startDate: number, now: number): number {
  return Math.max(0, Math.floor(startDate + BOOST_WINDOW_SECONDS - now));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as DD:HH:MM:SS ("14:23:59:07"); below zero is "00:00:00:00"; 100 days or more keep every digit. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return `${pad(days)}:${pad(hours)}:${pad(minutes)}:${pad(s % 60)}`;
}

/** The countdown a stake row shows. */
export function stakeCountdown(startDate: number, now: number): string {
  return formatCountdown(countdownSeconds(startDate, now));
}

export { FIT24_DECIMALS };
