import { IonRefresher, IonRefresherContent, IonSkeletonText } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  arrowDownOutline,
  arrowUpOutline,
  swapHorizontalOutline,
  trendingUpOutline,
  walletOutline,
} from 'ionicons/icons';
import { AssetIcon } from '../../../components/ui/AssetIcon.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { networkLabel } from '../../../lib/format.ts';
import { formatAmount, formatUsd } from '../../../lib/money.ts';
import { useAsset } from '../api/get-asset.ts';
import { useBalance } from '../api/get-balances.ts';
import { useLiveWalletBalances } from '../api/live.ts';
import { AssetChooser } from '../components/AssetChooser.tsx';
import { FundsActions } from '../components/FundsActions.tsx';
import { SignedInOnly } from '../components/SignedInOnly.tsx';
import { TransactionList } from '../components/TransactionList.tsx';
import { useAssetParam } from '../components/use-asset-param.ts';
import '../components/funds.css';

const PATH = '/funds/asset-balance';

/** Where Trade goes for an asset: its USDT market, or the trade screen for USDT itself. */
export function tradeHref(symbol: string): string {
  return symbol === 'USDT' ? '/trade' : `/trade?symbol=${symbol}/USDT`;
}

function AssetBalance({ assetId }: { assetId: number }) {
  useLiveWalletBalances();
  const balance = useBalance(assetId);
  const asset = useAsset(assetId).data?.asset;
  const queryClient = useQueryClient();
  const row = balance.data;
  if (balance.isError) {
    return (
      <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="asset-error">
        {balance.error.message}
      </div>
    );
  }
  if (balance.isSuccess && !row) {
    return <EmptyState icon={walletOutline} title="There is no such asset" testId="asset-missing" />;
  }
  const symbol = row?.symbol ?? '';
  const parts = row
    ? [
        { label: 'Available', value: row.available, testId: 'asset-available' },
        { label: 'On hold', value: row.on_hold, testId: 'asset-on-hold' },
        { label: 'Locked', value: row.locked, testId: 'asset-locked' },
        { label: 'Staked', value: row.staked, testId: 'asset-staked' },
      ]
    : [];
  const query = `?asset_id=${assetId}`;
  return (
    <>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) =>
          void Promise.all([
            balance.refetch(),
            queryClient.resetQueries({ queryKey: ['asset', 'transactions', assetId] }),
          ]).finally(() => event.detail.complete())
        }
      >
        <IonRefresherContent />
      </IonRefresher>
      <section className="funds-hero funds-hero--asset" aria-label="Balance">
        {row ? (
          <>
            <div className="funds-hero__asset">
              <AssetIcon symbol={row.symbol} size={44} />
              <div>
                <strong>{row.name}</strong>
                <span className="funds-hero__sub">
                  {asset ? `${row.symbol} · ${networkLabel(asset.network)} network` : row.symbol}
                </span>
              </div>
            </div>
            <span className="funds-hero__label">Total</span>
            <span className="funds-hero__value funds-num" data-testid="asset-total">
              {formatAmount(row.total)} <small>{row.symbol}</small>
            </span>
            <span className="funds-hero__note funds-num" data-testid="asset-usd">
              ≈ {formatUsd(row.usd_value)}
            </span>
          </>
        ) : (
          <>
            <IonSkeletonText animated style={{ width: '50%', height: '44px' }} />
            <IonSkeletonText animated className="funds-hero__skeleton" />
          </>
        )}
        <dl className="funds-breakdown">
          {parts.map((part) => (
            <div key={part.label}>
              <dt>{part.label}</dt>
              <dd className="funds-num" data-testid={part.testId}>
                {formatAmount(part.value)}
              </dd>
            </div>
          ))}
        </dl>
        <FundsActions
          testPrefix="asset"
          actions={[
            { label: 'Deposit', href: `/funds/deposit${query}`, icon: arrowDownOutline },
            { label: 'Withdraw', href: `/funds/withdraw${query}`, icon: arrowUpOutline },
            { label: 'Transfer', href: `/funds/transfer${query}`, icon: swapHorizontalOutline },
            { label: 'Trade', href: tradeHref(symbol), icon: trendingUpOutline, disabled: !row },
          ]}
        />
      </section>
      <h2 className="funds-section-title">Transactions</h2>
      {row && <TransactionList assetId={assetId} symbol={row.symbol} />}
    </>
  );
}

/** One asset: total and USD value, the four kinds of balance, actions, and its history. */
export function AssetBalancePage() {
  const { assetId, choose } = useAssetParam(PATH);
  const title = useBalance(assetId).data?.symbol;
  return (
    <PageShell page="funds/asset-balance" title={title ?? 'Asset'} backHref="/tabs/wallet">
      <SignedInOnly>
        {assetId === null ? (
          <>
            <p className="fit24-muted">Choose an asset to see its balance and history.</p>
            <AssetChooser testId="asset-chooser" onChoose={(b) => choose(b.asset_id)} />
          </>
        ) : (
          <AssetBalance key={assetId} assetId={assetId} />
        )}
      </SignedInOnly>
    </PageShell>
  );
}
