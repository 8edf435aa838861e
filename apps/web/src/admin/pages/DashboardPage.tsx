import type { TAuditData } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { checkmarkCircle, closeCircle } from 'ionicons/icons';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAction } from '../../components/ui/use-form.ts';
import { formatAmount, formatUsd } from '../../lib/money.ts';
import { DASHBOARD_KEY, useDashboard } from '../api/dashboard.ts';
import { useCan } from '../api/me.ts';
import { AdminPage, Card } from '../components/AdminPage.tsx';
import { Button } from '../components/Button.tsx';
import { Chip } from '../components/Chip.tsx';
import { errorText } from '../lib/errors.ts';
import { stamp, when } from '../lib/format.ts';
import { ops } from '../lib/ops.ts';
import { adminPath } from '../paths.ts';

function Tile({
  label,
  value,
  note,
  testId,
  onOpen,
  tone,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  testId: string;
  onOpen?: () => void;
  tone?: 'warning' | 'danger' | 'success';
}) {
  const body = (
    <>
      <span className="adm-tile__label">{label}</span>
      <span className="adm-tile__value" data-testid={`${testId}-value`}>
        {value}
      </span>
      {note && <span className="adm-tile__note">{note}</span>}
    </>
  );
  const className = `adm-tile${tone ? ` adm-tile--${tone}` : ''}`;
  return onOpen ? (
    <button type="button" className={`${className} adm-tile--link`} onClick={onOpen} data-testid={testId}>
      {body}
    </button>
  ) : (
    <div className={className} data-testid={testId}>
      {body}
    </div>
  );
}

/** How the exchange is doing and what waits for an operator; the invariant checks on demand. */
export function DashboardPage() {
  const navigate = useNavigate();
  const can = useCan();
  const queryClient = useQueryClient();
  const { data, error, dataUpdatedAt } = useDashboard();
  const [audit, setAudit] = useState<TAuditData | null>(null);
  const action = useAction();
  const d = data?.dashboard;

  const runAudit = () =>
    action.run({
      send: () => ops.call('ops.audit'),
      onSuccess: (result) => {
        setAudit(result);
        void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
      },
    });

  return (
    <AdminPage
      name="dashboard"
      title="Dashboard"
      subtitle={dataUpdatedAt ? `as of ${stamp(Math.floor(dataUpdatedAt / 1000)).slice(11)}` : undefined}
    >
      {error && <p className="adm-error">{errorText(error)}</p>}
      <div className="adm-tiles" data-testid="admin-dashboard">
        <Tile
          label="Users"
          value={d ? d.users_total.toLocaleString('en-GB') : '…'}
          note={d ? `+${d.users_today} today` : undefined}
          testId="admin-dashboard-users"
        />
        <Tile
          label="Volume, 24 h"
          value={d ? formatUsd(d.volume_24h_usd) : '…'}
          testId="admin-dashboard-volume"
        />
        <Tile label="Fees, 24 h" value={d ? formatUsd(d.fees_24h_usd) : '…'} testId="admin-dashboard-fees" />
        <Tile
          label="Withdrawals to approve"
          value={d ? d.withdrawals_pending : '…'}
          note={d ? `${d.withdrawals_waiting} approved, waiting to be sent` : undefined}
          tone={d && d.withdrawals_pending > 0 ? 'warning' : undefined}
          testId="admin-dashboard-withdrawals"
          onOpen={can('withdrawals') ? () => navigate(adminPath.withdrawals('PENDING')) : undefined}
        />
        <Tile
          label="KYC to review"
          value={d ? d.kyc_pending : '…'}
          tone={d && d.kyc_pending > 0 ? 'warning' : undefined}
          testId="admin-dashboard-kyc"
          onOpen={can('kyc') ? () => navigate(adminPath.kyc('PENDING')) : undefined}
        />
        <Tile
          label="Rewards pool"
          value={d ? `${formatAmount(d.pool_balance)} FIT24` : '…'}
          testId="admin-dashboard-pool"
        />
        <Tile
          label="Custody"
          value={
            !d
              ? '…'
              : d.custody === null
                ? 'No chain node'
                : d.custody.reconciled
                  ? 'Reconciled'
                  : 'Difference'
          }
          note={
            d?.custody
              ? `at block ${d.custody.block.toLocaleString('en-GB')}`
              : 'devnet only: nothing to reconcile'
          }
          tone={d?.custody ? (d.custody.reconciled ? 'success' : 'danger') : undefined}
          testId="admin-dashboard-custody"
        />
        <Tile
          label="Last audit"
          value={
            !d
              ? '…'
              : d.last_audit === null
                ? 'Never run'
                : d.last_audit.ok
                  ? 'All checks pass'
                  : 'A check failed'
          }
          note={d?.last_audit ? when(d.last_audit.creation_date) : undefined}
          tone={d?.last_audit ? (d.last_audit.ok ? 'success' : 'danger') : undefined}
          testId="admin-dashboard-audit"
        />
      </div>
      {can('audit') && (
        <Card
          title="Invariant checks"
          testId="admin-audit"
          actions={
            <Button onClick={() => void runAudit()} busy={action.busy} testId="admin-run-audit">
              Run audit
            </Button>
          }
        >
          {audit ? (
            <div data-testid="admin-audit-result" data-ok={audit.ok ? '1' : '0'}>
              <p className={audit.ok ? 'adm-ok' : 'adm-error'}>
                {audit.ok
                  ? `All ${audit.checks.length} checks pass.`
                  : 'A check failed: read its line below.'}
              </p>
              <ul className="adm-checks">
                {audit.checks.map((check) => (
                  <li
                    key={check.name}
                    data-testid="admin-audit-check"
                    data-name={check.name}
                    data-ok={check.ok ? '1' : '0'}
                  >
                    <IonIcon
                      icon={check.ok ? checkmarkCircle : closeCircle}
                      className={check.ok ? 'adm-ok' : 'adm-bad'}
                      aria-label={check.ok ? 'passes' : 'fails'}
                    />
                    <span className="adm-checks__name">{check.name}</span>
                    <span className="adm-checks__detail">{check.detail}</span>
                    <Chip tone={check.ok ? 'success' : 'danger'}>{check.ok ? 'OK' : 'FAILED'}</Chip>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="adm-dim">
              Walks the ledger, the order books and the operators’ trail, and names anything that does not add
              up. It takes a few seconds.
            </p>
          )}
        </Card>
      )}
    </AdminPage>
  );
}
