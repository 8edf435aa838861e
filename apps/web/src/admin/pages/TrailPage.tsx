import { routeList } from '@fit24/contract';
import { useMemo } from 'react';
import { fetchTrail, type TrailFilters, type TTrailLine, trailKey, useOperators } from '../api/lists.ts';
import { useCan } from '../api/me.ts';
import { AdminPage, Facts } from '../components/AdminPage.tsx';
import { type Column, DataTable } from '../components/DataTable.tsx';
import { FilterSearch, FilterSelect } from '../components/Field.tsx';
import { Mono } from '../components/Mono.tsx';
import { StatusChip } from '../components/StatusChip.tsx';
import { stamp } from '../lib/format.ts';
import { useSearchParam } from '../lib/use-search-param.ts';

/** Every operator call's name, for the action filter's suggestions. */
const ACTIONS = routeList.filter((r) => r.id.startsWith('ops.')).map((r) => r.id);

/** One line's detail: what was asked and what changed, as the trail keeps it (secrets never written). */
function Detail({ line }: { line: TTrailLine }) {
  return (
    <div className="adm-trail-detail" data-testid="admin-trail-detail">
      <Facts
        items={[
          ['Entry', <Mono key="e" value={line.entry_id} />],
          ['Operator id', <Mono key="o" value={line.operator_id} />],
          ['Hash', <Mono key="h" value={line.hash} />],
        ]}
      />
      <pre className="adm-json">{JSON.stringify(line.detail, null, 2)}</pre>
    </div>
  );
}

/**
 * The operators' trail, newest first: who did what to what, the outcome, when and from where. Each line
 * opens to its detail; the chain behind it is checked by "Run audit" on the dashboard.
 */
export function TrailPage() {
  const [operatorId, setOperatorId] = useSearchParam('operator_id');
  const [action, setAction] = useSearchParam('action');
  const [target, setTarget] = useSearchParam('target');
  const can = useCan();
  const operators = useOperators(can('operators'));
  const filters: TrailFilters = useMemo(
    () => ({ operator_id: operatorId, action, target }),
    [operatorId, action, target],
  );

  const columns: Column<TTrailLine>[] = [
    {
      key: 'id',
      header: '#',
      kind: 'mono',
      cell: (l) => <Mono value={l.entry_id} />,
      csv: (l) => l.entry_id,
    },
    {
      key: 'at',
      header: 'Time',
      kind: 'num',
      cell: (l) => stamp(l.creation_date),
      csv: (l) => stamp(l.creation_date),
    },
    {
      key: 'who',
      header: 'Operator',
      cell: (l) =>
        l.operator_id === null ? (
          <span className="adm-dim">{l.operator_email ?? '—'}</span>
        ) : (
          <button
            type="button"
            className="adm-link"
            title="Only this operator"
            onClick={() => setOperatorId(String(l.operator_id))}
            data-testid="admin-trail-who"
          >
            {l.operator_email}
          </button>
        ),
      csv: (l) => l.operator_email,
    },
    {
      key: 'action',
      header: 'Action',
      kind: 'mono',
      cell: (l) => <Mono value={l.action} />,
      csv: (l) => l.action,
    },
    {
      key: 'target',
      header: 'Target',
      kind: 'mono',
      cell: (l) => <Mono value={l.target} />,
      csv: (l) => l.target,
    },
    {
      key: 'outcome',
      header: 'Outcome',
      cell: (l) => <StatusChip status={l.outcome} />,
      csv: (l) => l.outcome,
    },
    { key: 'ip', header: 'IP', kind: 'mono', cell: (l) => <Mono value={l.ip} />, csv: (l) => l.ip },
    {
      key: 'hash',
      header: 'Hash',
      kind: 'mono',
      csv: (l) => l.hash,
      cell: (l) => <Mono value={l.hash} short />,
    },
    { key: 'detail', header: 'Detail', hidden: true, csv: (l) => JSON.stringify(l.detail), cell: () => null },
  ];

  const operatorFilter = operators.data ? (
    <FilterSelect
      label="Operator"
      value={operatorId}
      onChange={setOperatorId}
      options={[
        { value: '', label: 'Everyone' },
        ...operators.data.operators.map((o) => ({ value: String(o.operator_id), label: o.email })),
      ]}
      testId="admin-trail-operator"
    />
  ) : (
    <FilterSearch
      label="Operator id"
      placeholder="Operator id"
      value={operatorId}
      onChange={setOperatorId}
      testId="admin-trail-operator"
    />
  );

  return (
    <AdminPage name="trail" title="Trail">
      <datalist id="admin-trail-actions">
        {ACTIONS.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <DataTable
        testId="admin-trail"
        columns={columns}
        rowKey={(l) => l.entry_id}
        rowTestId={(l) => `admin-trail-${l.entry_id}`}
        queryKey={trailKey(filters)}
        fetchPage={(page) => fetchTrail(filters, page)}
        exportName="trail"
        empty="No line of the trail matches."
        expand={(l) => <Detail line={l} />}
        toolbar={
          <>
            {operatorFilter}
            <FilterSearch
              label="Action"
              placeholder="Action, e.g. ops.kycApprove"
              value={action}
              onChange={setAction}
              testId="admin-trail-action"
              list="admin-trail-actions"
            />
            <FilterSearch
              label="Target"
              placeholder="Target, e.g. withdrawal_id:12"
              value={target}
              onChange={setTarget}
              testId="admin-trail-target"
            />
          </>
        }
      />
    </AdminPage>
  );
}
