import { describe, expect, it } from 'vitest';
import { ageInYears } from './dates.ts';

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('ageInYears', () => {
  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageInYears('2000-06-15', on('2018-06-14'))).toBe(17);
    expect(ageInYears('2000-06-15', on('2018-06-15'))).toBe(18);
    expect(ageInYears('2000-06-15', on('2025-01-01'))).toBe(24);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageInYears('2004-02-29', on('2022-02-28'))).toBe(17);
    expect(ageInYears('2004-02-29', on('2022-03-01'))).toBe(18);
  });

  it('refuses text that is not a real date', () => {
    expect(ageInYears('2001-02-29', on('2025-01-01'))).toBeNull();
    expect(ageInYears('15/06/2000', on('2025-01-01'))).toBeNull();
  });
});
