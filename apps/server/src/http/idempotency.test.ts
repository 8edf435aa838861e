import { describe, expect, it } from 'vitest';
import { hashRequest } from './idempotency.ts';

describe('the stored hash of an idempotent request', () => {
  it('is the same for the same fields in any order, and differs when a field differs', () => {
    expect(hashRequest({ asset_id: 1, amount: '5' })).toBe(hashRequest({ amount: '5', asset_id: 1 }));
    expect(hashRequest({ asset_id: 1, amount: '5' })).not.toBe(hashRequest({ asset_id: 1, amount: '6' }));
  });

  it('leaves the secrets out, so the database never holds a guessable hash of a password', () => {
    const body = { asset_id: 1, amount: '5', to_email_id: 'a@b.co' };
    const hashed = hashRequest(body);
    expect(hashRequest({ ...body, txn_password: 'Pay-PIN-8842' })).toBe(hashed);
    expect(hashRequest({ ...body, txn_password: 'Other-PIN-1', two_factor_code: '123456' })).toBe(hashed);
    expect(hashRequest({ ...body, passkey_token: 'x'.repeat(43), password: 'Secret-1234' })).toBe(hashed);
  });
});
