import { Preferences } from '@capacitor/preferences';
import type { TStoredSession, TUser } from '@fit24/contract';
import { useSyncExternalStore } from 'react';

/**
 * The session kept in device storage (spec §3): Capacitor Preferences key `session`, which on the web is
 * localStorage `CapacitorStorage.session`, holding JSON `{token, user}` (contract `ZStoredSession`).
 *
 * It is read once at start into this store, so route guards decide synchronously. The stored user is
 * read leniently (a partial user is kept as it is): only `token` and `user.is_email_verified` steer the
 * guards, and screens read the account from the API.
 */
export interface Session {
  token: string;
  user: Partial<TUser>;
}

export const SESSION_KEY = 'session';

let current: Session | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** A stored value → a session, or null for nothing, invalid JSON or a value without a string token. */
export function parseStoredSession(raw: string | null | undefined): Session | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { token, user } = value as { token?: unknown; user?: unknown };
  if (typeof token !== 'string') return null;
  const safeUser = typeof user === 'object' && user !== null ? (user as Partial<TUser>) : {};
  return { token, user: safeUser };
}

/** Reads device storage into the store; call once before the first render. */
export async function loadSession(): Promise<Session | null> {
  try {
    const { value } = await Preferences.get({ key: SESSION_KEY });
    current = parseStoredSession(value);
  } catch {
    current = null;
  }
  emit();
  return current;
}

export function getSession(): Session | null {
  return current;
}

/** The bearer token, or null when there is no session or its token is empty. */
export function getToken(): string | null {
  return current && current.token.length > 0 ? current.token : null;
}

/** Keeps a new session (after sign-in, register or verify) in the store and in device storage. */
export async function saveSession(session: TStoredSession): Promise<void> {
  current = { token: session.token, user: session.user };
  emit();
  await Preferences.set({ key: SESSION_KEY, value: JSON.stringify(session) });
}

/**
 * Replaces the stored user (after email or mobile verification) and keeps the token. Does nothing
 * without a session.
 */
export async function updateSessionUser(user: TUser): Promise<void> {
  if (!current) return;
  await saveSession({ token: current.token, user });
}

/** Forgets the session in the store at once and in device storage. Never throws. */
export async function clearSession(): Promise<void> {
  const had = current !== null;
  current = null;
  if (had) emit();
  try {
    await Preferences.remove({ key: SESSION_KEY });
  } catch {
    // Storage unavailable: the store is cleared, which is what the guards read.
  }
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True while there is a token. Signed-in queries are enabled by it: a query left mounted on a page being
 * left must not refetch after the session ended (without a token it would answer 502 and send the app
 * to the root, wherever it was going).
 */
export function useSignedIn(): boolean {
  const session = useSession();
  return !!session && session.token.length > 0;
}

/** The current session, re-rendering when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
