import type { TWithdrawal } from '@fit24/contract';
import { fromBaseUnits } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { alertCircleOutline, checkmarkCircleOutline, hourglassOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('wallet');
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
      <h2>{t('withdrawResult.title')}</h2>
      <TxStatusChip status={withdrawal.status} testId="withdraw-result-status" />
      <p className="funds-result__text" data-testid="withdraw-result-text">
        {statusSentence(t, 'WITHDRAWAL', withdrawal.status) ?? ''}
      </p>
      <SummaryRows
        rows={[
          {
            label: t('withdrawResult.amount'),
            value: `${formatAmount(withdrawal.amount)} ${symbol}`,
            testId: 'withdraw-result-amount',
          },
          { label: t('withdrawResult.fee'), value: `${formatAmount(withdrawal.fee)} ${symbol}` },
          { label: t('withdrawResult.total'), value: `${formatAmount(total)} ${symbol}`, strong: true },
          { label: t('withdrawResult.to'), value: withdrawal.address, mono: true },
          { label: t('withdrawResult.reference'), value: `#${withdrawal.id}` },
          { label: t('withdrawResult.requested'), value: formatDateTime(withdrawal.creation_date) },
        ]}
      />
      <IonButton
        expand="block"
        routerLink={`/funds/asset-balance?asset_id=${withdrawal.asset_id}`}
        routerDirection="back"
        data-testid="withdraw-result-asset"
      >
        {t('withdrawResult.back', { symbol })}
      </IonButton>
      <IonButton expand="block" fill="clear" onClick={onAgain} data-testid="withdraw-again">
        {t('withdrawResult.again')}
      </IonButton>
    </section>
  );
}
