import { type Session, useSession } from './session.ts';

/** A stored session with a token whose email is verified: the server answers this user's money calls. */
export function isVerifiedSession(session: Session | null): boolean {
  return !!session && session.token.length > 0 && session.user.is_email_verified === 1;
}

/**
 * True while a verified user is signed in. Queries of open pages (funds/*) wait for it: without a session
 * a signed-in call answers 502, which would sign the visitor "out" and send them to the root.
 */
export function useVerifiedSession(): boolean {
  return isVerifiedSession(useSession());
}
