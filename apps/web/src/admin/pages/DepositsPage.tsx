import { formatAmount } from '../../lib/money.ts';
import { depositsKey, fetchDeposits, type TOpsDeposit } from '../api/lists.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { type Column, DataTable } from '../components/DataTable.tsx';
import { FilterSelect } from '../components/Field.tsx';
import { Mono } from '../components/Mono.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { stamp } from '../lib/format.ts';
import { useSearchParam } from '../lib/use-search-param.ts';

const STATUSES = [
  { value: '', label: 'All' },
  { value: 'PENDING', label: 'Confirming' },
  { value: 'CREDITED', label: 'Credited' },
  { value: 'ORPHANED', label: 'Orphaned (reorg)' },
];

const columns: Column<TOpsDeposit>[] = [
  {
    key: 'id',
    header: 'ID',
    kind: 'mono',
    cell: (d) => <Mono value={d.deposit_id} />,
    csv: (d) => d.deposit_id,
  },
  {
    key: 'user',
    header: 'User',
    kind: 'clip',
    cell: (d) => <span title={d.email_id ?? ''}>{d.email_id ?? '—'}</span>,
    csv: (d) => d.email_id,
  },
  {
    key: 'amount',
    header: 'Amount',
    kind: 'num',
    cell: (d) => `${formatAmount(d.amount, 0)} ${d.symbol}`,
    csv: (d) => d.amount,
  },
  { key: 'asset', header: 'Asset', cell: (d) => d.symbol, csv: (d) => d.symbol },
  { key: 'network', header: 'Network', cell: (d) => d.network, csv: (d) => d.network },
  {
    key: 'address',
    header: 'Address',
    kind: 'mono',
    cell: (d) => <Mono value={d.address} short />,
    csv: (d) => d.address,
  },
  {
    key: 'txid',
    header: 'Transaction',
    kind: 'mono',
    cell: (d) => <Mono value={d.txid} short />,
    csv: (d) => d.txid,
  },
  {
    key: 'conf',
    header: 'Confirmations',
    kind: 'num',
    cell: (d) => `${Math.min(d.confirmations, d.required_confirmations)} / ${d.required_confirmations}`,
    csv: (d) => d.confirmations,
  },
  { key: 'status', header: 'Status', cell: (d) => <StatusChip status={d.status} />, csv: (d) => d.status },
  {
    key: 'at',
    header: 'Seen',
    kind: 'num',
    cell: (d) => stamp(d.creation_date),
    csv: (d) => stamp(d.creation_date),
  },
];

/** Every deposit seen on a chain, newest first, with its confirmations. */
export function DepositsPage() {
  const [status, setStatus] = useSearchParam('status');
  return (
    <AdminPage name="deposits" title="Deposits">
      <DataTable
        testId="admin-deposits"
        columns={columns}
        rowKey={(d) => d.deposit_id}
        queryKey={depositsKey(status)}
        fetchPage={(page) => fetchDeposits(status, page)}
        exportName={`deposits-${status.toLowerCase() || 'all'}`}
        empty="No deposits."
        toolbar={
          <FilterSelect
            label="Status"
            value={status}
            onChange={setStatus}
            options={STATUSES}
            testId="admin-deposits-status"
          />
        }
      />
    </AdminPage>
  );
}
