import { type ReactNode, useEffect } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { clearSession, useSession } from '../lib/session.ts';
import { decide, type RouteKind } from './guards.ts';

/** Goes to `to` (replacing the refused entry), clearing the session first when the rule says so. */
export function Redirect({ to, clear = false }: { to: string; clear?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (clear) void clearSession();
    navigate(to, { replace: true });
  }, [to, clear, navigate]);
  return null;
}

/** True while `path` (a route pattern) is the location shown, not a page left below in Ionic's stack. */
export function useIsActive(path: string): boolean {
  const { pathname } = useLocation();
  return matchPath({ path, end: !path.endsWith('*') }, pathname) !== null;
}

export interface GuardProps {
  kind: RouteKind;
  /** The route's pattern, to tell the shown page from pages kept in the stack. */
  path: string;
  children: ReactNode;
}

/**
 * Applies a route's rule (app/guards.ts) each time the session changes. Ionic keeps earlier pages
 * mounted; only the page being shown redirects, so a session change does not make every page in the
 * stack navigate at once (the one shown decides, and a navigation to the root drops the rest).
 */
export function Guard({ kind, path, children }: GuardProps) {
  const session = useSession();
  const active = useIsActive(path);
  const decision = decide(kind, session);
  if (decision === 'allow' || !active) return children;
  return <Redirect to={decision.redirect} clear={decision.clearSession === true} />;
}
