import type { TWithdrawal } from '@fit24/contract';
import { fromBaseUnits } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircleOutline, hourglassOutline } from 'ionicons/icons';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAmount, unitsOf } from '../../../lib/money.ts';
import { SummaryRows } from './SummaryRows.tsx';
import { TxStatusChip } from './TxStatusChip.tsx';
import './funds-forms.css';

const nextStep: Partial<Record<TWithdrawal['status'], string>> = {
  PENDING:
    'Your withdrawal is waiting for approval. We check every withdrawal before it is sent, and notify you when it moves on.',
  BROADCAST: 'Sent to the network. It completes once the network confirms it.',
  COMPLETED: 'Completed.',
};

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
  const pending = withdrawal.status === 'PENDING';
  return (
    <section className="funds-result" data-testid="withdraw-result" data-status={withdrawal.status}>
      <span className={`funds-result__icon${pending ? ' funds-result__icon--pending' : ''}`}>
        <IonIcon icon={pending ? hourglassOutline : checkmarkCircleOutline} aria-hidden="true" />
      </span>
      <h2>Withdrawal submitted</h2>
      <TxStatusChip status={withdrawal.status} testId="withdraw-result-status" />
      <p className="funds-result__text">{nextStep[withdrawal.status] ?? ''}</p>
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
