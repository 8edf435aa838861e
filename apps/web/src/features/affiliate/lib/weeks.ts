const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parseDay(day: string): { year: number; month: number; date: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]) - 1, date: Number(match[3]) };
}

/**
 * A surge week's dates ("YYYY-MM-DD", UTC calendar days, Monday to Sunday) for people:
 * "12 – 18 May 2025", "28 Apr – 4 May 2025", "29 Dec 2025 – 4 Jan 2026". Text that is no date is kept.
 */
export function formatWeekRange(start: string, end: string): string {
  const a = parseDay(start);
  const b = parseDay(end);
  if (!a || !b) return `${start} – ${end}`;
  const last = `${b.date} ${MONTHS[b.month]} ${b.year}`;
  if (a.year !== b.year) return `${a.date} ${MONTHS[a.month]} ${a.year} – ${last}`;
  if (a.month !== b.month) return `${a.date} ${MONTHS[a.month]} – ${last}`;
  return `${a.date} – ${last}`;
}
