import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/ui/toast.ts';
import { useAction } from '../../components/ui/use-form.ts';
import { formatAmount, formatUsd } from '../../lib/money.ts';
import { DASHBOARD_KEY } from '../api/dashboard.ts';
import { type TOpsWithdrawalRow, useWithdrawals } from '../api/lists.ts';
import { useCan } from '../api/me.ts';
import { AdminPage, Facts } from '../components/AdminPage.tsx';
import { Button } from '../components/Button.tsx';
import { Chip } from '../components/Chip.tsx';
import { useConfirm } from '../components/confirm.ts';
import { type Column, DataTable } from '../components/DataTable.tsx';
import { FilterSearch, FilterSelect } from '../components/Field.tsx';
import { Mono } from '../components/Mono.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { shortStamp, stamp } from '../lib/format.ts';
import { ops } from '../lib/ops.ts';
import { useSearchParam } from '../lib/use-search-param.ts';

const STATUSES = [
  { value: 'PENDING', label: 'To approve' },
  { value: 'PROCESSING', label: 'Approved, waiting' },
  { value: 'BROADCAST', label: 'Sent' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'CANCELLED', label: 'Cancelled' },
  { value: 'FAILED', label: 'Failed' },
  { value: '', label: 'All' },
];

/** The four-eyes state in the table: "1 of 2 approvals", who approved, and what it waits for. */
function FourEyes({ withdrawal: w }: { withdrawal: TOpsWithdrawalRow }) {
  const done = w.approvals.length >= w.approvals_needed;
  return (
    <span className="adm-eyes" data-testid="admin-withdrawal-eyes" data-approvals={w.approvals.length}>
      <Chip
        tone={
          done ? 'success' : w.approvals.length > 0 ? 'warning' : w.approvals_needed > 1 ? 'accent' : 'muted'
        }
      >
        {`${w.approvals.length} of ${w.approvals_needed} approval${w.approvals_needed === 1 ? '' : 's'}`}
      </Chip>
      {w.approvals.length > 0 && (
        <span className="adm-eyes__who">{w.approvals.map((a) => a.email).join(', ')}</span>
      )}
      {w.waiting_reason && <span className="adm-eyes__wait">{w.waiting_reason}</span>}
    </span>
  );
}

/** "1 of 2 approvals: ada@…" — the four-eyes state of a withdrawal. */
export function fourEyes(w: TOpsWithdrawalRow): string {
  const count = `${w.approvals.length} of ${w.approvals_needed} approval${w.approvals_needed === 1 ? '' : 's'}`;
  return w.approvals.length > 0 ? `${count}: ${w.approvals.map((a) => a.email).join(', ')}` : count;
}

function matches(w: TOpsWithdrawalRow, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [w.email_id, w.address, w.symbol, String(w.id), w.txid ?? ''].some((v) =>
    v.toLowerCase().includes(q),
  );
}

/** The withdrawal queue: approve (four eyes above the limit) or reject, each after a confirmation. */
export function WithdrawalsPage() {
  const [status, setStatus] = useSearchParam('status', 'PENDING');
  const [text, setText] = useSearchParam('q');
  const query = useWithdrawals(status);
  const can = useCan();
  const confirm = useConfirm();
  const toast = useToast();
  const action = useAction();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows = query.data?.withdrawals.filter((w) => matches(w, text));

  const decide = async (w: TOpsWithdrawalRow, approve: boolean) => {
    setRefusal(null);
    const what = `#${w.id}: ${formatAmount(w.amount, 0)} ${w.symbol} (${formatUsd(w.usd_value)}) of ${w.email_id} to ${w.address}.`;
    const next = w.approvals.length + 1;
    const answer = await confirm({
      header: approve ? 'Approve this withdrawal?' : 'Reject this withdrawal?',
      message: approve
        ? `${what} ${
            w.approvals_needed > 1
              ? `This is approval ${next} of ${w.approvals_needed}${next < w.approvals_needed ? ': another operator must approve too.' : ': it is sent once you approve.'}`
              : 'It is sent once you approve.'
          }`
        : `${what} The funds go back to the user’s balance.`,
      confirm: approve ? 'Approve' : 'Reject',
      danger: !approve,
      ...(approve ? {} : { reason: { placeholder: 'Reason (shown to the user)', required: false } }),
    });
    if (!answer.ok) return;
    const body = { withdrawal_id: w.id, ...(answer.reason ? { reason: answer.reason } : {}) };
    await action.run({
      send: () => ops.call(approve ? 'ops.withdrawalsApprove' : 'ops.withdrawalsReject', { body }),
      onSuccess: async ({ withdrawal }) => {
        if (!approve) toast.success(`Withdrawal #${withdrawal.id} rejected`);
        else if (withdrawal.approvals.length < withdrawal.approvals_needed)
          toast.success(`${fourEyes(withdrawal)}. A second operator must approve it.`);
        else toast.success(`Withdrawal #${withdrawal.id} approved: it is on its way.`);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['ops', 'withdrawals'] }),
          queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
        ]);
      },
      onError: (error) => {
        setRefusal(error.message);
        return false;
      },
    });
  };

  const columns: Column<TOpsWithdrawalRow>[] = [
    { key: 'id', header: 'ID', kind: 'mono', cell: (w) => <Mono value={w.id} />, csv: (w) => w.id },
    {
      key: 'user',
      header: 'User',
      kind: 'clip',
      cell: (w) => <span title={w.email_id}>{w.email_id}</span>,
      csv: (w) => w.email_id,
    },
    {
      key: 'amount',
      header: 'Amount',
      kind: 'num',
      cell: (w) => `${formatAmount(w.amount, 0)} ${w.symbol}`,
      csv: (w) => w.amount,
    },
    { key: 'asset', header: 'Asset', hidden: true, cell: () => null, csv: (w) => w.symbol },
    { key: 'fee', header: 'Fee', hidden: true, cell: () => null, csv: (w) => w.fee },
    {
      key: 'usd',
      header: 'USD value',
      kind: 'num',
      cell: (w) => formatUsd(w.usd_value),
      csv: (w) => w.usd_value,
    },
    { key: 'address', header: 'To', hidden: true, cell: () => null, csv: (w) => w.address },
    { key: 'status', header: 'Status', cell: (w) => <StatusChip status={w.status} />, csv: (w) => w.status },
    {
      key: 'eyes',
      header: 'Approvals',
      kind: 'wrap',
      cell: (w) => <FourEyes withdrawal={w} />,
      csv: (w) => fourEyes(w),
    },
    { key: 'waiting', header: 'Waiting for', hidden: true, cell: () => null, csv: (w) => w.waiting_reason },
    {
      key: 'at',
      header: 'Requested',
      kind: 'num',
      cell: (w) => <span title={stamp(w.creation_date)}>{shortStamp(w.creation_date)}</span>,
      csv: (w) => stamp(w.creation_date),
    },
    {
      key: 'act',
      header: '',
      kind: 'actions',
      cell: (w) =>
        w.status === 'PENDING' && can('withdrawals') ? (
          <span className="adm-row-actions">
            <Button
              small
              variant="success"
              onClick={() => void decide(w, true)}
              busy={action.busy}
              testId="admin-withdrawal-approve"
            >
              Approve
            </Button>
            <Button
              small
              variant="ghost"
              onClick={() => void decide(w, false)}
              busy={action.busy}
              testId="admin-withdrawal-reject"
            >
              Reject
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <AdminPage name="withdrawals" title="Withdrawals">
      {refusal && (
        <p className="adm-error" role="alert" data-testid="admin-withdrawals-error">
          {refusal}
        </p>
      )}
      <DataTable
        testId="admin-withdrawals"
        columns={columns}
        rows={rows}
        loading={query.isPending}
        error={query.error}
        refresh={() => void query.refetch()}
        rowKey={(w) => w.id}
        rowTestId={(w) => `admin-withdrawal-${w.id}`}
        exportName={`withdrawals-${status.toLowerCase() || 'all'}`}
        empty={status === 'PENDING' ? 'No withdrawal waits for approval.' : 'No withdrawals.'}
        expand={(w) => (
          <Facts
            items={[
              ['To address', <Mono key="a" value={w.address} />],
              ['Transaction', <Mono key="t" value={w.txid} />],
              ['Fee', `${formatAmount(w.fee, 0)} ${w.symbol}`],
              [
                'Approved by',
                w.approvals.length === 0
                  ? 'nobody yet'
                  : w.approvals.map((a) => `${a.email} at ${stamp(a.creation_date)}`).join('; '),
              ],
              ['Waiting for', w.waiting_reason ?? '—'],
            ]}
          />
        )}
        toolbar={
          <>
            <FilterSelect
              label="Status"
              value={status}
              onChange={setStatus}
              options={STATUSES}
              testId="admin-withdrawals-status"
            />
            <FilterSearch
              label="Find"
              placeholder="Email, address, asset or id"
              value={text}
              onChange={setText}
              testId="admin-withdrawals-search"
            />
          </>
        }
      />
    </AdminPage>
  );
}
