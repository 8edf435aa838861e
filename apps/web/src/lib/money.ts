import type { TLanguage } from '@fit24/contract';
import { fromBaseUnits, toBaseUnits } from '@fit24/contract';
import { currentLanguage, i18n } from '../i18n/i18n.ts';

/**
 * Money on screen. Amounts arrive as decimal strings (DESIGN §2) and stay strings: display only regroups
 * the digits, and arithmetic (fee, "Max", totals) runs on bigint base units through the contract's
 * toBaseUnits/fromBaseUnits. Never `number` arithmetic on money.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The language's digit group and decimal marks ("1,250.50" in English, "1.250,50" in Spanish). */
interface Marks {
  group: string;
  decimal: string;
  /** The dollar sign and where it goes: "$1.00" or "1,00 US$". */
  usd: { symbol: string; before: boolean };
}

/**
 * Each language's marks, written out: asking `Intl.NumberFormat` costs the first screen with an amount a
 * long task while the browser loads its number data (≈ 70 ms on Lighthouse's phone). money.test.ts holds
 * the table to what Intl says for each language's locale.
 */
export const MARKS: Record<TLanguage, Marks> = {
  en: { group: ',', decimal: '.', usd: { symbol: '$', before: true } },
  // Spanish writes the amount first and names the dollar ("US$").
  es: { group: '.', decimal: ',', usd: { symbol: 'US$', before: false } },
};

function marks(): Marks {
  return MARKS[currentLanguage()];
}

function groupThousands(whole: string, group: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * A decimal string for people, in the language's marks: thousands grouped, every decimal the asset has kept (never rounded), and at
 * least `minDecimals` shown ("1250.5" → "1,250.50", "0.00012345" → "0.00012345", "0" → "0.00").
 * Text that is not a plain decimal is returned as it is.
 */
export function formatAmount(amount: string, minDecimals = 2): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  const shown = trimmed.length >= minDecimals ? trimmed : trimmed.padEnd(minDecimals, '0');
  const negative = sign === '-' && /[1-9]/.test(whole + trimmed);
  const normalisedWhole = whole.replace(/^0+(?=\d)/, '');
  const { group, decimal } = marks();
  return `${negative ? '-' : ''}${groupThousands(normalisedWhole, group)}${shown ? `${decimal}${shown}` : ''}`;
}

/** A US-dollar value (two decimals in the API) as "$12,345.67" (English) or "12.345,67 US$" (Spanish). */
export function formatUsd(usd: string): string {
  const text = formatAmount(usd, 2);
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const { symbol, before } = marks().usd;
  return `${negative ? '-' : ''}${before ? `${symbol}${digits}` : `${digits}\u00a0${symbol}`}`;
}

/**
 * What a person typed in an amount field, made into a plain decimal: a comma is read as the decimal
 * point, anything but digits and one point is dropped, and the fraction is cut at the asset's decimals.
 */
export function cleanAmountInput(text: string, decimals: number): string {
  const unified = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = unified.indexOf('.');
  if (point === -1) return unified.replace(/^0+(?=\d)/, '');
  const whole = unified.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = unified.slice(point + 1).replace(/\./g, '');
  if (decimals === 0) return whole;
  return `${whole || '0'}.${fraction.slice(0, decimals)}`;
}

/** Base units of an API amount (always valid for its asset); 0 for anything unreadable. */
export function unitsOf(amount: string, decimals: number): bigint {
  const negative = amount.startsWith('-');
  const units = toBaseUnits(negative ? amount.slice(1) : amount, decimals) ?? 0n;
  return negative ? -units : units;
}

/**
 * The most a withdrawal can ask for: available minus the fee (the fee is held on top of the amount),
 * never below zero.
 */
export function maxWithdrawable(available: string, fee: string, decimals: number): string {
  const rest = unitsOf(available, decimals) - unitsOf(fee, decimals);
  return fromBaseUnits(rest > 0n ? rest : 0n, decimals);
}

/** Why an amount typed for a withdrawal or a transfer cannot be sent, or null when it can. */
export type AmountProblem = 'invalid' | 'too-many-decimals' | 'zero' | 'below-minimum' | 'insufficient';

export interface AmountCheck {
  /** The amount in base units, when it is a readable amount for the asset. */
  units: bigint | null;
  /** What the account gives up: amount + fee (plain decimal), when the amount is readable. */
  total: string | null;
  problem: AmountProblem | null;
}

/**
 * Checks an amount the way the server will (format, the asset's decimals, more than zero, the minimum,
 * amount + fee within the available balance) and works out the total deducted, all in bigint.
 */
export function checkAmount(input: {
  amount: string;
  decimals: number;
  available: string;
  fee?: string;
  minimum?: string;
}): AmountCheck {
  const { amount, decimals } = input;
  const match = /^\d+(?:\.(\d+))?$/.exec(amount);
  if (!match) return { units: null, total: null, problem: 'invalid' };
  const units = toBaseUnits(amount.replace(/^0+(?=\d)/, ''), decimals);
  if (units === null) {
    const tooLong = (match[1] ?? '').replace(/0+$/, '').length > decimals;
    return { units: null, total: null, problem: tooLong ? 'too-many-decimals' : 'invalid' };
  }
  const fee = unitsOf(input.fee ?? '0', decimals);
  const total = fromBaseUnits(units + fee, decimals);
  let problem: AmountProblem | null = null;
  if (units === 0n) problem = 'zero';
  else if (input.minimum !== undefined && units < unitsOf(input.minimum, decimals)) problem = 'below-minimum';
  else if (units + fee > unitsOf(input.available, decimals)) problem = 'insufficient';
  return { units, total, problem };
}

/** The sentence shown under the amount field for a problem; the server's own wording where it has one. */
export function amountProblemMessage(
  problem: AmountProblem,
  context: { symbol: string; decimals: number; minimum?: string; fee?: string; amount: string },
): string {
  const { symbol } = context;
  switch (problem) {
    case 'invalid':
      return i18n.t('amount.invalid', { example: formatAmount('12.5', 1) });
    case 'too-many-decimals':
      return i18n.t('amount.decimals', { symbol, count: context.decimals });
    case 'zero':
      return i18n.t('amount.zero');
    case 'below-minimum':
      return i18n.t('amount.minimum', { minimum: formatAmount(context.minimum ?? '0', 0), symbol });
    case 'insufficient':
      return context.fee && unitsOf(context.fee, context.decimals) > 0n
        ? i18n.t('amount.insufficientWithFee', { symbol, amount: context.amount, fee: context.fee })
        : i18n.t('amount.insufficient', { symbol });
  }
}
