import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

describe('formatDateTime', () => {
  it('shows day, short month, year and a 24-hour time', () => {
    const text = formatDateTime(1_741_788_300);
    expect(text).toMatch(/^\d{1,2} [A-Z][a-z]{2} 2025, \d{2}:\d{2}$/);
  });
});
