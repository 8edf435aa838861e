import type { TKycStatus } from '@fit24/contract';
import { IonIcon, IonItem, IonLabel, IonList, IonSkeletonText } from '@ionic/react';
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
import { KycChip, VerifiedMark } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAccount } from '../../../lib/account.ts';
import { api } from '../../../lib/api.ts';
import { stopPushBeforeSignOut } from '../lib/device-push.ts';
import './account.css';

const links = [
  { label: 'Security', href: '/security', icon: shieldCheckmarkOutline, testId: 'account-link-security' },
  { label: 'Identity (KYC)', href: '/kyc', icon: idCardOutline, testId: 'account-link-kyc' },
  { label: 'Bank accounts', href: '/bank', icon: businessOutline, testId: 'account-link-bank' },
  {
    label: 'Notifications',
    href: '/notifications',
    icon: notificationsOutline,
    testId: 'account-link-notifications',
  },
  { label: 'Settings', href: '/settings', icon: settingsOutline, testId: 'account-link-settings' },
  { label: 'Invite friends', href: '/share', icon: shareSocialOutline, testId: 'account-link-share' },
  { label: 'Version', href: '/version', icon: informationCircleOutline, testId: 'account-link-version' },
];

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Account tab: the profile from GET /api/account, the account's screens, and sign out. */
export function AccountPage() {
  const account = useAccount();
  const [signingOut, setSigningOut] = useState(false);
  const profile = account.data?.account;
  const kyc: TKycStatus | undefined = profile?.kyc_status;
  return (
    <PageShell page="tabs/account" title="Account">
      <section className="account__card" aria-label="Profile">
        {profile ? (
          <>
            <div className="account__avatar" aria-hidden="true">
              {initials(profile.name)}
            </div>
            <div className="account__who">
              <h1 data-testid="account-name">{profile.name}</h1>
              <p>
                <span data-testid="account-email">{profile.email_id}</span>
                <VerifiedMark verified={profile.is_email_verified === 1} testId="account-email-verified" />
              </p>
              <p>
                <span data-testid="account-mobile">{profile.mobile}</span>
                <VerifiedMark verified={profile.is_mobile_verified === 1} testId="account-mobile-verified" />
              </p>
              {kyc && <KycChip status={kyc} testId="account-kyc-status" />}
            </div>
          </>
        ) : account.isError ? (
          <p className="fit24-muted">{account.error.message}</p>
        ) : (
          <div className="account__who" role="status" aria-label="Loading your profile">
            <IonSkeletonText animated style={{ width: '55%', height: '1.3rem' }} />
            <IonSkeletonText animated style={{ width: '75%' }} />
            <IonSkeletonText animated style={{ width: '45%' }} />
          </div>
        )}
      </section>
      <IonList inset lines="full" className="account__links">
        {links.map((link) => (
          <IonItem key={link.href} routerLink={link.href} detail data-testid={link.testId}>
            <IonIcon icon={link.icon} slot="start" aria-hidden="true" />
            <IonLabel>{link.label}</IonLabel>
            {link.href === '/kyc' && kyc && (
              <span slot="end" className="account__end">
                <KycChip status={kyc} compact />
              </span>
            )}
          </IonItem>
        ))}
      </IonList>
      <SubmitButton
        busy={signingOut}
        color="danger"
        fill="outline"
        testId="sign-out"
        onClick={() => {
          setSigningOut(true);
          void stopPushBeforeSignOut()
            .then(() => api.signOut())
            .finally(() => setSigningOut(false));
        }}
      >
        {!signingOut && <IonIcon icon={logOutOutline} slot="start" aria-hidden="true" />}
        Sign out
      </SubmitButton>
    </PageShell>
  );
}
