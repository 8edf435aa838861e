import type { TWithdrawal } from '@fit24/contract';
import { fromBaseUnits } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { alertCircleOutline, checkmarkCircleOutline, hourglassOutline } from 'ionicons/icons';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAmount, unitsOf } from '../../../lib/money.ts';
import { statusSentence } from '../utils/confirmations.ts';
import { SummaryRows } from './SummaryRows.tsx';
import { TxStatusChip } from './TxStatusChip.tsx';
import './funds-forms.css';

/** The result's icon: waiting (approval, or being sent), done, or failed. */
function iconOf(status: TWithdrawal['status']): { icon: string; tone: '' | 'pending' | 'failed' } {
  if (status === 'PENDING' || status === 'PROCESSING') return { icon: hourglassOutline, tone: 'pending' };
  if (status === 'BROADCAST' || status === 'COMPLETED') return { icon: checkmarkCircleOutline, tone: '' };
  return { icon: alertCircleOutline, tone: 'failed' };
}

/** What was asked for, after the server accepted a withdrawal: its status and what happens next. */
export function WithdrawResult({
  withdrawal,
  decimals,
  onAgain,
}: {
  withdrawal: TWithdrawal;
  decimals: number;
  onAgain: () => void;
}) {
  const total = fromBaseUnits(
    unitsOf(withdrawal.amount, decimals) + unitsOf(withdrawal.fee, decimals),
    decimals,
  );
  const symbol = withdrawal.symbol;
  const look = iconOf(withdrawal.status);
  return (
    <section className="funds-result" data-testid="withdraw-result" data-status={withdrawal.status}>
      <span className={`funds-result__icon${look.tone ? ` funds-result__icon--${look.tone}` : ''}`}>
        <IonIcon icon={look.icon} aria-hidden="true" />
      </span>
      <h2>Withdrawal submitted</h2>
      <TxStatusChip status={withdrawal.status} testId="withdraw-result-status" />
      <p className="funds-result__text" data-testid="withdraw-result-text">
        {statusSentence('WITHDRAWAL', withdrawal.status) ?? ''}
      </p>
      <SummaryRows
        rows={[
          {
            label: 'Amount',
            value: `${formatAmount(withdrawal.amount)} ${symbol}`,
            testId: 'withdraw-result-amount',
          },
          { label: 'Network fee', value: `${formatAmount(withdrawal.fee)} ${symbol}` },
          { label: 'Total deducted', value: `${formatAmount(total)} ${symbol}`, strong: true },
          { label: 'To', value: withdrawal.address, mono: true },
          { label: 'Reference', value: `#${withdrawal.id}` },
          { label: 'Requested', value: formatDateTime(withdrawal.creation_date) },
        ]}
      />
      <IonButton
        expand="block"
        routerLink={`/funds/asset-balance?asset_id=${withdrawal.asset_id}`}
        routerDirection="back"
        data-testid="withdraw-result-asset"
      >
        Back to {symbol}
      </IonButton>
      <IonButton expand="block" fill="clear" onClick={onAgain} data-testid="withdraw-again">
        New withdrawal
      </IonButton>
    </section>
  );
}
