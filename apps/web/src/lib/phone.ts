/**
 * The digits of the national part of a mobile number as a person types it: spaces, dashes, brackets
 * and a leading trunk prefix 0 ("07700 900123" in the UK) are dropped.
 */
export function nationalDigits(input: string): string {
  return input.replace(/\D/g, '').replace(/^0+/, '');
}

/**
 * The E.164 number (contract `ZMobile`) from the chosen country's dial code ("+44") and the national
 * part. A national part typed with its own "+" is taken as the full international number.
 */
export function toE164(dialCode: string, national: string): string {
  const trimmed = national.trim();
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`;
  return `${dialCode}${nationalDigits(trimmed)}`;
}

/** The region of a locale such as "en-GB" (for a first guess of the country), or null. */
export function regionOfLocale(locale: string | undefined): string | null {
  if (!locale) return null;
  const match = /[-_]([A-Za-z]{2})(?:$|[-_])/.exec(locale);
  return match ? match[1]!.toUpperCase() : null;
}
