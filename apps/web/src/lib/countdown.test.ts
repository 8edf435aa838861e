import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  describeDelay,
  formatCountdown,
  formatWait,
  RESEND_SECONDS,
  retryAfterOf,
  secondsLeft,
  useCountdown,
} from './countdown.ts';

describe('secondsLeft', () => {
  it('rounds up to whole seconds and never goes below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(45)).toBe('0:45');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(725)).toBe('12:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('formatWait', () => {
  it('names the two largest units of a wait', () => {
    expect(formatWait(3 * 86_400 + 4 * 3600 + 59)).toBe('3 days 4 h');
    expect(formatWait(2 * 86_400)).toBe('2 days');
    expect(formatWait(86_400)).toBe('24 h');
    expect(formatWait(86_400 + 3 * 3600 + 59)).toBe('27 h');
    expect(formatWait(23 * 3600 + 59 * 60 + 59)).toBe('23 h 59 min');
    expect(formatWait(3600)).toBe('1 h');
    expect(formatWait(250)).toBe('4 min 10 s');
    expect(formatWait(12.2)).toBe('13 s');
    expect(formatWait(-5)).toBe('0 s');
  });
});

describe('describeDelay', () => {
  it('names whole hours in hours, anything else to the minute', () => {
    expect(describeDelay(86_400)).toBe('24 hours');
    expect(describeDelay(3600)).toBe('1 hour');
    expect(describeDelay(5400)).toBe('1 h 30 min');
  });

  it('says a cool-down in hours or minutes', () => {
    expect(describeDelay(86_400)).toBe('24 hours');
    expect(describeDelay(3600)).toBe('1 hour');
    expect(describeDelay(90)).toBe('2 minutes');
    expect(describeDelay(60)).toBe('1 minute');
  });
});

describe('retryAfterOf', () => {
  it('reads retry_after from a success or from the data of a 429 answer', () => {
    expect(retryAfterOf({ retry_after: 42 })).toBe(42);
    expect(retryAfterOf({ data: { retry_after: 17 } })).toBe(17);
  });

  it('falls back to a minute when the answer names none', () => {
    expect(retryAfterOf(undefined)).toBe(RESEND_SECONDS);
    expect(retryAfterOf({ data: {} })).toBe(60);
  });
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down each second from start and stops at zero', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.left).toBe(0);
    act(() => result.current.start(3));
    expect(result.current.left).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.left).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.left).toBe(0);
  });

  it('restarts when started again', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(2));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.start(60));
    expect(result.current.left).toBe(60);
  });
});
