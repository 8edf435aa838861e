import { currentLocale } from '../i18n/i18n.ts';

/**
 * The shapes dates take on screen. Each is one `Intl.DateTimeFormat` per language, made the first time it
 * is needed and kept: `toLocaleTimeString` and its kind build a new formatter on every call, which a list
 * of trades or the first paint of a screen pays for row after row.
 */
const SHAPES = {
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  hourMinute: { hour: '2-digit', minute: '2-digit' },
  // What toLocaleTimeString shows by default (hour, minute and second), on a 24-hour clock.
  clock: { hour: 'numeric', minute: 'numeric', second: 'numeric', hour12: false },
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

/** The time of day of an epoch-seconds moment, to the second, on a 24-hour clock: "14:05:09". */
export function formatTime(epochSeconds: number): string {
  return shape('clock').format(epochSeconds * 1000);
}
