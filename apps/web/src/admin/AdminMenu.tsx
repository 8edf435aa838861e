import { IonContent, IonFooter, IonHeader, IonIcon, IonMenu, IonMenuToggle } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { logOutOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { BrandMark } from '../components/ui/BrandMark.tsx';
import { DASHBOARD_KEY, useDashboard } from './api/dashboard.ts';
import { useCan, useMe } from './api/me.ts';
import { ops } from './lib/ops.ts';
import { adminPages } from './pages.tsx';

/**
 * The console's side menu: the pages the operator's role allows (from /ops/me; the server refuses the
 * rest with 403 anyway), work waiting as badges, who is signed in, and sign-out.
 */
export function AdminMenu() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useMe();
  const can = useCan();
  const dashboard = useDashboard().data?.dashboard;
  const queryClient = useQueryClient();
  // The badges follow the operator around: a page change reads the numbers again once they are a minute old.
  useEffect(() => {
    if (pathname) void queryClient.refetchQueries({ queryKey: DASHBOARD_KEY, stale: true });
  }, [pathname, queryClient]);
  const [leaving, setLeaving] = useState(false);
  const current = adminPages.find((p) => p.path === (pathname.replace(/\/+$/, '') || '/admin'));
  const active = current?.parent ?? current?.path;
  const badges = {
    kyc: dashboard?.kyc_pending ?? 0,
    withdrawals: dashboard?.withdrawals_pending ?? 0,
  };
  const operator = me.data?.operator;

  return (
    <IonMenu contentId="admin-main" menuId="admin-menu" type="overlay" className="adm-menu">
      <IonHeader className="adm-menu__head">
        <div className="adm-menu__brand">
          <BrandMark size={30} />
          <div>
            <strong>FIT24</strong>
            <span>Operations</span>
          </div>
        </div>
      </IonHeader>
      <IonContent className="adm-menu__content">
        <nav aria-label="Console" data-testid="admin-menu">
          {adminPages
            .filter((p) => p.menu && p.permissions.some(can))
            .map((p) => {
              const count = p.badge ? badges[p.badge] : 0;
              return (
                <IonMenuToggle key={p.path} autoHide={false} menu="admin-menu">
                  <button
                    type="button"
                    className={`adm-nav${active === p.path ? ' adm-nav--active' : ''}`}
                    aria-current={active === p.path ? 'page' : undefined}
                    data-testid={`admin-nav-${p.path.split('/')[2] ?? 'dashboard'}`}
                    onClick={() => navigate(p.path)}
                  >
                    <IonIcon icon={p.icon} aria-hidden="true" />
                    <span>{p.title}</span>
                    {count > 0 && (
                      <span className="adm-nav__badge" title={`${count} waiting`}>
                        {count > 999 ? '999+' : count}
                      </span>
                    )}
                  </button>
                </IonMenuToggle>
              );
            })}
        </nav>
      </IonContent>
      <IonFooter className="adm-menu__foot">
        {operator && (
          <div className="adm-whoami" data-testid="admin-whoami">
            <span className="adm-whoami__name">{operator.name}</span>
            <span className="adm-whoami__email" title={operator.email}>
              {operator.email}
            </span>
            <span className={`adm-role adm-role--${operator.role}`}>{operator.role}</span>
          </div>
        )}
        <button
          type="button"
          className="adm-nav adm-nav--quiet"
          disabled={leaving}
          data-testid="admin-signout"
          onClick={() => {
            setLeaving(true);
            void ops.signOut().finally(() => setLeaving(false));
          }}
        >
          <IonIcon icon={logOutOutline} aria-hidden="true" />
          <span>{leaving ? 'Signing out…' : 'Sign out'}</span>
        </button>
      </IonFooter>
    </IonMenu>
  );
}
