import type { TAssetTransaction } from '@fit24/contract';
import { IonButton, IonIcon } from '@ionic/react';
import type { TFunction } from 'i18next';
import { searchOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
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

function addressLabel(t: TFunction<'wallet'>, tx: TAssetTransaction): string {
  if (tx.type === 'DEPOSIT') return t('transaction.depositAddress');
  if (tx.type === 'WITHDRAWAL') return t('transaction.toAddress');
  return t('transaction.address');
}

function detailRows(t: TFunction<'wallet'>, tx: TAssetTransaction, symbol: string): SummaryRow[] {
  const unit = (amount: string) => `${formatAmount(amount)} ${symbol}`.trim();
  return [
    { label: t('transaction.date'), value: formatDateTime(tx.creation_date), testId: 'txd-date' },
    {
      label: tx.type === 'WITHDRAWAL' ? t('transaction.networkFee') : t('transaction.fee'),
      value: unit(tx.fee),
      testId: 'txd-fee',
    },
    ...(tx.network
      ? [{ label: t('transaction.network'), value: networkLabel(tx.network), testId: 'txd-network' }]
      : []),
    ...(tx.address
      ? [{ label: addressLabel(t, tx), value: tx.address, mono: true, testId: 'txd-address' }]
      : []),
    ...(tx.note ? [{ label: t('transaction.note'), value: tx.note, testId: 'txd-note' }] : []),
  ];
}

function TransactionBody({ tx }: { tx: TAssetTransaction }) {
  const { t } = useTranslation('wallet');
  const asset = useAsset(tx.asset_id).data?.asset;
  const symbol = asset?.symbol ?? '';
  const view = transactionView(t, tx.type);
  const amount = signedAmount(tx.type, tx.amount);
  const sentence = statusSentence(t, tx.type, tx.status, tx.required_confirmations);
  return (
    <>
      <section
        className="funds-txd"
        aria-label={t('transaction.section')}
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
      <SummaryRows rows={detailRows(t, tx, symbol)} testId="txd-rows" />
      {tx.txid && <TransactionHash txid={tx.txid} explorerUrl={tx.explorer_url} />}
      <IonButton
        expand="block"
        fill="outline"
        className="funds-txd__back"
        routerLink={`/funds/asset-balance?asset_id=${tx.asset_id}`}
        routerDirection="back"
        data-testid="txd-asset"
      >
        {symbol ? t('transaction.allOf', { symbol }) : t('transaction.all')}
      </IonButton>
    </>
  );
}

function Missing() {
  const { t } = useTranslation('wallet');
  return (
    <EmptyState icon={searchOutline} title={t('transaction.missingTitle')} testId="txd-missing">
      <p>{t('transaction.missingText')}</p>
      <IonButton routerLink="/tabs/wallet" routerDirection="back" className="funds__gate-button">
        {t('transaction.toWallet')}
      </IonButton>
    </EmptyState>
  );
}

function TransactionSkeleton() {
  const { t } = useTranslation('wallet');
  return (
    <div role="status" aria-label={t('transaction.loading')} data-testid="txd-loading">
      <section className="funds-txd">
        <Bone className="funds-txd__icon funds-txd__icon-skeleton" />
        <Bone style={{ width: 90, height: 14 }} />
        <Bone style={{ width: '60%', height: 34 }} />
        <Bone style={{ width: 84, height: 22, borderRadius: 999 }} />
      </section>
      <Bone style={{ height: 180, borderRadius: 12 }} />
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
  const { t } = useTranslation('wallet');
  const id = parseId(usePageParam(PATH, 'id'));
  const tx = useTransaction(id).data?.transaction;
  const back = tx ? `/funds/asset-balance?asset_id=${tx.asset_id}` : '/tabs/wallet';
  return (
    <PageShell
      page={PATH.slice(1)}
      title={
        tx ? t('transactions.details', { type: transactionView(t, tx.type).label }) : t('transaction.title')
      }
      backHref={back}
    >
      <SignedInOnly>{id === null ? <Missing /> : <TransactionDetail key={id} id={id} />}</SignedInOnly>
    </PageShell>
  );
}
