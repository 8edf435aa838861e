import { HOME_PATH, ROOT_PATH, VERIFY_PATH } from '../lib/paths.ts';
import type { Session } from '../lib/session.ts';

/**
 * How each route of spec §2 is guarded:
 * - `visitor`: welcome, login, register, terms, forgot — only without a session; a signed-in visitor goes
 *   to tabs/home;
 * - `verify`: needs a session whose email is NOT verified; a verified user goes to tabs/home;
 * - `app`: tabs and the app pages — a token and a verified email; an unverified user goes to verify;
 * - `signedIn`: the affiliate dashboard — a session (its profile is checked after, by a call);
 * - `open`: share, funds/*, version, freeze (the link of a new sign-in email) — no guard.
 * Wherever a session is needed and there is none, the session is cleared and the user goes to the root.
 */
export type RouteKind = 'visitor' | 'verify' | 'app' | 'signedIn' | 'open';

export type Decision = 'allow' | { redirect: string; clearSession?: true };

export const ROOT = ROOT_PATH;
export const HOME = HOME_PATH;
export const VERIFY = VERIFY_PATH;

const toRoot: Decision = { redirect: ROOT, clearSession: true };

/** The token must be present and non-empty (spec §5). */
export function hasToken(session: Session | null): session is Session {
  return !!session && typeof session.token === 'string' && session.token.length > 0;
}

export function isEmailVerified(session: Session): boolean {
  return session.user.is_email_verified === 1;
}

export function decide(kind: RouteKind, session: Session | null): Decision {
  switch (kind) {
    case 'open':
      return 'allow';
    case 'visitor':
      return hasToken(session) ? { redirect: HOME } : 'allow';
    case 'verify':
      if (!hasToken(session)) return toRoot;
      return isEmailVerified(session) ? { redirect: HOME } : 'allow';
    case 'app':
      if (!hasToken(session)) return toRoot;
      return isEmailVerified(session) ? 'allow' : { redirect: VERIFY };
    case 'signedIn':
      return hasToken(session) ? 'allow' : toRoot;
  }
}
