import { useSyncExternalStore } from 'react';

/**
 * Whether the person should be told their session ended (issue 15: an expired session says so before
 * landing on the root). Set when the server ends the session — a 502 to a call, or the socket's word
 * after a sign-out elsewhere, a password reset or a freeze — never by the person's own sign-out. Cleared
 * when they dismiss it or sign in again.
 */
let expired = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function noteSessionExpired(): void {
  expired = true;
  emit();
}

export function clearSessionNotice(): void {
  if (!expired) return;
  expired = false;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionExpired(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => expired,
    () => expired,
  );
}
