import type { TKycStatus } from '@fit24/contract';
import { IonIcon, IonItem, IonLabel, IonList, IonRefresher, IonRefresherContent } from '@ionic/react';
import {
  businessOutline,
  idCardOutline,
  informationCircleOutline,
  keyOutline,
  logOutOutline,
  notificationsOutline,
  scaleOutline,
  settingsOutline,
  shareSocialOutline,
  shieldCheckmarkOutline,
} from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { KycChip, VerifiedMark } from '../../../components/ui/StatusChips.tsx';
import { SubmitButton } from '../../../components/ui/SubmitButton.tsx';
import { useAccount } from '../../../lib/account.ts';
import { api } from '../../../lib/api.ts';
import { stopPushBeforeSignOut } from '../lib/device-push.ts';
import './account.css';

/** The account's screens; `name` is the test id's end and the key of the words (account:account.links.<name>). */
const links = [
  { name: 'security', href: '/security', icon: shieldCheckmarkOutline },
  { name: 'reserves', href: '/reserves', icon: scaleOutline },
  { name: 'apiKeys', href: '/api-keys', icon: keyOutline },
  { name: 'kyc', href: '/kyc', icon: idCardOutline },
  { name: 'bank', href: '/bank', icon: businessOutline },
  { name: 'notifications', href: '/notifications', icon: notificationsOutline },
  { name: 'settings', href: '/settings', icon: settingsOutline },
  { name: 'share', href: '/share', icon: shareSocialOutline },
  { name: 'version', href: '/version', icon: informationCircleOutline },
] as const;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** Account tab: the profile from GET /api/account, the account's screens, and sign out. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const account = useAccount();
  const [signingOut, setSigningOut] = useState(false);
  const profile = account.data?.account;
  const kyc: TKycStatus | undefined = profile?.kyc_status;
  return (
    <PageShell page="tabs/account" title={t('account.title')}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => void account.refetch().finally(() => event.detail.complete())}
      >
        <IonRefresherContent />
      </IonRefresher>
      <section className="account__card" aria-label={t('account.profile')}>
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
          <div className="account__who" role="status" aria-label={t('account.loading')}>
            <Bone style={{ width: '55%', height: '1.3rem' }} />
            <Bone style={{ width: '75%' }} />
            <Bone style={{ width: '45%' }} />
          </div>
        )}
      </section>
      <IonList inset lines="full" className="account__links">
        {links.map((link) => (
          <IonItem key={link.href} routerLink={link.href} detail data-testid={`account-link-${link.name}`}>
            <IonIcon icon={link.icon} slot="start" aria-hidden="true" />
            <IonLabel>{t(`account.links.${link.name}`)}</IonLabel>
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
        {t('account.signOut')}
      </SubmitButton>
    </PageShell>
  );
}
