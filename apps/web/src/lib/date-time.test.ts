import { LANGUAGES } from '@fit24/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, localeOf, setLanguage } from '../i18n/i18n.ts';
import { formatDateTime, formatTime } from './date-time.ts';

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
