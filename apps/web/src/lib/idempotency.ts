/** A random key for an `Idempotency-Key` header: a UUID, from crypto.randomUUID where it exists. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older WebViews: a version-4 UUID from getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKeys {
  /**
   * The key for submitting `body`: the same key as the previous submit when the body is the same (a retry
   * after a lost answer moves money once), a new one when anything changed (the server refuses a key
   * reused for a different body).
   */
  keyFor(body: unknown): string;
  /** After a success: the next submit is a new request, with a new key. */
  reset(): void;
}

export function createIdempotencyKeys(makeKey: () => string = newIdempotencyKey): IdempotencyKeys {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const serialised = JSON.stringify(body);
      if (last?.body !== serialised) last = { body: serialised, key: makeKey() };
      return last.key;
    },
    reset() {
      last = null;
    },
  };
}
