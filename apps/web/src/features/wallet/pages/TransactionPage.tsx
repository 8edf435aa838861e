import type { TAssetTransaction } from '@fit24/contract';
import { IonButton, IonIcon, IonSkeletonText } from '@ionic/react';
import { searchOutline } from 'ionicons/icons';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { networkLabel } from '../../../lib/format.ts';
import { formatAmount } from '../../../lib/money.ts';
import { parseId, usePageParam } from '../../../lib/search-params.ts';
import { useAsset } from '../api/get-asset.ts';
import { useTransaction } from '../api/get-transaction.ts';
import { useLiveTransactions } from '../api/live-transactions.ts';
import { ConfirmationsMeter } from '../components/ConfirmationsMeter.tsx';
import { SignedInOnly } from '../components/SignedInOnly.tsx';
import { type SummaryRow, SummaryRows } from '../components/SummaryRows.tsx';
import { TransactionHash } from '../components/TransactionHash.tsx';
import { TxStatusChip } from '../components/TxStatusChip.tsx';
import { statusSentence } from '../utils/confirmations.ts';
import { signedAmount, transactionView } from '../utils/transactions.ts';
import '../components/funds.css';
import '../components/transaction-detail.css';

const PATH = '/funds/transaction';

function addressLabel(tx: TAssetTransaction): string {
  if (tx.type === 'DEPOSIT') return 'Deposit address';
  if (tx.type === 'WITHDRAWAL') return 'To address';
  return 'Address';
}

function detailRows(tx: TAssetTransaction, symbol: string): SummaryRow[] {
  const unit = (amount: string) => `${formatAmount(amount)} ${symbol}`.trim();
  return [
    { label: 'Date', value: formatDateTime(tx.creation_date), testId: 'txd-date' },
    {
      label: tx.type === 'WITHDRAWAL' ? 'Network fee' : 'Fee',
      value: unit(tx.fee),
      testId: 'txd-fee',
    },
    ...(tx.network ? [{ label: 'Network', value: networkLabel(tx.network), testId: 'txd-network' }] : []),
    ...(tx.address
      ? [{ label: addressLabel(tx), value: tx.address, mono: true, testId: 'txd-address' }]
      : []),
    ...(tx.note ? [{ label: 'Note', value: tx.note, testId: 'txd-note' }] : []),
  ];
}

function TransactionBody({ tx }: { tx: TAssetTransaction }) {
  const asset = useAsset(tx.asset_id).data?.asset;
  const symbol = asset?.symbol ?? '';
  const view = transactionView(tx.type);
  const amount = signedAmount(tx.type, tx.amount);
  const sentence = statusSentence(tx.type, tx.status, tx.required_confirmations);
  return (
    <>
      <section
        className="funds-txd"
        aria-label="Transaction"
        data-testid="txd"
        data-status={tx.status}
        data-type={tx.type}
      >
        <span className={`funds-tx__icon funds-tx__icon--${amount.direction} funds-txd__icon`}>
          <IonIcon icon={view.icon} aria-hidden="true" />
        </span>
        <span className="funds-txd__type" data-testid="txd-type">
          {view.label}
        </span>
        <p className="funds-txd__amount funds-num" data-testid="txd-amount">
          {amount.text.charAt(0)}
          {formatAmount(amount.text.slice(1))} <small>{symbol}</small>
        </p>
        <span className="funds-txd__chip">
          <TxStatusChip status={tx.status} testId="txd-status" />
        </span>
        {sentence && (
          <p className="funds-txd__sentence" data-testid="txd-sentence">
            {sentence}
          </p>
        )}
        <ConfirmationsMeter tx={tx} />
      </section>
      <SummaryRows rows={detailRows(tx, symbol)} testId="txd-rows" />
      {tx.txid && <TransactionHash txid={tx.txid} explorerUrl={tx.explorer_url} />}
      <IonButton
        expand="block"
        fill="outline"
        className="funds-txd__back"
        routerLink={`/funds/asset-balance?asset_id=${tx.asset_id}`}
        routerDirection="back"
        data-testid="txd-asset"
      >
        {symbol ? `All ${symbol} transactions` : 'All transactions'}
      </IonButton>
    </>
  );
}

function Missing() {
  return (
    <EmptyState
      icon={searchOutline}
      title="This transaction is not yours or does not exist"
      testId="txd-missing"
    >
      <p>Open a transaction from an asset's history in your wallet.</p>
      <IonButton routerLink="/tabs/wallet" routerDirection="back" className="funds__gate-button">
        Go to wallet
      </IonButton>
    </EmptyState>
  );
}

function TransactionSkeleton() {
  return (
    <div role="status" aria-label="Loading the transaction" data-testid="txd-loading">
      <section className="funds-txd">
        <IonSkeletonText animated className="funds-txd__icon funds-txd__icon-skeleton" />
        <IonSkeletonText animated style={{ width: 90, height: 14 }} />
        <IonSkeletonText animated style={{ width: '60%', height: 34 }} />
        <IonSkeletonText animated style={{ width: 84, height: 22, borderRadius: 999 }} />
      </section>
      <IonSkeletonText animated style={{ height: 180, borderRadius: 12 }} />
    </div>
  );
}

function TransactionDetail({ id }: { id: number }) {
  useLiveTransactions();
  const query = useTransaction(id);
  const tx = query.data?.transaction;
  if (tx) return <TransactionBody tx={tx} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === 404) return <Missing />;
    return (
      <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="txd-error">
        {query.error.message}
      </div>
    );
  }
  return <TransactionSkeleton />;
}

/**
 * One line of an asset's history (`?id=`): type and amount, status and what it means, confirmations live
 * while they count, fee, network, address, the full hash with copy and a link to the block explorer.
 */
export function TransactionPage() {
  const id = parseId(usePageParam(PATH, 'id'));
  const tx = useTransaction(id).data?.transaction;
  const back = tx ? `/funds/asset-balance?asset_id=${tx.asset_id}` : '/tabs/wallet';
  return (
    <PageShell
      page={PATH.slice(1)}
      title={tx ? `${transactionView(tx.type).label} details` : 'Transaction'}
      backHref={back}
    >
      <SignedInOnly>{id === null ? <Missing /> : <TransactionDetail key={id} id={id} />}</SignedInOnly>
    </PageShell>
  );
}
