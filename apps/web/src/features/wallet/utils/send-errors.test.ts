import { describe, expect, it } from 'vitest';
import { lacksTxnPassword, staysInReview } from './send-errors.ts';

const refused = (code: number, fields?: Record<string, string>) => ({
  error: true as const,
  code,
  message: 'refused',
  ...(fields ? { fields } : {}),
});

describe('send errors', () => {
  it('keeps password problems, throttling and lost connections in the review sheet', () => {
    expect(staysInReview(refused(401, { txn_password: 'is not correct' }))).toBe(true);
    expect(staysInReview(refused(429))).toBe(true);
    expect(staysInReview(refused(0))).toBe(true);
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
