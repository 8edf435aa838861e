import { describe, expect, it } from 'vitest';
import {
  type BoostRules,
  boostTarget,
  countdownSeconds,
  formatCountdown,
  formatHundredths,
  progressHundredths,
  stakeCountdown,
  stakeProgressText,
} from './stake-math.ts';

const START = 1_700_000_000;
/** The numbers the server serves by default (config/affiliate.json). */
const RULES: BoostRules = {
  boost_window_seconds: 1_296_000,
  target_multiplier: 2,
  target_multiplier_after_window: 4,
};
const stake = (amount: string, boost_progress: string, is_boosted: 0 | 1 = 0) => ({
  amount,
  boost_progress,
  is_boosted,
  start_date: START,
});

describe('boostTarget (spec §4)', () => {
  it('is 2 × the amount up to and including 1,296,000 s after start_date', () => {
    expect(boostTarget('100', START, START, RULES)).toBe(200n * 10n ** 8n);
    expect(boostTarget('100', START, START + 1_295_999, RULES)).toBe(200n * 10n ** 8n);
    expect(boostTarget('100', START, START + 1_296_000, RULES)).toBe(200n * 10n ** 8n);
  });

  it('is 4 × the amount once more than 1,296,000 s have passed', () => {
    expect(boostTarget('100', START, START + 1_296_001, RULES)).toBe(400n * 10n ** 8n);
    expect(boostTarget('100', START, START + 1_296_000.5, RULES)).toBe(400n * 10n ** 8n);
    expect(boostTarget('0.00000001', START, START + 10_000_000, RULES)).toBe(4n);
  });
});

describe('progress percent', () => {
  it('is 0 when boost_progress is 0 or negative', () => {
    expect(progressHundredths(stake('100', '0'), START, RULES)).toBe(0n);
    expect(progressHundredths(stake('100', '-5'), START, RULES)).toBe(0n);
    expect(stakeProgressText(stake('100', '0'), START, RULES)).toBe('0.00');
    expect(stakeProgressText(stake('100', '-0.00000001'), START, RULES)).toBe('0.00');
  });

  it('is 100 × boost_progress / (2 × amount) inside the window, with two decimals', () => {
    expect(stakeProgressText(stake('100', '75'), START + 1_295_999, RULES)).toBe('37.50');
    expect(stakeProgressText(stake('100', '75'), START + 1_296_000, RULES)).toBe('37.50');
    expect(stakeProgressText(stake('100', '50'), START, RULES)).toBe('25.00');
  });

  it('uses 4 × amount from 1,296,001 s on', () => {
    expect(stakeProgressText(stake('100', '75'), START + 1_296_001, RULES)).toBe('18.75');
  });

  it('is exact where floats are not, rounding down', () => {
    // 0.1 + 0.2 of 0.3 × 2: 100 × 0.3 / 0.6 = 50 exactly.
    expect(stakeProgressText(stake('0.3', '0.3'), START, RULES)).toBe('50.00');
    // 1 / 3 of the target: 33.333… → 33.33.
    expect(stakeProgressText(stake('150', '100'), START, RULES)).toBe('33.33');
    // 2 / 3 → 66.66 (down, not 66.67).
    expect(stakeProgressText(stake('150', '200'), START, RULES)).toBe('66.66');
    expect(stakeProgressText(stake('12345678.12345678', '0.00000001'), START, RULES)).toBe('0.00');
  });

  it('never shows more than 100 %, and a boosted stake shows 100.00', () => {
    expect(stakeProgressText(stake('10', '500'), START, RULES)).toBe('100.00');
    expect(stakeProgressText(stake('10', '0', 1), START, RULES)).toBe('100.00');
  });

  it('formats hundredths', () => {
    expect(formatHundredths(0n)).toBe('0.00');
    expect(formatHundredths(5n)).toBe('0.05');
    expect(formatHundredths(3750n)).toBe('37.50');
    expect(formatHundredths(10_000n)).toBe('100.00');
  });
});

describe('countdown', () => {
  it('counts the time left until start_date + 15 days', () => {
    expect(countdownSeconds(START, START, RULES)).toBe(1_296_000);
    expect(stakeCountdown(START, START, RULES)).toBe('15:00:00:00');
    expect(stakeCountdown(START, START + 1, RULES)).toBe('14:23:59:59');
    expect(stakeCountdown(START, START + 1_295_999, RULES)).toBe('00:00:00:01');
  });

  it('is floored at zero', () => {
    expect(countdownSeconds(START, START + 1_296_000, RULES)).toBe(0);
    expect(countdownSeconds(START, START + 2_000_000, RULES)).toBe(0);
    expect(stakeCountdown(START, START + 1_296_001, RULES)).toBe('00:00:00:00');
    expect(formatCountdown(-42)).toBe('00:00:00:00');
  });

  it('drops a fraction of a second', () => {
    expect(countdownSeconds(START, START + 0.4, RULES)).toBe(1_295_999);
  });

  it('pads single digits and keeps two-digit and longer day counts', () => {
    expect(formatCountdown(1 * 86_400 + 2 * 3600 + 3 * 60 + 4)).toBe('01:02:03:04');
    expect(formatCountdown(10 * 86_400 + 23 * 3600 + 59 * 60 + 59)).toBe('10:23:59:59');
    expect(formatCountdown(100 * 86_400)).toBe('100:00:00:00');
    expect(formatCountdown(59)).toBe('00:00:00:59');
  });
});

describe('served numbers', () => {
  const served: BoostRules = {
    boost_window_seconds: 3600,
    target_multiplier: 3,
    target_multiplier_after_window: 5,
  };

  it('takes the window and the multipliers from the programme the server serves', () => {
    expect(boostTarget('100', START, START + 3600, served)).toBe(300n * 10n ** 8n);
    expect(boostTarget('100', START, START + 3601, served)).toBe(500n * 10n ** 8n);
    expect(stakeProgressText(stake('100', '150'), START, served)).toBe('50.00');
    expect(stakeCountdown(START, START, served)).toBe('00:01:00:00');
    expect(countdownSeconds(START, START + 3600, served)).toBe(0);
  });
});
