import { codeAt } from '../../server/src/modules/security/totp.ts';

const PERIOD = 30;
/** Seconds a chosen code must stay good for: filling, submitting and a loaded CI machine's delays. */
const MARGIN = 12;

/**
 * An authenticator app for one secret, as a test types its codes. The server accepts the step before
 * and after its current one, and each step once: the earliest unused step that stays accepted for at
 * least MARGIN more seconds is used (a code read at a window's end must still be good when a slow
 * request arrives), or the app waits for the next window. `now` is the server's time in seconds;
 * `usedStep` the step a code was last given for (enrolment's, say).
 */
export function authenticator(
  secret: string,
  now: () => number = () => Date.now() / 1000,
  usedStep = Number.NEGATIVE_INFINITY,
): () => Promise<string> {
  let used = usedStep;
  return async function nextCode(): Promise<string> {
    for (;;) {
      const seconds = now();
      const current = Math.floor(seconds / PERIOD);
      // Step s is accepted while the server's current step is s - 1, s or s + 1: until (s + 2) · PERIOD.
      const step = [current - 1, current, current + 1].find(
        (s) => s > used && (s + 2) * PERIOD - seconds >= MARGIN,
      );
      if (step !== undefined) {
        used = step;
        return codeAt(secret, step * PERIOD);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
}

/** A 6-digit code that is not the right one at any step the server accepts now. */
export function wrongCode(secret: string, now: number): string {
  const near = new Set([codeAt(secret, now - 30), codeAt(secret, now), codeAt(secret, now + 30)]);
  return ['000000', '123456', '999999'].find((code) => !near.has(code))!;
}
