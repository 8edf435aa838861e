import { Link, useNavigate } from 'react-router-dom';
import { fetchUsers, type TOpsUserRow, usersKey } from '../api/lists.ts';
import { AdminPage } from '../components/AdminPage.tsx';
import { Chip } from '../components/Chip.tsx';
import { type Column, DataTable } from '../components/DataTable.tsx';
import { FilterSearch } from '../components/Field.tsx';
import { Mono } from '../components/Mono.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { stamp } from '../lib/format.ts';
import { useSearchParam } from '../lib/use-search-param.ts';
import { adminPath } from '../paths.ts';

const columns: Column<TOpsUserRow>[] = [
  { key: 'id', header: 'ID', kind: 'mono', cell: (u) => <Mono value={u.user_id} />, csv: (u) => u.user_id },
  {
    key: 'email',
    header: 'Email',
    cell: (u) => (
      <Link className="adm-link" to={adminPath.user(u.user_id)} data-testid="admin-user-link">
        {u.email_id}
      </Link>
    ),
    csv: (u) => u.email_id,
  },
  { key: 'name', header: 'Name', cell: (u) => u.name, csv: (u) => u.name },
  { key: 'mobile', header: 'Mobile', kind: 'mono', cell: (u) => u.mobile, csv: (u) => u.mobile },
  { key: 'country', header: 'Country', cell: (u) => u.country_code, csv: (u) => u.country_code },
  {
    key: 'verified',
    header: 'Verified',
    cell: (u) => (
      <span className="adm-flags">
        <Chip tone={u.is_email_verified ? 'success' : 'muted'}>Email</Chip>
        <Chip tone={u.is_mobile_verified ? 'success' : 'muted'}>Mobile</Chip>
        {u.two_factor && <Chip tone="accent">2FA</Chip>}
      </span>
    ),
    csv: (u) =>
      [u.is_email_verified ? 'email' : '', u.is_mobile_verified ? 'mobile' : '', u.two_factor ? '2fa' : '']
        .filter(Boolean)
        .join(' '),
  },
  { key: 'kyc', header: 'KYC', cell: (u) => <StatusChip status={u.kyc_status} />, csv: (u) => u.kyc_status },
  {
    key: 'state',
    header: 'State',
    cell: (u) => (u.frozen ? <Chip tone="danger">Frozen</Chip> : <Chip tone="success">Active</Chip>),
    csv: (u) => (u.frozen ? 'frozen' : 'active'),
  },
  {
    key: 'created',
    header: 'Signed up',
    kind: 'num',
    cell: (u) => stamp(u.creation_date),
    csv: (u) => stamp(u.creation_date),
  },
];

/** Users, newest first; found by the start of an email, a name or a mobile, or by id. */
export function UsersPage() {
  const navigate = useNavigate();
  const [q, setQ] = useSearchParam('q');
  return (
    <AdminPage name="users" title="Users">
      <DataTable
        testId="admin-users"
        columns={columns}
        rowKey={(u) => u.user_id}
        rowTestId={(u) => `admin-user-row-${u.user_id}`}
        queryKey={usersKey(q)}
        fetchPage={(page) => fetchUsers(q, page)}
        exportName={q ? `users-${q.replace(/[^A-Za-z0-9]+/g, '-')}` : 'users'}
        empty={q ? `No user’s email, name, mobile or id starts with “${q}”.` : 'No users yet.'}
        onOpen={(u) => navigate(adminPath.user(u.user_id))}
        toolbar={
          <FilterSearch
            label="Search users"
            placeholder="Email, name, mobile or user id"
            value={q}
            onChange={setQ}
            testId="admin-users-search"
            wide
          />
        }
      />
    </AdminPage>
  );
}
