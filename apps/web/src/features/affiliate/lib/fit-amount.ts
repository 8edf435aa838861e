import { fromBaseUnits, toBaseUnits } from '@fit24/contract';
import { formatAmount } from '../../../lib/money.ts';

/** FIT24 has 8 decimals (DESIGN §4: ≤ 8 per asset; the default assets' FIT24 uses all 8). */
export const FIT24_DECIMALS = 8;
export const FIT24 = 'FIT24';

/**
 * A FIT24 decimal string from the API ("1250.5", "-3.25") in base units. Anything unreadable is 0, so a
 * failed or odd answer shows as 0.00 rather than breaking the screen.
 */
export function fitUnits(amount: string | null | undefined): bigint {
  if (!amount) return 0n;
  const text = amount.trim();
  const negative = text.startsWith('-');
  const units = toBaseUnits(negative ? text.slice(1) : text, FIT24_DECIMALS) ?? 0n;
  return negative ? -units : units;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A decimal string with exactly two decimals, thousands grouped in the language's marks: "1250.5" →
 * "1,250.50" ("1.250,50" in Spanish). Extra decimals are cut, never rounded up (the screen never shows
 * more than the account holds): "0.129" → "0.12". Works on the text, so no float error; unreadable text
 * and absent values show "0.00".
 */
export function formatFixed2(amount: string | null | undefined): string {
  const match = DECIMAL.exec((amount ?? '').trim());
  const [, sign = '', whole = '0', fraction = ''] = match ?? [];
  return formatAmount(`${sign}${whole}.${fraction.slice(0, 2).padEnd(2, '0')}`, 2);
}

/** Percent strings ("0.30", "12.5") are read with this many decimals. */
const PERCENT_DECIMALS = 4;

/**
 * `percent` % of a FIT24 amount, in base units, rounded down (as the server pays it). Exact: the percent
 * is read as a decimal string, never as a float.
 */
export function percentOfUnits(units: bigint, percent: string): bigint {
  const scaled = toBaseUnits(percent.trim(), PERCENT_DECIMALS);
  if (scaled === null || units <= 0n) return 0n;
  return (units * scaled) / (100n * 10n ** BigInt(PERCENT_DECIMALS));
}

/** What a stake of `amount` FIT24 earns a day at `percent` % (before the week's surge), as a decimal. */
export function dailyYield(amount: string, percent: string): string {
  return fromBaseUnits(percentOfUnits(fitUnits(amount), percent), FIT24_DECIMALS);
}
