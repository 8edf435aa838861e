import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys, newIdempotencyKey } from './idempotency.ts';

describe('idempotency keys', () => {
  it('reuses the key when the same submit is retried', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `k${++n}`);
    const body = { asset_id: 1, amount: '0.5', address: 'bcrt1q', txn_password: 'x' };
    expect(keys.keyFor(body)).toBe('k1');
    expect(keys.keyFor({ ...body })).toBe('k1');
  });

  it('makes a new key when the body changes or after a success', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `k${++n}`);
    expect(keys.keyFor({ amount: '1' })).toBe('k1');
    expect(keys.keyFor({ amount: '2' })).toBe('k2');
    keys.reset();
    expect(keys.keyFor({ amount: '2' })).toBe('k3');
  });

  it('makes UUIDs the server accepts (1 to 100 visible characters)', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
