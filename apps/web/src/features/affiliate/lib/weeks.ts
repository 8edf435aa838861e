const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The keys of the months' short names in the affiliate namespace (`months.jan` …), January first. */
export const MONTH_KEYS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

function parseDay(day: string): { year: number; month: number; date: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]) - 1, date: Number(match[3]) };
}

/**
 * A surge week's dates ("YYYY-MM-DD", UTC calendar days, Monday to Sunday) for people:
 * "12 – 18 May 2025", "28 Apr – 4 May 2025", "29 Dec 2025 – 4 Jan 2026". Text that is no date is kept.
 * `monthName` names a month (0 = January) in the language on screen; English by default.
 */
export function formatWeekRange(
  start: string,
  end: string,
  monthName: (month: number) => string = (month) => MONTHS[month] ?? '',
): string {
  const a = parseDay(start);
  const b = parseDay(end);
  if (!a || !b) return `${start} – ${end}`;
  const last = `${b.date} ${monthName(b.month)} ${b.year}`;
  if (a.year !== b.year) return `${a.date} ${monthName(a.month)} ${a.year} – ${last}`;
  if (a.month !== b.month) return `${a.date} ${monthName(a.month)} – ${last}`;
  return `${a.date} – ${last}`;
}
