import { IonRefresher, IonRefresherContent, useIonRouter } from '@ionic/react';
import { arrowDownOutline, arrowUpOutline, swapHorizontalOutline, walletOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { PageFrame } from '../../../components/ui/PageFrame.tsx';
import { formatUsd } from '../../../lib/money.ts';
import { useBalances } from '../api/get-balances.ts';
import { useLiveWalletBalances } from '../api/live.ts';
import { BalanceRow } from '../components/BalanceRow.tsx';
import { FundsActions } from '../components/FundsActions.tsx';
import '../components/funds.css';

/** The wallet tab (live over the socket): what everything is worth, the quick actions, and every asset's balance. */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  useLiveWalletBalances();
  const balances = useBalances();
  const router = useIonRouter();
  const rows = balances.data?.balances ?? [];
  return (
    <PageFrame page="tabs/wallet" title={t('wallet.title')}>
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => void balances.refetch().finally(() => event.detail.complete())}
      >
        <IonRefresherContent />
      </IonRefresher>
      <section className="funds-hero" aria-label={t('wallet.portfolio')}>
        <span className="funds-hero__label">{t('wallet.totalBalance')}</span>
        {balances.isSuccess ? (
          <span className="funds-hero__value funds-num" data-testid="wallet-total-usd">
            {formatUsd(balances.data.total_usd)}
          </span>
        ) : (
          <Bone className="funds-hero__skeleton" />
        )}
        <span className="funds-hero__note">{t('wallet.estimated')}</span>
        <FundsActions
          testPrefix="wallet"
          actions={[
            { id: 'deposit', label: t('actions.deposit'), href: '/funds/deposit', icon: arrowDownOutline },
            { id: 'withdraw', label: t('actions.withdraw'), href: '/funds/withdraw', icon: arrowUpOutline },
            {
              id: 'transfer',
              label: t('actions.transfer'),
              href: '/funds/transfer',
              icon: swapHorizontalOutline,
            },
          ]}
        />
      </section>
      <h2 className="funds-section-title">{t('wallet.assets')}</h2>
      {balances.isPending && <ListSkeleton label={t('wallet.loading')} testId="wallet-loading" />}
      {balances.isError && (
        <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="wallet-error">
          {balances.error.message}
        </div>
      )}
      {balances.isSuccess && rows.length === 0 && (
        <EmptyState icon={walletOutline} title={t('wallet.emptyTitle')} testId="wallet-empty">
          <p>{t('wallet.emptyText')}</p>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <ul className="funds-list" data-testid="wallet-assets">
          {rows.map((balance) => (
            <BalanceRow
              key={balance.asset_id}
              balance={balance}
              onClick={() => router.push(`/funds/asset-balance?asset_id=${balance.asset_id}`)}
            />
          ))}
        </ul>
      )}
      <p className="funds-footnote">{t('wallet.footnote')}</p>
    </PageFrame>
  );
}
