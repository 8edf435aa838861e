import { describe, expect, it } from 'vitest';
import { isPause, lacksTxnPassword, staysInReview } from './send-errors.ts';

const refused = (code: number, fields?: Record<string, string>, until?: number) => ({
  error: true as const,
  code,
  message: 'refused',
  ...(fields ? { fields } : {}),
  ...(until ? { data: { until } } : {}),
});

describe('send errors', () => {
  it('keeps password problems, throttling and lost connections in the review sheet', () => {
    expect(staysInReview(refused(401, { txn_password: 'is not correct' }))).toBe(true);
    expect(staysInReview(refused(429))).toBe(true);
    expect(staysInReview(refused(0))).toBe(true);
  });

  it('keeps a missing or wrong second factor in the review sheet', () => {
    expect(staysInReview(refused(401, { two_factor_code: 'is required' }))).toBe(true);
    expect(staysInReview(refused(401, { passkey_token: 'has expired' }))).toBe(true);
  });

  it('tells a pause (frozen, cool-down, limit) from a refusal the form can fix', () => {
    expect(isPause(refused(403))).toBe(true);
    expect(isPause(refused(422, undefined, 1_800_000_000))).toBe(true);
    expect(isPause(refused(422, { amount: 'must be worth at most 250.00 USD now' }, 1_800_000_000))).toBe(
      true,
    );
    expect(isPause(refused(422, { amount: 'must be at least 0.001' }))).toBe(false);
    expect(isPause(refused(400, { address: 'is not a valid bitcoin address' }))).toBe(false);
  });

  it('sends address, amount and balance problems back to the form', () => {
    expect(staysInReview(refused(400, { address: 'is not a valid bitcoin address' }))).toBe(false);
    expect(staysInReview(refused(422, { amount: 'must be at least 0.001' }))).toBe(false);
    expect(staysInReview(refused(422))).toBe(false);
    expect(staysInReview(refused(404))).toBe(false);
  });

  it('recognises an account without a transaction password', () => {
    expect(lacksTxnPassword(refused(422, { txn_password: 'is not set yet' }))).toBe(true);
    expect(lacksTxnPassword(refused(401, { txn_password: 'is not correct' }))).toBe(false);
  });
});
