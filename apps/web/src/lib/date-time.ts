import { currentLocale } from '../i18n/i18n.ts';

/**
 * An epoch-seconds moment as a short local date and time in the language's way: "12 Mar 2025, 14:05",
 * "12 mar 2025, 14:05".
 */
export function formatDateTime(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const locale = currentLocale();
  const day = date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return `${day}, ${time}`;
}

/** The time of day of an epoch-seconds moment, to the second, on a 24-hour clock: "14:05:09". */
export function formatTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toLocaleTimeString(currentLocale(), { hour12: false });
}
