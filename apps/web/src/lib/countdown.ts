import { useCallback, useEffect, useState } from 'react';
import { i18n } from '../i18n/i18n.ts';

/** Whole seconds from `nowMs` until `deadlineMs`, rounded up, never below zero. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** "0:45", "1:00", "12:05". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The default wait before a code may be sent again when the server names none. */
export const RESEND_SECONDS = 60;

/**
 * A countdown in seconds that ticks each second: `start(n)` begins it; `left` is 0 when it has ended.
 * It reads the clock, so a tab put in the background shows the right time when it returns.
 */
export function useCountdown(now: () => number = Date.now) {
  const [deadline, setDeadline] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (deadline === 0) return;
    const tick = () => setLeft(secondsLeft(deadline, now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, now]);
  const start = useCallback(
    (seconds: number) => {
      const at = now() + Math.max(0, seconds) * 1000;
      setDeadline(at);
      setLeft(secondsLeft(at, now()));
    },
    [now],
  );
  return { left, start };
}

/**
 * How long to wait before asking for another code: the `retry_after` of a success or of a 429 answer,
 * else the default minute.
 */
export function retryAfterOf(
  answer: { retry_after?: number } | { data?: { retry_after?: number } } | undefined,
): number {
  if (!answer) return RESEND_SECONDS;
  const direct = (answer as { retry_after?: number }).retry_after;
  const nested = (answer as { data?: { retry_after?: number } }).data?.retry_after;
  const value = direct ?? nested;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : RESEND_SECONDS;
}

/**
 * A longer wait for people, to its two largest units, in hours up to two days: "3 days 4 h", "24 h",
 * "23 h 59 min", "4 min 10 s", "12 s".
 */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const days = s >= 2 * 86_400 ? Math.floor(s / 86_400) : 0;
  const hours = Math.floor((s - days * 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const pair = (big: string, small: number, unit: 'h' | 'min' | 's') =>
    small > 0 ? i18n.t('time.pair', { big, small: i18n.t(`time.${unit}`, { count: small }) }) : big;
  if (days > 0) return pair(i18n.t('time.d', { count: days }), hours, 'h');
  if (hours > 0) return pair(i18n.t('time.h', { count: hours }), minutes, 'min');
  if (minutes > 0) return pair(i18n.t('time.min', { count: minutes }), s % 60, 's');
  return i18n.t('time.s', { count: s });
}

/**
 * A configured delay or cool-down for people: whole hours in hours ("24 hours", "1 hour"), under an hour
 * in whole minutes ("2 minutes"), anything else to its two largest units ("1 h 30 min").
 */
export function describeDelay(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return i18n.t('time.hours', { count: seconds / 3600 });
  if (seconds < 3600) return i18n.t('time.minutes', { count: Math.max(1, Math.round(seconds / 60)) });
  return formatWait(seconds);
}

/** The clock in epoch seconds, read again every `everyMs` while the component is mounted. */
export function useNowSeconds(everyMs = 1000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
