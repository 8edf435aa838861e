import { describe, expect, it } from 'vitest';
import { durationInWords } from './duration-words.ts';

describe('durationInWords', () => {
  it('names a duration in its largest whole unit', () => {
    expect(durationInWords(1_296_000)).toBe('15 days');
    expect(durationInWords(86_400)).toBe('1 day');
    expect(durationInWords(7200)).toBe('2 hours');
    expect(durationInWords(5400)).toBe('90 minutes');
    expect(durationInWords(45)).toBe('45 seconds');
    expect(durationInWords(0)).toBe('0 seconds');
  });
});
