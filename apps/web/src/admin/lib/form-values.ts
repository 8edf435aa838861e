/**
 * Form text → the types the contract's schemas take. A value that does not parse is passed on as it is,
 * so the schema names the field ("Expected number") instead of the form guessing.
 */
export function numberOrText(text: string): number | string {
  return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
}

/** "2026-11-23" → epoch seconds at that day's 00:00 UTC; other text is passed on as it is. */
export function dayToEpoch(text: string): number | string {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) / 1000 : text;
}

/** The Monday of the week of `date` (UTC), as YYYY-MM-DD: surge weeks start on Mondays. */
export function mondayOf(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}
