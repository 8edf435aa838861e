import { PageShell } from '../../../components/ui/PageShell.tsx';
import { useAccount } from '../../../lib/account.ts';
import { PasswordCard } from '../components/PasswordCard.tsx';
import { SessionsCard } from '../components/SessionsCard.tsx';
import { TxnPasswordCard } from '../components/TxnPasswordCard.tsx';
import '../../../components/ui/forms.css';
import './security.css';

/** Security: the transaction password, the sign-in password and the signed-in devices. */
export function SecurityPage() {
  const account = useAccount().data?.account;
  return (
    <PageShell page="security" title="Security" backHref="/tabs/account">
      <TxnPasswordCard isSet={account ? account.has_txn_password === 1 : undefined} />
      <PasswordCard email={account?.email_id} />
      <SessionsCard />
    </PageShell>
  );
}
