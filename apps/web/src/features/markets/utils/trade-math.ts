import { fromBaseUnits, toBaseUnits } from '@fit24/contract';

/**
 * Depth-bar widths (0–100, whole percent) of order-book levels, proportional to each level's amount
 * against the largest one. Amounts are decimal strings compared as bigint base units.
 */
export function depthWidths(levels: ReadonlyArray<readonly [string, string]>, decimals = 18): number[] {
  const units = levels.map(([, amount]) => safeUnits(amount, decimals));
  let max = 0n;
  for (const u of units) if (u > max) max = u;
  if (max === 0n) return units.map(() => 0);
  return units.map((u) => Number((u * 100n) / max));
}

/** Base units of a decimal string, extra decimals cut off (rounded down); 0n when it is not a number. */
function safeUnits(amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) return 0n;
  const fraction = (match[2] ?? '').slice(0, decimals);
  return toBaseUnits(fraction ? `${match[1]}.${fraction}` : (match[1] ?? '0'), decimals) ?? 0n;
}

/** `percent`% of a balance, rounded down to `decimals` places, as a decimal string. */
export function percentOf(balance: string, percent: number, decimals: number): string {
  const units = safeUnits(balance, decimals);
  return fromBaseUnits((units * BigInt(percent)) / 100n, decimals);
}

/** price × amount, rounded down to `decimals` places; "" when either is not a number. */
export function multiply(price: string, amount: string, decimals: number): string {
  if (!isDecimal(price) || !isDecimal(amount)) return '';
  const p = safeUnits(price, 18);
  const a = safeUnits(amount, 18);
  const product = p * a; // 36 decimals
  const scaled = product / 10n ** BigInt(36 - decimals);
  return fromBaseUnits(scaled, decimals);
}

/** amount ÷ price, rounded down to `decimals` places; "" when the price is zero or not a number. */
export function divide(total: string, price: string, decimals: number): string {
  if (!isDecimal(total) || !isDecimal(price)) return '';
  const p = safeUnits(price, 18);
  if (p === 0n) return '';
  const t = safeUnits(total, 18);
  return fromBaseUnits((t * 10n ** BigInt(decimals)) / p, decimals);
}

/** A fee (rate like "0.001") on an amount, rounded down to `decimals`. */
export function feeOf(amount: string, rate: string, decimals: number): string {
  return multiply(amount, rate, decimals);
}

/**
 * Halfway between two prices (the best bid and the best ask), exactly, as a decimal string: their sum in
 * base units is halved by writing it with one more decimal (× 5 ÷ 10), so "100.01" and "100.02" give
 * "100.015", never a float's 100.01499…. Extra decimals beyond `decimals` are cut.
 */
export function midPrice(bid: string, ask: string, decimals: number): string {
  const sum = safeUnits(bid, decimals) + safeUnits(ask, decimals);
  return fromBaseUnits(sum * 5n, decimals + 1);
}

export function isDecimal(text: string): boolean {
  return /^\d+(\.\d+)?$/.test(text.trim());
}

/** Is a signed percent string ("-1.25") below zero. */
export function isNegative(change: string): boolean {
  return change.trim().startsWith('-') && /[1-9]/.test(change);
}

/** Markets by the size of their move, biggest first (string compare on base units, no floats). */
export function byAbsChange<T extends { change_24h: string }>(markets: readonly T[]): T[] {
  const abs = (c: string) => safeUnits(c.replace(/^[-+]/, ''), 4);
  return [...markets].sort((a, b) => {
    const d = abs(b.change_24h) - abs(a.change_24h);
    return d > 0n ? 1 : d < 0n ? -1 : 0;
  });
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (decimal strings; not a number counts as 0). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const d = safeUnits(a, 18) - safeUnits(b, 18);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/** A decimal string that is a number above zero. */
export function isPositive(text: string): boolean {
  return isDecimal(text) && safeUnits(text, 18) > 0n;
}
