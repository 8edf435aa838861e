import type { TAssetTransaction } from '@fit24/contract';
import { IonIcon, IonInfiniteScroll, IonInfiniteScrollContent } from '@ionic/react';
import { receiptOutline } from 'ionicons/icons';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useTransactions } from '../api/get-transactions.ts';
import { shortenHash, signedAmount, transactionView } from '../utils/transactions.ts';
import { TxStatusChip } from './TxStatusChip.tsx';
import './transactions.css';
import './funds.css';

function TransactionItem({ tx, symbol }: { tx: TAssetTransaction; symbol: string }) {
  const view = transactionView(tx.type);
  const amount = signedAmount(tx.type, tx.amount);
  const detail = tx.txid ? shortenHash(tx.txid) : tx.note;
  return (
    <li className="funds-tx" data-testid="asset-tx" data-type={tx.type} data-status={tx.status}>
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
            {tx.txid ? `Tx ${detail}` : detail}
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
        <TxStatusChip status={tx.status} />
      </span>
    </li>
  );
}

/** An asset's history, newest first, loading the next page as the list scrolls to its end. */
export function TransactionList({ assetId, symbol }: { assetId: number; symbol: string }) {
  const history = useTransactions(assetId);
  if (history.isPending)
    return <ListSkeleton rows={5} label="Loading transactions" testId="asset-tx-loading" />;
  if (history.isError) {
    return (
      <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="asset-tx-error">
        {history.error.message}
      </div>
    );
  }
  const lines = history.data.pages.flatMap((page) => page.transactions);
  if (lines.length === 0) {
    return (
      <EmptyState icon={receiptOutline} title="No transactions yet" testId="asset-tx-empty">
        <p>Deposits, withdrawals and transfers of {symbol} will be listed here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="funds-tx-list" data-testid="asset-tx-list">
        {lines.map((tx) => (
          <TransactionItem key={tx.id} tx={tx} symbol={symbol} />
        ))}
      </ul>
      <IonInfiniteScroll
        disabled={!history.hasNextPage}
        onIonInfinite={(event) => void history.fetchNextPage().finally(() => event.target.complete())}
      >
        <IonInfiniteScrollContent loadingText="Loading more" />
      </IonInfiniteScroll>
    </>
  );
}
