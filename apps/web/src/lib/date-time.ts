import type { TLanguage } from '@fit24/contract';
import { currentLanguage, currentLocale } from '../i18n/i18n.ts';

/**
 * The shapes dates take on screen. Each is one `Intl.DateTimeFormat` per language, made the first time it
 * is needed and kept: `toLocaleTimeString` and its kind build a new formatter on every call, which a list
 * of trades or the first paint of a screen pays for row after row.
 */
const SHAPES = {
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  hourMinute: { hour: '2-digit', minute: '2-digit' },
  monthUtc: { month: 'short', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function shape(name: keyof typeof SHAPES): Intl.DateTimeFormat {
  const locale = currentLocale();
  const key = `${locale} ${name}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, SHAPES[name]);
    formatters.set(key, found);
  }
  return found;
}

/** A date of an epoch-seconds moment in the language's way, e.g. "12 Mar 2025", "12 mar 2025". */
export function formatDate(epochSeconds: number): string {
  return shape('day').format(epochSeconds * 1000);
}

/**
 * An epoch-seconds moment as a short local date and time in the language's way: "12 Mar 2025, 14:05",
 * "12 mar 2025, 14:05".
 */
export function formatDateTime(epochSeconds: number): string {
  const moment = epochSeconds * 1000;
  return `${shape('day').format(moment)}, ${shape('hourMinute').format(moment)}`;
}

/** How each language writes the hour on a 24-hour clock: "09:05:07" in English, "9:05:07" in Spanish. */
const HOUR_DIGITS: Record<TLanguage, number> = { en: 2, es: 1 };

/**
 * The time of day of an epoch-seconds moment, to the second, on a 24-hour clock: "14:05:09", as each of
 * the app's languages writes it (date-time.test.ts holds it to Intl). Written out rather than asked of
 * Intl: the first date format built costs the trade screen a long task while the browser loads its date
 * data (≈ 65 ms on Lighthouse's phone), for the recent trades' times.
 */
export function formatTime(epochSeconds: number): string {
  const moment = new Date(epochSeconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const hour = String(moment.getHours()).padStart(HOUR_DIGITS[currentLanguage()], '0');
  return `${hour}:${two(moment.getMinutes())}:${two(moment.getSeconds())}`;
}

/** What a chart's time-axis label names: the year, month, day of the month, or time to the minute or second. */
export type AxisUnit = 'year' | 'month' | 'day' | 'minute' | 'second';

/**
 * A price chart's time-axis label for an epoch-seconds moment, in UTC as the chart places its marks: "2025",
 * "Mar", "12", "09:05", "09:05:07" — what the chart library writes by default, but written out: its default
 * asks `toLocaleString` for each label, and the first of those cost the trade screen's chart a long task
 * while the browser loaded its date data (≈ 100 ms of a 270 ms task on a phone slowed four times). Only a
 * month's name, at most a mark or two on screen, asks Intl (in the app's language).
 */
export function formatAxisTime(epochSeconds: number, unit: AxisUnit): string {
  const moment = new Date(epochSeconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const minute = `${two(moment.getUTCHours())}:${two(moment.getUTCMinutes())}`;
  switch (unit) {
    case 'year':
      return String(moment.getUTCFullYear());
    case 'month':
      return shape('monthUtc').format(moment);
    case 'day':
      return String(moment.getUTCDate());
    case 'minute':
      return minute;
    case 'second':
      return `${minute}:${two(moment.getUTCSeconds())}`;
  }
}
