import { IonRefresher, IonRefresherContent, type RefresherEventDetail } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useAccount } from '../../../lib/account.ts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client.ts';
import { ADDRESSES_QUERY_KEY } from '../../../lib/saved-addresses.ts';
import { SECURITY_QUERY_KEY } from '../../../lib/security.ts';
import { sessionsQueryOptions } from '../api/get-sessions.ts';
import { AddressBookCard } from '../components/AddressBookCard.tsx';
import { AntiPhishingCard } from '../components/AntiPhishingCard.tsx';
import { EmailCard } from '../components/EmailCard.tsx';
import { FreezeCard } from '../components/FreezeCard.tsx';
import { PasskeysCard } from '../components/PasskeysCard.tsx';
import { PasswordCard } from '../components/PasswordCard.tsx';
import { SessionsCard } from '../components/SessionsCard.tsx';
import { TwoFactorCard } from '../components/TwoFactorCard.tsx';
import { TxnPasswordCard } from '../components/TxnPasswordCard.tsx';
import { WhitelistCard } from '../components/WhitelistCard.tsx';
import '../../../components/ui/forms.css';
import './security.css';

/** What the page lists: the settings with the passkeys, the address book, the devices and the account. */
const PAGE_QUERY_KEYS = [
  SECURITY_QUERY_KEY,
  ADDRESSES_QUERY_KEY,
  sessionsQueryOptions().queryKey,
  ACCOUNT_QUERY_KEY,
];

/**
 * Security: two-factor authentication and passkeys, the transaction password, the sign-in password and
 * the signed-in devices. Pulling down fetches every list of the page again.
 */
export function SecurityPage() {
  const { t } = useTranslation('security');
  const account = useAccount().data?.account;
  const queryClient = useQueryClient();

  const refresh = (event: CustomEvent<RefresherEventDetail>) =>
    void Promise.all(
      PAGE_QUERY_KEYS.map((queryKey) => queryClient.refetchQueries({ queryKey, type: 'active' })),
    ).finally(() => event.detail.complete());

  return (
    <PageShell page="security" title={t('title')} backHref="/tabs/account">
      <IonRefresher slot="fixed" onIonRefresh={refresh} data-testid="security-refresher">
        <IonRefresherContent />
      </IonRefresher>
      <TwoFactorCard email={account?.email_id} />
      <PasskeysCard />
      <TxnPasswordCard isSet={account ? account.has_txn_password === 1 : undefined} />
      <PasswordCard email={account?.email_id} />
      <EmailCard email={account?.email_id} />
      <AddressBookCard />
      <WhitelistCard />
      <AntiPhishingCard />
      <SessionsCard />
      <FreezeCard />
    </PageShell>
  );
}
