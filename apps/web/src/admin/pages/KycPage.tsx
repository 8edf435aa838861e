import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchKyc, kycKey, type TKycSubmission } from '../api/lists.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { Button } from '../components/Button.tsx';
import { type Column, DataTable } from '../components/DataTable.tsx';
import { FilterSelect } from '../components/Field.tsx';
import { Mono } from '../components/Mono.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { stamp } from '../lib/format.ts';
import { useSearchParam } from '../lib/use-search-param.ts';
import { KycReview } from './KycReview.tsx';

const STATUSES = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: '', label: 'All (pending first)' },
];

const idType = (s: TKycSubmission) => s.id_type.replace(/_/g, ' ').toLowerCase();

/** A submission named in the address (`?kyc_id=`, a link from a user's page): looked for page by page. */
function useLinkedSubmission(status: string, kycId: number) {
  return useQuery({
    queryKey: ['ops', 'kyc', status, 'find', kycId],
    enabled: kycId > 0,
    queryFn: async () => {
      for (let page = 1; page <= 50; page++) {
        const answer = await fetchKyc(status, page);
        const found = answer.rows.find((s) => s.kyc_id === kycId);
        if (found) return found;
        if (page * answer.pageSize >= answer.total) break;
      }
      return null;
    },
  });
}

/** Identity submissions: pending first; each opens with the person's details and documents. */
export function KycPage() {
  const [status, setStatus] = useSearchParam('status', 'PENDING');
  const [kycParam, setKycParam] = useSearchParam('kyc_id');
  const [picked, setPicked] = useState<TKycSubmission | null>(null);
  const linked = useLinkedSubmission(status, Number(kycParam) || 0).data ?? null;
  const shown = picked ?? (kycParam ? linked : null);

  const open = (s: TKycSubmission) => setPicked(s);
  const close = () => {
    setPicked(null);
    if (kycParam) setKycParam('');
  };

  const columns: Column<TKycSubmission>[] = [
    { key: 'id', header: 'KYC', kind: 'mono', cell: (s) => <Mono value={s.kyc_id} />, csv: (s) => s.kyc_id },
    {
      key: 'email',
      header: 'User',
      kind: 'clip',
      cell: (s) => <span title={s.email_id}>{s.email_id}</span>,
      csv: (s) => s.email_id,
    },
    {
      key: 'name',
      header: 'Name',
      cell: (s) => `${s.first_name} ${s.last_name}`,
      csv: (s) => `${s.first_name} ${s.last_name}`,
    },
    { key: 'dob', header: 'Born', hidden: true, cell: () => null, csv: (s) => s.date_of_birth },
    { key: 'country', header: 'Country', cell: (s) => s.country_code, csv: (s) => s.country_code },
    { key: 'doc', header: 'Document', cell: idType, csv: (s) => s.id_type },
    { key: 'number', header: 'Number', hidden: true, cell: () => null, csv: (s) => s.id_number },
    { key: 'files', header: 'Files', kind: 'num', cell: (s) => s.files.length, csv: (s) => s.files.length },
    {
      key: 'at',
      header: 'Submitted',
      kind: 'num',
      cell: (s) => stamp(s.creation_date),
      csv: (s) => stamp(s.creation_date),
    },
    { key: 'status', header: 'Status', cell: (s) => <StatusChip status={s.status} />, csv: (s) => s.status },
    {
      key: 'reason',
      header: 'Reason',
      kind: 'clip',
      cell: (s) => <span title={s.reason ?? ''}>{s.reason ?? ''}</span>,
      csv: (s) => s.reason,
    },
    {
      key: 'open',
      header: '',
      kind: 'actions',
      cell: (s) => (
        <Button
          small
          variant={s.status === 'PENDING' ? 'primary' : 'ghost'}
          onClick={() => open(s)}
          testId="admin-kyc-open"
        >
          {s.status === 'PENDING' ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage name="kyc" title="KYC queue">
      <DataTable
        testId="admin-kyc"
        columns={columns}
        rowKey={(s) => s.kyc_id}
        rowTestId={(s) => `admin-kyc-row-${s.email_id}`}
        queryKey={kycKey(status)}
        fetchPage={(page) => fetchKyc(status, page)}
        exportName={`kyc-${status.toLowerCase() || 'all'}`}
        empty={status === 'PENDING' ? 'Nothing to review: the queue is empty.' : 'No submissions.'}
        onOpen={open}
        toolbar={
          <FilterSelect
            label="Status"
            value={status}
            onChange={setStatus}
            options={STATUSES}
            testId="admin-kyc-status"
          />
        }
      />
      <KycReview submission={shown} onClose={close} />
    </AdminPage>
  );
}
