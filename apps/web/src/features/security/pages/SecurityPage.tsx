import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useAccount } from '../../../lib/account.ts';
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

/**
 * Security: two-factor authentication and passkeys, the transaction password, the sign-in password and
 * the signed-in devices.
 */
export function SecurityPage() {
  const account = useAccount().data?.account;
  return (
    <PageShell page="security" title="Security" backHref="/tabs/account">
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
