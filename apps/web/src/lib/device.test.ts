import { describe, expect, it } from 'vitest';
import { getDeviceUuid, newUuid } from './device.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('device id', () => {
  it('makes version-4 UUIDs without randomUUID too', () => {
    const fallback = {
      getRandomValues: (a: Uint8Array) => crypto.getRandomValues(a),
    };
    const id = newUuid(fallback as Pick<Crypto, 'getRandomValues'>);
    expect(id).toMatch(V4);
    expect(newUuid(fallback as Pick<Crypto, 'getRandomValues'>)).not.toBe(id);
  });

  it('makes the id once and keeps it in Preferences key device_uuid', async () => {
    const first = await getDeviceUuid();
    expect(first).toMatch(V4);
    expect(localStorage.getItem('CapacitorStorage.device_uuid')).toBe(first);
    await expect(getDeviceUuid()).resolves.toBe(first);
  });
});
