import {
  OPERATOR_ROLES,
  type OperatorRole,
  ROLE_PERMISSIONS,
  type RouteData,
  ZOperatorCreateBody,
} from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useToast } from '../../components/ui/toast.ts';
import { useAction, useForm } from '../../components/ui/use-form.ts';
import { copyText } from '../../lib/clipboard.ts';
import { OPERATORS_KEY, type TOperatorRow, useOperators } from '../api/lists.ts';
import { useMe } from '../api/me.ts';
import { AdminPage, Card } from '../components/AdminPage.tsx';
import { Button } from '../components/Button.tsx';
import { Chip } from '../components/Chip.tsx';
import { useConfirm } from '../components/confirm.ts';
import { type Column, DataTable } from '../components/DataTable.tsx';
import { Field, FilterSearch, FilterSelect, SelectField } from '../components/Field.tsx';
import { FormModal } from '../components/FormModal.tsx';
import { Mono } from '../components/Mono.tsx';
import { stamp } from '../lib/format.ts';
import { ops } from '../lib/ops.ts';

const ROLE_OPTIONS = OPERATOR_ROLES.map((r) => ({ value: r, label: r }));
type Created = RouteData<'ops.operatorCreate'>;

/** Operators (admins only): who they are, their role, whether they enrolled; create, change, disable. */
export function OperatorsPage() {
  const query = useOperators();
  const me = useMe().data?.operator;
  const [role, setRole] = useState('');
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const confirm = useConfirm();
  const toast = useToast();
  const action = useAction();
  const queryClient = useQueryClient();
  const q = text.trim().toLowerCase();
  const rows = query.data?.operators.filter(
    (o) => (!role || o.role === role) && (!q || `${o.email} ${o.name}`.toLowerCase().includes(q)),
  );

  const update = async (o: TOperatorRow, change: { role?: OperatorRole; disabled?: boolean }) => {
    const answer = await confirm({
      header: change.role
        ? `Make ${o.email} ${change.role}?`
        : change.disabled
          ? `Disable ${o.email}?`
          : `Enable ${o.email}?`,
      message: change.role
        ? `They may then: ${ROLE_PERMISSIONS[change.role].join(', ')}.`
        : change.disabled
          ? 'Their sessions and machine tokens end at once; they cannot sign in until enabled.'
          : 'They can sign in again with their password and authenticator.',
      confirm: change.role ? 'Change role' : change.disabled ? 'Disable' : 'Enable',
      danger: change.disabled === true,
    });
    if (!answer.ok) return;
    await action.run({
      send: () => ops.call('ops.operatorUpdate', { body: { operator_id: o.operator_id, ...change } }),
      onSuccess: async ({ operator }) => {
        toast.success(`${operator.email}: ${operator.disabled ? 'disabled' : operator.role}`);
        await queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
      },
    });
  };

  const columns: Column<TOperatorRow>[] = [
    {
      key: 'id',
      header: 'ID',
      kind: 'mono',
      cell: (o) => <Mono value={o.operator_id} />,
      csv: (o) => o.operator_id,
    },
    { key: 'name', header: 'Name', cell: (o) => o.name, csv: (o) => o.name },
    { key: 'email', header: 'Email', cell: (o) => o.email, csv: (o) => o.email },
    {
      key: 'role',
      header: 'Role',
      cell: (o) =>
        o.operator_id === me?.operator_id ? (
          <span className={`adm-role adm-role--${o.role}`}>{o.role} (you)</span>
        ) : (
          <select
            className="adm-inline-select"
            value={o.role}
            aria-label={`Role of ${o.email}`}
            data-testid={`admin-operator-role-${o.operator_id}`}
            onChange={(event) => void update(o, { role: event.target.value as OperatorRole })}
          >
            {ROLE_OPTIONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        ),
      csv: (o) => o.role,
    },
    {
      key: 'totp',
      header: 'Authenticator',
      cell: (o) =>
        o.totp_enrolled ? <Chip tone="success">Enrolled</Chip> : <Chip tone="warning">At first sign-in</Chip>,
      csv: (o) => (o.totp_enrolled ? 'enrolled' : 'not yet'),
    },
    {
      key: 'state',
      header: 'State',
      cell: (o) => (o.disabled ? <Chip tone="danger">Disabled</Chip> : <Chip tone="success">Active</Chip>),
      csv: (o) => (o.disabled ? 'disabled' : 'active'),
    },
    {
      key: 'at',
      header: 'Created',
      kind: 'num',
      cell: (o) => stamp(o.creation_date),
      csv: (o) => stamp(o.creation_date),
    },
    {
      key: 'act',
      header: '',
      kind: 'actions',
      cell: (o) =>
        o.operator_id === me?.operator_id ? null : (
          <Button
            small
            variant={o.disabled ? 'success' : 'danger'}
            busy={action.busy}
            onClick={() => void update(o, { disabled: !o.disabled })}
            testId={`admin-operator-toggle-${o.operator_id}`}
          >
            {o.disabled ? 'Enable' : 'Disable'}
          </Button>
        ),
    },
  ];

  return (
    <AdminPage
      name="operators"
      title="Operators"
      actions={
        <Button small onClick={() => setCreating(true)} testId="admin-operator-add">
          Add operator
        </Button>
      }
    >
      {created && <FirstPassword created={created} onDone={() => setCreated(null)} />}
      <DataTable
        testId="admin-operators"
        columns={columns}
        rows={rows}
        loading={query.isPending}
        error={query.error}
        refresh={() => void query.refetch()}
        rowKey={(o) => o.operator_id}
        rowTestId={(o) => `admin-operator-${o.email}`}
        exportName="operators"
        toolbar={
          <>
            <FilterSearch
              label="Find an operator"
              value={text}
              onChange={setText}
              testId="admin-operators-search"
            />
            <FilterSelect
              label="Role"
              value={role}
              onChange={setRole}
              options={[{ value: '', label: 'All' }, ...ROLE_OPTIONS]}
              testId="admin-operators-role"
            />
          </>
        }
      />
      <CreateOperator
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreating(false);
          setCreated(answer);
        }}
      />
    </AdminPage>
  );
}

function CreateOperator({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (c: Created) => void;
}) {
  const queryClient = useQueryClient();
  const blank = { email: '', name: '', role: 'support' };
  const form = useForm(blank);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens
  useEffect(() => {
    if (open) form.setValues(blank);
  }, [open]);
  const submit = () =>
    form.submit({
      schema: ZOperatorCreateBody,
      body: form.values,
      send: (body) => ops.call('ops.operatorCreate', { body }),
      onSuccess: async (answer) => {
        await queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
        onCreated(answer);
      },
    });
  const role = form.values.role as OperatorRole;
  return (
    <FormModal
      open={open}
      title="Add an operator"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Create"
      busy={form.busy}
      testId="admin-operator-create"
    >
      <Field
        label="Email"
        type="email"
        value={form.values.email}
        onChange={(v) => form.set('email', v)}
        error={form.errors.email}
        testId="admin-operator-email"
      />
      <Field
        label="Full name"
        value={form.values.name}
        onChange={(v) => form.set('name', v)}
        error={form.errors.name}
        testId="admin-operator-name"
      />
      <SelectField
        label="Role"
        value={form.values.role}
        onChange={(v) => form.set('role', v)}
        options={ROLE_OPTIONS}
        error={form.errors.role}
        helper={ROLE_PERMISSIONS[role] ? `May: ${ROLE_PERMISSIONS[role].join(', ')}` : undefined}
        testId="admin-operator-role"
      />
      <p className="adm-dim">
        A first password is made and shown once. They enrol their authenticator app at their first sign-in.
      </p>
    </FormModal>
  );
}

/** The new operator's first password, shown this once, to be handed over in person. */
function FirstPassword({ created, onDone }: { created: Created; onDone: () => void }) {
  const toast = useToast();
  return (
    <Card
      title={`${created.operator.email} was created`}
      testId="admin-operator-created"
      className="adm-card--notice"
    >
      {created.password ? (
        <>
          <p>Hand this first password over in person. It is not shown again.</p>
          <div className="adm-secret">
            <code className="adm-mono" data-testid="admin-operator-password">
              {created.password}
            </code>
            <Button
              small
              variant="ghost"
              onClick={() =>
                void copyText(created.password ?? '').then((ok) =>
                  ok ? toast.success('Copied') : toast.error('Copy it by hand'),
                )
              }
            >
              Copy
            </Button>
          </div>
        </>
      ) : (
        <p>They sign in with the password you gave.</p>
      )}
      <div className="adm-actions">
        <Button variant="ghost" onClick={onDone} testId="admin-operator-created-done">
          Done
        </Button>
      </div>
    </Card>
  );
}
