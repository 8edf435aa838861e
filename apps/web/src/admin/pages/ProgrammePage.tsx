import { ZLockedGrantBody, ZPoolFundBody, ZRewardsRunBody } from '@fit24/contract';
import { useQueryClient } from '@tanstack/react-query';
import { withoutBlanks } from '../../lib/forms.ts';
import { formatAmount } from '../../lib/money.ts';
import { DASHBOARD_KEY, useDashboard } from '../api/dashboard.ts';
import { useCan } from '../api/me.ts';
import { ActionForm } from '../components/ActionForm.tsx';
import { AdminPage } from '../components/AdminPage.tsx';
import { Field } from '../components/Field.tsx';
import { ops } from '../lib/ops.ts';
import { ProgrammeForms } from './ProgrammeForms.tsx';

/**
 * The affiliate programme and its money: the FIT24 rewards pool (fund it, pay a day's rewards, grant a
 * lock-up balance) for finance; surge weeks, ranks, offers, banners and notices for the market team.
 */
export function ProgrammePage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const pool = useDashboard().data?.dashboard.pool_balance;
  const refreshPool = () => queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });

  return (
    <AdminPage
      name="programme"
      title="Programme"
      subtitle={pool !== undefined ? `pool ${formatAmount(pool)} FIT24` : undefined}
    >
      <div className="adm-masonry">
        {can('pool') && (
          <>
            <ActionForm
              title="Rewards pool"
              lead={
                <>
                  Balance{' '}
                  <strong data-testid="admin-pool-balance">
                    {pool === undefined ? '…' : `${formatAmount(pool)} FIT24`}
                  </strong>
                  . The daily staking rewards are paid from it.
                </>
              }
              testId="admin-pool-fund"
              initial={{ amount: '' }}
              schema={ZPoolFundBody}
              toBody={(v) => withoutBlanks(v)}
              send={(body) => ops.call('ops.poolFund', { body })}
              describe={(d) => `Pool funded: ${formatAmount(d.pool.balance)} FIT24`}
              submitLabel="Fund the pool"
              after={refreshPool}
              fields={({ values, errors, set }) => (
                <Field
                  label="Amount (FIT24)"
                  value={values.amount}
                  onChange={set('amount')}
                  inputMode="decimal"
                  mono
                  error={errors.amount}
                  testId="admin-pool-amount"
                />
              )}
            />
            <ActionForm
              title="Daily rewards"
              lead="Pays one day’s staking rewards from the pool, once per day (today, by the server’s clock, when no day is given)."
              testId="admin-rewards-run"
              initial={{ date: '' }}
              schema={ZRewardsRunBody}
              toBody={(v) => withoutBlanks(v)}
              send={(body) => ops.call('ops.rewardsRun', { body })}
              describe={(d) =>
                `${d.run.date}: ${d.run.status.replace(/_/g, ' ').toLowerCase()}, ${d.run.stakes} stakes, ${formatAmount(d.run.total)} FIT24`
              }
              submitLabel="Pay rewards"
              after={refreshPool}
              fields={({ values, errors, set }) => (
                <Field
                  label="Day (optional)"
                  type="date"
                  value={values.date}
                  onChange={set('date')}
                  error={errors.date}
                  testId="admin-rewards-date"
                />
              )}
            />
            <ActionForm
              title="Lock-up grant"
              lead="A locked (lock-up) balance for a user, which they may stake."
              testId="admin-locked-grant"
              initial={{ email_id: '', symbol: 'FIT24', amount: '' }}
              schema={ZLockedGrantBody}
              toBody={(v) => withoutBlanks(v)}
              send={(body) => ops.call('ops.lockedGrant', { body })}
              describe={(d) =>
                `Granted: ${formatAmount(d.locked.amount)} locked (asset #${d.locked.asset_id})`
              }
              submitLabel="Grant"
              fields={({ values, errors, set }) => (
                <div className="adm-form-row">
                  <Field
                    label="User email"
                    type="email"
                    value={values.email_id}
                    onChange={set('email_id')}
                    error={errors.email_id}
                    testId="admin-locked-email"
                  />
                  <Field
                    label="Asset"
                    value={values.symbol}
                    onChange={set('symbol')}
                    mono
                    error={errors.symbol}
                    testId="admin-locked-symbol"
                  />
                  <Field
                    label="Amount"
                    value={values.amount}
                    onChange={set('amount')}
                    inputMode="decimal"
                    mono
                    error={errors.amount}
                    testId="admin-locked-amount"
                  />
                </div>
              )}
            />
          </>
        )}
        {can('programme') && <ProgrammeForms />}
      </div>
    </AdminPage>
  );
}
