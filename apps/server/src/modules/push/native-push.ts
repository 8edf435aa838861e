import type { Clock } from '../../clock.ts';

/** What one send came to: delivered, the device gone for good, not worth retrying, or to be retried. */
export interface Delivery {
  result: 'sent' | 'gone' | 'dropped' | 'retry';
  error?: string;
}

/** A notification as a native app's push: the same words, link and tag as a browser's. */
export interface NativeMessage {
  /** The device's registration token (FCM) or device token (APNs). */
  token: string;
  title: string;
  body: string;
  /** Handed to the app with the push: `url` (the page it opens), `tag`, `type`. */
  data: Record<string, string>;
  /** A new sign-in: delivered at once even to a sleeping device. */
  urgent: boolean;
  /** A later push with the same tag replaces this one on the device. */
  tag: string;
}

export interface NativeSender {
  send(message: NativeMessage): Promise<Delivery>;
  close(): void;
}

export const REQUEST_TIMEOUT_MS = 15_000;
/** How long a vendor keeps a push for a device that is off (a stale fill is worth little later). */
export const PUSH_TTL_SECONDS = 24 * 3600;

/** A JWT's `header.claims`, each part base64url JSON; the caller signs it. */
export function unsignedJwt(header: object, claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(claims)}`;
}

/**
 * One credential shared by every send of a batch: made once (a single request in flight however many
 * sends wait for it), kept until `renewAt`, forgotten when a vendor refuses it.
 */
export function cachedCredential<T extends { renewAt: number }>(
  clock: Clock,
  make: () => Promise<T>,
): { get(): Promise<T>; forget(stale: T): void } {
  let current: Promise<T> | null = null;
  let settled: T | null = null;
  return {
    get() {
      if (settled && clock.now().getTime() >= settled.renewAt) {
        current = null;
        settled = null;
      }
      if (!current) {
        const made = make().then(
          (value) => {
            if (current === made) settled = value;
            return value;
          },
          (error: unknown) => {
            if (current === made) current = null;
            throw error;
          },
        );
        current = made;
      }
      return current;
    },
    forget(stale) {
      if (settled === stale) {
        current = null;
        settled = null;
      }
    },
  };
}
