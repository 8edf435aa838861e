import { fromBaseUnits, toBaseUnits } from '@fit24/contract';

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
 * A decimal string with exactly two decimals, thousands grouped: "1250.5" → "1,250.50". Extra decimals
 * are cut, never rounded up (the screen never shows more than the account holds): "0.129" → "0.12".
 * Works on the text, so no float error; unreadable text and absent values show "0.00".
 */
export function formatFixed2(amount: string | null | undefined): string {
  const match = DECIMAL.exec((amount ?? '').trim());
  if (!match) return '0.00';
  const [, sign, wholeRaw = '0', fractionRaw = ''] = match;
  const whole = wholeRaw.replace(/^0+(?=\d)/, '');
  const fraction = fractionRaw.slice(0, 2).padEnd(2, '0');
  const negative = sign === '-' && /[1-9]/.test(whole + fraction);
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
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
