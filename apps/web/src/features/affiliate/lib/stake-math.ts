import type { TProgramme, TStake } from '@fit24/contract';
import { FIT24_DECIMALS, fitUnits } from './fit-amount.ts';

/** The boost window and target multipliers, as GET /api/affiliate/programme serves them. */
export type BoostRules = Pick<
  TProgramme,
  'boost_window_seconds' | 'target_multiplier' | 'target_multiplier_after_window'
>;

/** "Now" in epoch seconds, the clock the stake maths run on (injected in tests). */
export function nowSeconds(): number {
  return Date.now() / 1000;
}

/**
 * The boost target in FIT24 base units: target_multiplier × amount (2 ×), or target_multiplier_after_window
 * × amount (4 ×) once MORE than boost_window_seconds (1,296,000 s) have passed since start_date (exactly
 * the window is still the first multiplier).
 */
export function boostTarget(amount: string, startDate: number, now: number, rules: BoostRules): bigint {
  const elapsed = now - startDate;
  const multiplier =
    elapsed > rules.boost_window_seconds ? rules.target_multiplier_after_window : rules.target_multiplier;
  return fitUnits(amount) * BigInt(multiplier);
}

/**
 * An unboosted stake's progress in hundredths of a percent (3750 = 37.50 %): 100 × boost_progress /
 * target, rounded down, 0 when boost_progress is not above 0, never above 100 %. Exact (bigint).
 */
export function progressHundredths(
  stake: Pick<TStake, 'amount' | 'start_date' | 'boost_progress'>,
  now: number,
  rules: BoostRules,
): bigint {
  const progress = fitUnits(stake.boost_progress);
  if (progress <= 0n) return 0n;
  const target = boostTarget(stake.amount, stake.start_date, now, rules);
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
  rules: BoostRules,
): string {
  return stake.is_boosted === 1 ? '100.00' : formatHundredths(progressHundredths(stake, now, rules));
}

/** Whole seconds left until start_date + the boost window, floored at zero. */
export function countdownSeconds(startDate: number, now: number, rules: BoostRules): number {
  return Math.max(0, Math.floor(startDate + rules.boost_window_seconds - now));
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
export function stakeCountdown(startDate: number, now: number, rules: BoostRules): string {
  return formatCountdown(countdownSeconds(startDate, now, rules));
}

export { FIT24_DECIMALS };
