import { describe, expect, it } from 'vitest';
import { nextRank, rankProgress, shareOf } from './ranks.ts';
import { formatWeekRange } from './weeks.ts';

describe('formatWeekRange', () => {
  it('names a week inside one month, across months and across years', () => {
    expect(formatWeekRange('2025-05-12', '2025-05-18')).toBe('12 – 18 May 2025');
    expect(formatWeekRange('2025-04-28', '2025-05-04')).toBe('28 Apr – 4 May 2025');
    expect(formatWeekRange('2025-12-29', '2026-01-04')).toBe('29 Dec 2025 – 4 Jan 2026');
    expect(formatWeekRange('soon', 'later')).toBe('soon – later');
  });

  it('names the months in the language on screen', () => {
    const spanish = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
    const month = (m: number) => spanish[m] ?? '';
    expect(formatWeekRange('2025-04-28', '2025-05-04', month)).toBe('28 abr – 4 may 2025');
  });
});

describe('rank ladder', () => {
  const ranks = [
    { rank_id: 3, name: 'Gold', required_business: '10000', required_directs: 10, achieved: 0 as const },
    { rank_id: 1, name: 'Bronze', required_business: '500', required_directs: 2, achieved: 1 as const },
    { rank_id: 2, name: 'Silver', required_business: '2000', required_directs: 5, achieved: 0 as const },
  ];

  it('works towards the cheapest rank not reached', () => {
    expect(nextRank(ranks)?.name).toBe('Silver');
    expect(nextRank(ranks.map((r) => ({ ...r, achieved: 1 as const })))).toBeNull();
  });

  it('measures business and directs exactly, capped at 100 %', () => {
    expect(rankProgress(ranks[2]!, '750', 2)).toEqual({ business: '37.50', directs: '40.00' });
    expect(rankProgress(ranks[2]!, '5000', 9)).toEqual({ business: '100.00', directs: '100.00' });
    expect(shareOf(0n, 0n)).toBe('100.00');
    expect(shareOf(-1n, 10n)).toBe('0.00');
  });
});
