import { IonButton, IonIcon, IonItem, IonLabel, IonList, IonNote, IonSkeletonText } from '@ionic/react';
import {
  businessOutline,
  idCardOutline,
  informationCircleOutline,
  logOutOutline,
  notificationsOutline,
  settingsOutline,
  shareSocialOutline,
  shieldCheckmarkOutline,
} from 'ionicons/icons';
import { useState } from 'react';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useAccount } from '../../../lib/account.ts';
import { api } from '../../../lib/api.ts';

const links = [
  { label: 'Identity verification (KYC)', href: '/kyc', icon: idCardOutline },
  { label: 'Bank accounts', href: '/bank', icon: businessOutline },
  { label: 'Security', href: '/security', icon: shieldCheckmarkOutline },
  { label: 'Settings', href: '/settings', icon: settingsOutline },
  { label: 'Notifications', href: '/notifications', icon: notificationsOutline },
  { label: 'Invite friends', href: '/share', icon: shareSocialOutline },
  { label: 'App version', href: '/version', icon: informationCircleOutline },
];

/** Account tab: the profile from GET /api/account, the account's screens, and sign out. */
export function AccountPage() {
  const account = useAccount();
  const [signingOut, setSigningOut] = useState(false);
  const profile = account.data?.account;
  return (
    <PageShell page="tabs/account" title="Account">
      <section aria-label="Profile">
        {profile ? (
          <>
            <h1 className="fit24-page-heading" data-testid="account-name">
              {profile.name}
            </h1>
            <p className="fit24-muted" data-testid="account-email">
              {profile.email_id}
            </p>
          </>
        ) : account.isError ? (
          <p className="fit24-muted">{account.error.message}</p>
        ) : (
          <>
            <IonSkeletonText animated style={{ width: '50%', height: '1.4rem' }} />
            <IonSkeletonText animated style={{ width: '70%' }} />
          </>
        )}
      </section>
      <IonList inset lines="full">
        {links.map((link) => (
          <IonItem key={link.href} routerLink={link.href} detail>
            <IonIcon icon={link.icon} slot="start" aria-hidden="true" />
            <IonLabel>{link.label}</IonLabel>
            {link.href === '/kyc' && profile && <IonNote slot="end">{profile.kyc_status}</IonNote>}
          </IonItem>
        ))}
      </IonList>
      <IonButton
        expand="block"
        color="danger"
        fill="outline"
        disabled={signingOut}
        data-testid="sign-out"
        onClick={() => {
          setSigningOut(true);
          void api.signOut().finally(() => setSigningOut(false));
        }}
      >
        <IonIcon icon={logOutOutline} slot="start" aria-hidden="true" />
        Sign out
      </IonButton>
    </PageShell>
  );
}
