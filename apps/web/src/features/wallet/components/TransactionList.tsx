import type { TAssetTransaction } from '@fit24/contract';
import { IonIcon, IonInfiniteScroll, IonInfiniteScrollContent, useIonRouter } from '@ionic/react';
import { receiptOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useTransactions } from '../api/get-transactions.ts';
import { listedTransactions, useLiveTransactions } from '../api/live-transactions.ts';
import { confirmationsShort } from '../utils/confirmations.ts';
import { shortenHash, signedAmount, transactionHref, transactionView } from '../utils/transactions.ts';
import { TxStatusChip } from './TxStatusChip.tsx';
import './transactions.css';
import './funds.css';

function TransactionItem({
  tx,
  symbol,
  onOpen,
}: {
  tx: TAssetTransaction;
  symbol: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation('wallet');
  const view = transactionView(t, tx.type);
  const amount = signedAmount(tx.type, tx.amount);
  const detail = tx.txid ? shortenHash(tx.txid) : tx.note;
  const confirmations = confirmationsShort(t, tx);
  return (
    <li data-testid="asset-tx" data-id={tx.id} data-type={tx.type} data-status={tx.status}>
      <button type="button" className="funds-tx" onClick={onOpen}>
        <span className={`funds-tx__icon funds-tx__icon--${amount.direction}`}>
          <IonIcon icon={view.icon} aria-hidden="true" />
        </span>
        <span className="funds-tx__main">
          <span className="funds-tx__type">{view.label}</span>
          <span className="funds-tx__date">{formatDateTime(tx.creation_date)}</span>
          {detail && (
            <span
              className={tx.txid ? 'funds-tx__detail funds-mono' : 'funds-tx__detail'}
              title={tx.txid ?? undefined}
            >
              {tx.txid ? t('transactions.tx', { hash: detail }) : detail}
            </span>
          )}
        </span>
        <span className="funds-tx__side">
          <span
            className={`funds-tx__amount funds-num funds-tx__amount--${amount.direction}`}
            data-testid="asset-tx-amount"
          >
            {amount.text.charAt(0)}
            {formatAmount(amount.text.slice(1))} {symbol}
          </span>
          {confirmations && (
            <span className="funds-tx__confirmations funds-num" data-testid="asset-tx-confirmations">
              {confirmations}
            </span>
          )}
          <TxStatusChip status={tx.status} />
        </span>
      </button>
    </li>
  );
}

/**
 * An asset's history, newest first, loading the next page as the list scrolls to its end; lines on chain
 * count their confirmations live. A line opens its own page.
 */
export function TransactionList({ assetId, symbol }: { assetId: number; symbol: string }) {
  const { t } = useTranslation('wallet');
  useLiveTransactions();
  const history = useTransactions(assetId);
  const router = useIonRouter();
  if (history.isPending)
    return <ListSkeleton rows={5} label={t('transactions.loading')} testId="asset-tx-loading" />;
  if (history.isError) {
    return (
      <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="asset-tx-error">
        {history.error.message}
      </div>
    );
  }
  const lines = listedTransactions(history.data);
  if (lines.length === 0) {
    return (
      <EmptyState icon={receiptOutline} title={t('transactions.emptyTitle')} testId="asset-tx-empty">
        <p>{t('transactions.emptyText', { symbol })}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="funds-tx-list" data-testid="asset-tx-list">
        {lines.map((tx) => (
          <TransactionItem
            key={tx.id}
            tx={tx}
            symbol={symbol}
            onOpen={() => router.push(transactionHref(tx.id))}
          />
        ))}
      </ul>
      <IonInfiniteScroll
        disabled={!history.hasNextPage}
        onIonInfinite={(event) => void history.fetchNextPage().finally(() => event.target.complete())}
      >
        <IonInfiniteScrollContent loadingText={t('transactions.loadingMore')} />
      </IonInfiniteScroll>
    </>
  );
}
