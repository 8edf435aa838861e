/**
 * Money at the API edge. Amounts travel as decimal strings in plain notation ("1250.5"); input may
 * also be a JSON number, read through its shortest decimal form. Inside, money is a bigint count of
 * base units (an asset with 8 decimals: 1 BTC = 100000000n). Never `number` arithmetic on money.
 */
export const MAX_DECIMALS = 8;

const PLAIN_DECIMAL = /^(0|[1-9][0-9]{0,19})(\.[0-9]{1,18})?$/;

/** A non-negative amount in plain decimal notation ("12.5", "0"), at most 18 decimals. */
export function isPlainDecimal(value: string): boolean {
  return PLAIN_DECIMAL.test(value);
}

/**
 * Decimal string → base units. Returns null when the text has more decimals than `decimals`
 * (the caller answers 400 for it: DESIGN §2 never rounds a client's amount).
 */
export function toBaseUnits(amount: string, decimals: number): bigint | null {
  if (!isPlainDecimal(amount)) return null;
  const [whole, fraction = ''] = amount.split('.') as [string, string?];
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(trimmed.padEnd(decimals, '0') || '0');
}

/** Base units → plain decimal string without trailing zeros ("1250.5", "0", "-3.25"). */
export function fromBaseUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const fraction = decimals === 0 ? '' : (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
