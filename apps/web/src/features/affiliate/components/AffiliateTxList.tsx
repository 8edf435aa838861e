import type { TAffiliateTransaction } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { arrowDownOutline, arrowUpOutline, receiptOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { FIT24, formatFixed2 } from '../lib/fit-amount.ts';
import { txDirection } from '../lib/labels.ts';
import './lists.css';

/**
 * Affiliate transactions (spec §2): note, date and amount; REWARD comes in (arrow down, green), STAKE and
 * WITHDRAWAL go out (arrow up). Shared by the dashboard and the earnings screen.
 */
export function AffiliateTxList({
  transactions,
  loading,
  emptyTitle,
  emptyText,
  testId = 'transactions',
}: {
  transactions: TAffiliateTransaction[];
  loading: boolean;
  emptyTitle?: string;
  emptyText?: string;
  testId?: string;
}) {
  const { t } = useTranslation('affiliate');
  if (loading && transactions.length === 0) {
    return <ListSkeleton rows={3} label={t('txList.loading')} testId={`${testId}-loading`} />;
  }
  if (transactions.length === 0) {
    return (
      <EmptyState
        icon={receiptOutline}
        title={emptyTitle ?? t('txList.emptyTitle')}
        testId={`${testId}-empty`}
      >
        <p>{emptyText ?? t('txList.emptyText')}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="aff-list aff-list--rows" data-testid={`${testId}-list`}>
      {transactions.map((tx) => {
        const direction = txDirection(tx.tx_type);
        return (
          <li key={tx.tx_id} className="aff-tx" data-testid="affiliate-tx-item" data-type={tx.tx_type}>
            <span
              className={`aff-tx__icon aff-tx__icon--${direction}`}
              data-testid="affiliate-tx-icon"
              data-direction={direction}
            >
              <IonIcon icon={direction === 'in' ? arrowDownOutline : arrowUpOutline} aria-hidden="true" />
            </span>
            <div className="aff-tx__main">
              <span className="aff-tx__note" data-testid="affiliate-tx-note">
                {tx.note}
              </span>
              <span className="aff-tx__date">{formatDateTime(tx.creation_date)}</span>
            </div>
            <span
              className={`aff-tx__amount aff-num aff-tx__amount--${direction}`}
              data-testid="affiliate-tx-amount"
            >
              {direction === 'in' ? '+' : '−'}
              {formatFixed2(tx.amount.replace(/^-/, ''))} {FIT24}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
