/**
 * All server time comes from here. Tests (and only tests: `TEST_CLOCK=1`) move it forward through
 * `/ops/clock`, so boost windows, expiries and daily runs can be reached without waiting.
 */
export interface Clock {
  now(): Date;
  /** Integer epoch seconds, the API's unit for every `*_date`. */
  nowSeconds(): number;
  advance(seconds: number): void;
  offsetSeconds(): number;
}

export function createClock(): Clock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    nowSeconds: () => toEpochSeconds(now()),
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    offsetSeconds: () => Math.round(offsetMs / 1000),
  };
}

export function toEpochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
