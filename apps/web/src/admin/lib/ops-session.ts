import type { TOperator } from '@fit24/contract';
import { useSyncExternalStore } from 'react';

/**
 * The operator's session in the console: kept in sessionStorage (this tab only, gone when it closes),
 * apart from the user app's session in device storage, so signing in to one never signs in to the other.
 * The token is sent as `Authorization: Bearer` on every /ops call; a 401 from any of them clears it.
 */
export interface OpsSession {
  token: string;
  operator: TOperator;
}

export const OPS_SESSION_KEY = 'fit24.ops.session';

const listeners = new Set<() => void>();
let current: OpsSession | null | undefined;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** A stored value → a session, or null for nothing, invalid JSON or a value without a token. */
export function parseOpsSession(raw: string | null): OpsSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OpsSession> | null;
    if (!value || typeof value.token !== 'string' || value.token.length === 0) return null;
    if (typeof value.operator !== 'object' || value.operator === null) return null;
    return { token: value.token, operator: value.operator };
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getOpsSession(): OpsSession | null {
  if (current === undefined) current = parseOpsSession(storage()?.getItem(OPS_SESSION_KEY) ?? null);
  return current;
}

export function getOpsToken(): string | null {
  return getOpsSession()?.token ?? null;
}

export function saveOpsSession(session: OpsSession): void {
  current = session;
  storage()?.setItem(OPS_SESSION_KEY, JSON.stringify(session));
  emit();
}

/** Forgets the session here and in sessionStorage. */
export function clearOpsSession(): void {
  const had = getOpsSession() !== null;
  current = null;
  storage()?.removeItem(OPS_SESSION_KEY);
  if (had) emit();
}

/** Reads sessionStorage again (tests, and another part of the page that wrote it). */
export function reloadOpsSession(): void {
  current = undefined;
  emit();
}

export function subscribeOpsSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpsSession(): OpsSession | null {
  return useSyncExternalStore(subscribeOpsSession, getOpsSession, getOpsSession);
}
