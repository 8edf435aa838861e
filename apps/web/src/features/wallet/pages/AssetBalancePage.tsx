import { IonRefresher, IonRefresherContent } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  arrowDownOutline,
  arrowUpOutline,
  swapHorizontalOutline,
  trendingUpOutline,
  walletOutline,
} from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { AssetIcon } from '../../../components/ui/AssetIcon.tsx';
import { Bone } from '../../../components/ui/Bone.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { networkLabel } from '../../../lib/format.ts';
import { formatAmount, formatUsd } from '../../../lib/money.ts';
import { useAsset } from '../api/get-asset.ts';
import { useBalance, useBalances } from '../api/get-balances.ts';
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
  const { t } = useTranslation('wallet');
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
    return <EmptyState icon={walletOutline} title={t('asset.missing')} testId="asset-missing" />;
  }
  const symbol = row?.symbol ?? '';
  const parts = row
    ? [
        { label: t('asset.parts.available'), value: row.available, testId: 'asset-available' },
        { label: t('asset.parts.onHold'), value: row.on_hold, testId: 'asset-on-hold' },
        { label: t('asset.parts.locked'), value: row.locked, testId: 'asset-locked' },
        { label: t('asset.parts.staked'), value: row.staked, testId: 'asset-staked' },
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
      <section className="funds-hero funds-hero--asset" aria-label={t('asset.balance')}>
        {row ? (
          <>
            <div className="funds-hero__asset">
              <AssetIcon symbol={row.symbol} size={44} />
              <div>
                <strong>{row.name}</strong>
                <span className="funds-hero__sub">
                  {asset
                    ? t('asset.onNetwork', { symbol: row.symbol, network: networkLabel(asset.network) })
                    : row.symbol}
                </span>
              </div>
            </div>
            <span className="funds-hero__label">{t('asset.total')}</span>
            <span className="funds-hero__value funds-num" data-testid="asset-total">
              {formatAmount(row.total)} <small>{row.symbol}</small>
            </span>
            <span className="funds-hero__note funds-num" data-testid="asset-usd">
              ≈ {formatUsd(row.usd_value)}
            </span>
          </>
        ) : (
          <>
            <Bone style={{ width: '50%', height: '44px' }} />
            <Bone className="funds-hero__skeleton" />
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
            {
              id: 'deposit',
              label: t('actions.deposit'),
              href: `/funds/deposit${query}`,
              icon: arrowDownOutline,
            },
            {
              id: 'withdraw',
              label: t('actions.withdraw'),
              href: `/funds/withdraw${query}`,
              icon: arrowUpOutline,
            },
            {
              id: 'transfer',
              label: t('actions.transfer'),
              href: `/funds/transfer${query}`,
              icon: swapHorizontalOutline,
            },
            {
              id: 'trade',
              label: t('actions.trade'),
              href: tradeHref(symbol),
              icon: trendingUpOutline,
              disabled: !row,
            },
          ]}
        />
      </section>
      <h2 className="funds-section-title">{t('asset.transactions')}</h2>
      {row && <TransactionList assetId={assetId} symbol={row.symbol} />}
    </>
  );
}

/** Pull-to-refresh over the list of assets shown when the address names none. */
function ChooserRefresher() {
  const balances = useBalances();
  return <PullToRefresh onRefresh={() => balances.refetch()} />;
}

/** One asset: total and USD value, the four kinds of balance, actions, and its history. */
export function AssetBalancePage() {
  const { t } = useTranslation('wallet');
  const { assetId, choose } = useAssetParam(PATH);
  const title = useBalance(assetId).data?.symbol;
  return (
    <PageShell page="funds/asset-balance" title={title ?? t('asset.title')} backHref="/tabs/wallet">
      <SignedInOnly>
        {assetId === null ? (
          <>
            <ChooserRefresher />
            <p className="fit24-muted">{t('asset.choose')}</p>
            <AssetChooser testId="asset-chooser" onChoose={(b) => choose(b.asset_id)} />
          </>
        ) : (
          <AssetBalance key={assetId} assetId={assetId} />
        )}
      </SignedInOnly>
    </PageShell>
  );
}
