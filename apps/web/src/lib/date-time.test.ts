import { LANGUAGES } from '@fit24/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, localeOf, setLanguage } from '../i18n/i18n.ts';
import { type AxisUnit, formatAxisTime, formatDateTime, formatTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('shows day, short month, year and a 24-hour time', () => {
    const text = formatDateTime(1_741_788_300);
    expect(text).toMatch(/^\d{1,2} [A-Z][a-z]{2} 2025, \d{2}:\d{2}$/);
  });
});

describe('formatTime', () => {
  afterEach(() => setLanguage('en'));

  it('writes the time of day as Intl does on a 24-hour clock in every language of the app', async () => {
    // Midnight, a morning, an afternoon and the last second of a day, local time.
    const moments = [
      new Date(2025, 2, 12, 0, 0, 0),
      new Date(2025, 2, 12, 9, 5, 7),
      new Date(2025, 2, 12, 14, 5, 9),
      new Date(2025, 2, 12, 23, 59, 59),
    ];
    for (const moment of moments) {
      const seconds = moment.getTime() / 1000;
      for (const language of LANGUAGES) {
        await setLanguage(language);
        expect(formatTime(seconds), `${language} ${moment.toString()}`).toBe(
          moment.toLocaleTimeString(localeOf(language), { hour12: false }),
        );
      }
    }
    await setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(formatTime(new Date(2025, 2, 12, 9, 5, 7).getTime() / 1000)).toBe('09:05:07');
  });
});

describe('formatAxisTime', () => {
  afterEach(() => setLanguage('en'));

  /** What lightweight-charts' default tick mark formatter writes (its UTC moment as a local date, then Intl). */
  function libraryLabel(seconds: number, options: Intl.DateTimeFormatOptions, locale: string): string {
    const d = new Date(seconds * 1000);
    const local = new Date(
      d.getUTCFullYear(),
      d.getUTCMonth(),
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    );
    return local.toLocaleString(locale, options);
  }

  it('writes the labels the chart library would, in UTC, in every language of the app', async () => {
    const moments = [
      Date.UTC(2025, 0, 1, 0, 0, 0),
      Date.UTC(2025, 2, 12, 9, 5, 7),
      Date.UTC(2025, 11, 31, 23, 59, 59),
    ];
    const units = {
      year: { year: 'numeric' },
      month: { month: 'short' },
      day: { day: 'numeric' },
      minute: { hour12: false, hour: '2-digit', minute: '2-digit' },
      second: { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' },
    } satisfies Record<AxisUnit, Intl.DateTimeFormatOptions>;
    for (const language of LANGUAGES) {
      await setLanguage(language);
      for (const ms of moments) {
        for (const [unit, options] of Object.entries(units)) {
          expect(formatAxisTime(ms / 1000, unit as AxisUnit), `${language} ${unit} ${ms}`).toBe(
            libraryLabel(ms / 1000, options, localeOf(language)),
          );
        }
      }
    }
    await setLanguage('en');
    expect(formatAxisTime(Date.UTC(2025, 2, 12, 9, 5, 7) / 1000, 'minute')).toBe('09:05');
    expect(formatAxisTime(Date.UTC(2025, 2, 12, 9, 5, 7) / 1000, 'month')).toBe('Mar');
  });
});
