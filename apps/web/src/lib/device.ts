import { Preferences } from '@capacitor/preferences';

/** Preferences key of this installation's id, sent as `device_uuid` on register (and for share links). */
export const DEVICE_UUID_KEY = 'device_uuid';

/** A random version-4 UUID; uses `crypto.randomUUID` where the page is a secure context. */
export function newUuid(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let pending: Promise<string> | null = null;

/** This installation's id: made once, then read from device storage. */
export function getDeviceUuid(): Promise<string> {
  pending ??= (async () => {
    try {
      const { value } = await Preferences.get({ key: DEVICE_UUID_KEY });
      if (value && value.length >= 8) return value;
    } catch {
      // Storage unavailable: a fresh id for this run.
    }
    const id = newUuid();
    try {
      await Preferences.set({ key: DEVICE_UUID_KEY, value: id });
    } catch {
      // Kept in memory for this run.
    }
    return id;
  })();
  return pending;
}
