import { type ReactNode, useEffect, useRef } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { clearSession, useSession } from '../lib/session.ts';
import { type Decision, decide, type RouteKind } from './guards.ts';

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

/**
 * Shows `children` when `decision` allows, else redirects. Ionic keeps earlier pages mounted: only the
 * page being shown redirects, so a session change does not make every page in the stack navigate at
 * once. A page that was shown keeps its content while it is being left (a sign-out animates to the
 * root); a page that was never allowed renders nothing.
 */
export function GuardView({
  decision,
  path,
  children,
}: {
  decision: Decision;
  path: string;
  children: ReactNode;
}) {
  const active = useIsActive(path);
  const shown = useRef(false);
  if (decision === 'allow') {
    shown.current = true;
    return children;
  }
  const kept = shown.current ? children : null;
  if (!active) return kept;
  return (
    <>
      {kept}
      <Redirect to={decision.redirect} clear={decision.clearSession === true} />
    </>
  );
}

export interface GuardProps {
  kind: RouteKind;
  /** The route's pattern, to tell the shown page from pages kept in the stack. */
  path: string;
  children: ReactNode;
}

/** Applies a route's rule of spec §2 (app/guards.ts), again each time the session changes. */
export function Guard({ kind, path, children }: GuardProps) {
  const session = useSession();
  return (
    <GuardView decision={decide(kind, session)} path={path}>
      {children}
    </GuardView>
  );
}
