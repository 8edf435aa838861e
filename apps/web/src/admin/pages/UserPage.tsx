import type { TOpsUserDetail } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { useToast } from '../../components/ui/toast.ts';
import { useAction } from '../../components/ui/use-form.ts';
import { formatAmount } from '../../lib/money.ts';
import { useOpsUser, userKey } from '../api/lists.ts';
import { useCan } from '../api/me.ts';
import { AdminPage, Card, Facts } from '../components/AdminPage.tsx';
import { Button } from '../components/Button.tsx';
import { Chip } from '../components/Chip.tsx';
import { useConfirm } from '../components/confirm.ts';
import { Mono } from '../components/Mono.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { errorText } from '../lib/errors.ts';
import { when } from '../lib/format.ts';
import { ops } from '../lib/ops.ts';
import { adminPath } from '../paths.ts';
import { UserLists } from './UserLists.tsx';

/** One user as support and compliance see them, with freeze and "end every session". */
export function UserPage() {
  const [params] = useSearchParams();
  const userId = Number(params.get('user_id'));
  const query = useOpsUser(userId);
  const detail = query.data;
  return (
    <AdminPage
      name="user"
      title={detail ? detail.user.email_id : 'User'}
      subtitle={detail ? `#${detail.user.user_id}` : undefined}
    >
      <p className="adm-crumbs">
        <Link to="/admin/users" className="adm-link">
          ← Users
        </Link>
      </p>
      {query.error && <p className="adm-error">{errorText(query.error)}</p>}
      {!detail ? (
        !query.error && <p className="adm-dim">Loading…</p>
      ) : (
        <>
          <Profile detail={detail} />
          <UserLists detail={detail} />
        </>
      )}
    </AdminPage>
  );
}

function Profile({ detail }: { detail: TOpsUserDetail }) {
  const { user, kyc, affiliate } = detail;
  const can = useCan();
  const confirm = useConfirm();
  const toast = useToast();
  const action = useAction();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKey(user.user_id) });

  const setFrozen = async (freeze: boolean) => {
    const answer = await confirm({
      header: freeze ? 'Freeze this account?' : 'Lift the freeze?',
      message: freeze
        ? `${user.email_id}: every session ends at once; withdrawals and transfers stop until unfrozen.`
        : `${user.email_id}: withdrawals and transfers work again; the user signs in anew.`,
      confirm: freeze ? 'Freeze' : 'Unfreeze',
      danger: freeze,
    });
    if (!answer.ok) return;
    await action.run({
      send: () =>
        ops.call(freeze ? 'ops.userFreeze' : 'ops.userUnfreeze', { body: { email_id: user.email_id } }),
      onSuccess: async () => {
        toast.success(freeze ? 'Account frozen' : 'Freeze lifted');
        await refresh();
      },
    });
  };

  const revoke = async () => {
    const answer = await confirm({
      header: 'End every session?',
      message: `${user.email_id} is signed out on every device, in every process, at once.`,
      confirm: 'End sessions',
      danger: true,
    });
    if (!answer.ok) return;
    await action.run({
      send: () => ops.call('ops.userSessionsRevoke', { body: { user_id: user.user_id } }),
      onSuccess: async (data) => {
        toast.success(`${data.revoked} session${data.revoked === 1 ? '' : 's'} ended`);
        await refresh();
      },
    });
  };

  return (
    <div className="adm-grid adm-grid--profile">
      <Card
        title="Account"
        testId="admin-user-profile"
        actions={
          <>
            {can('sessions') && (
              <Button
                variant="ghost"
                small
                onClick={() => void revoke()}
                busy={action.busy}
                testId="admin-user-revoke"
              >
                End all sessions
              </Button>
            )}
            {can('freeze') &&
              (user.frozen ? (
                <Button
                  variant="success"
                  small
                  onClick={() => void setFrozen(false)}
                  busy={action.busy}
                  testId="admin-user-unfreeze"
                >
                  Unfreeze
                </Button>
              ) : (
                <Button
                  variant="danger"
                  small
                  onClick={() => void setFrozen(true)}
                  busy={action.busy}
                  testId="admin-user-freeze"
                >
                  Freeze
                </Button>
              ))}
          </>
        }
      >
        <Facts
          items={[
            ['User id', <Mono key="id" value={user.user_id} />],
            ['Name', user.name],
            ['Email', user.email_id],
            ['Mobile', <Mono key="m" value={user.mobile} />],
            ['Country', user.country_code],
            ['Signed up', when(user.creation_date)],
            [
              'State',
              <span
                key="s"
                className="adm-flags"
                data-testid="admin-user-state"
                data-frozen={user.frozen ? '1' : '0'}
              >
                {user.frozen ? <Chip tone="danger">Frozen</Chip> : <Chip tone="success">Active</Chip>}
                <Chip tone={user.is_email_verified ? 'success' : 'muted'}>Email</Chip>
                <Chip tone={user.is_mobile_verified ? 'success' : 'muted'}>Mobile</Chip>
                <Chip tone={user.two_factor ? 'accent' : 'muted'}>
                  {user.two_factor ? '2FA on' : 'No 2FA'}
                </Chip>
              </span>,
            ],
          ]}
        />
      </Card>
      <Card
        title="Identity (KYC)"
        testId="admin-user-kyc"
        actions={
          kyc && can('kyc') ? (
            <Link className="adm-link" to={`${adminPath.kyc(kyc.status)}&kyc_id=${kyc.kyc_id}`}>
              Open in the KYC queue →
            </Link>
          ) : undefined
        }
      >
        {kyc ? (
          <Facts
            items={[
              ['Status', <StatusChip key="s" status={kyc.status} testId="admin-user-kyc-status" />],
              ['Name', `${kyc.first_name} ${kyc.last_name}`],
              ['Born', kyc.date_of_birth],
              ['Country', kyc.country_code],
              ['Document', kyc.id_type.replace(/_/g, ' ').toLowerCase()],
              ['Submitted', when(kyc.creation_date)],
              ['Decided', when(kyc.decision_date)],
              ...(kyc.reason ? [['Reason', kyc.reason] as [string, string]] : []),
            ]}
          />
        ) : (
          <p className="adm-dim">No submission yet ({user.kyc_status.toLowerCase()}).</p>
        )}
      </Card>
      <Card title="Affiliate" testId="admin-user-affiliate">
        {affiliate ? (
          <Facts
            items={[
              ['Code', <Mono key="c" value={affiliate.code} />],
              ['Partners', String(affiliate.partners)],
              ['Staked', `${formatAmount(affiliate.staked)} FIT24`],
              ['Wallet', `${formatAmount(affiliate.wallet)} FIT24`],
            ]}
          />
        ) : (
          <p className="adm-dim">Not in the affiliate programme.</p>
        )}
      </Card>
    </div>
  );
}
