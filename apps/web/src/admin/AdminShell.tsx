import { IonPage, IonSpinner, IonSplitPane } from '@ionic/react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { AdminMenu } from './AdminMenu.tsx';
import { useCan, useMe } from './api/me.ts';
import { AdminPage } from './components/AdminPage.tsx';
import { useOpsSession } from './lib/ops-session.ts';
import { SigninPage } from './pages/SigninPage.tsx';
import { pageAt } from './pages.tsx';
import { ADMIN_HOME, ADMIN_SIGNIN, safeNext } from './paths.ts';

/**
 * The console under /admin: its sign-in without a session, else a side menu (always shown from 1024 px,
 * behind the menu button below) beside the page of the address. One IonPage for the whole console, so
 * the app's router sees one view; pages inside it switch without transitions, as a desktop tool does.
 * Without a session (never had one, or a 401 just ended it) every console address goes to the sign-in,
 * which comes back to it afterwards.
 */
export function AdminShell() {
  const session = useOpsSession();
  const { pathname, search } = useLocation();
  const onSignin = pathname.replace(/\/+$/, '') === ADMIN_SIGNIN;

  let content: ReactNode;
  if (onSignin) {
    content = session ? (
      <Navigate to={safeNext(new URLSearchParams(search).get('next')) ?? ADMIN_HOME} replace />
    ) : (
      <SigninPage />
    );
  } else if (!session) {
    content = <Navigate to={`${ADMIN_SIGNIN}?next=${encodeURIComponent(pathname + search)}`} replace />;
  } else {
    content = (
      <IonSplitPane contentId="admin-main" when="(min-width: 1024px)" className="adm-split">
        <AdminMenu />
        <div className="ion-page" id="admin-main">
          <CurrentPage pathname={pathname} />
        </div>
      </IonSplitPane>
    );
  }
  return (
    <IonPage className="adm-shell" data-console="fit24-ops">
      {content}
    </IonPage>
  );
}

function CurrentPage({ pathname }: { pathname: string }) {
  const me = useMe();
  const can = useCan();
  const page = pageAt(pathname);
  if (!page) return <Navigate to={ADMIN_HOME} replace />;
  if (!me.data)
    return (
      <div className="adm-loading" role="status" aria-label="Loading">
        {me.error ? <p className="adm-error">{String(me.error.message)}</p> : <IonSpinner name="crescent" />}
      </div>
    );
  if (!page.permissions.some(can))
    return (
      <AdminPage name="not-allowed" title={page.title}>
        <p className="adm-notice" data-testid="admin-not-allowed">
          Your role does not allow this page. Ask an admin if your work needs it.
        </p>
      </AdminPage>
    );
  return page.element;
}
