import { IonRefresher, IonRefresherContent, IonSkeletonText, useIonRouter } from '@ionic/react';
import { arrowDownOutline, arrowUpOutline, swapHorizontalOutline, walletOutline } from 'ionicons/icons';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { PageShell } from '../../../components/ui/PageShell.tsx';
import { formatUsd } from '../../../lib/money.ts';
import { useBalances } from '../api/get-balances.ts';
import { useLiveWalletBalances } from '../api/live.ts';
import { BalanceRow } from '../components/BalanceRow.tsx';
import { FundsActions } from '../components/FundsActions.tsx';
import '../components/funds.css';

/** The wallet tab (live over the socket): what everything is worth, the quick actions, and every asset's balance. */
export function WalletPage() {
  useLiveWalletBalances();
  const balances = useBalances();
  const router = useIonRouter();
  const rows = balances.data?.balances ?? [];
  return (
    <PageShell page="tabs/wallet" title="Wallet">
      <IonRefresher
        slot="fixed"
        onIonRefresh={(event) => void balances.refetch().finally(() => event.detail.complete())}
      >
        <IonRefresherContent />
      </IonRefresher>
      <section className="funds-hero" aria-label="Portfolio value">
        <span className="funds-hero__label">Total balance</span>
        {balances.isSuccess ? (
          <span className="funds-hero__value funds-num" data-testid="wallet-total-usd">
            {formatUsd(balances.data.total_usd)}
          </span>
        ) : (
          <IonSkeletonText animated className="funds-hero__skeleton" />
        )}
        <span className="funds-hero__note">Estimated in US dollars at the last market prices</span>
        <FundsActions
          testPrefix="wallet"
          actions={[
            { label: 'Deposit', href: '/funds/deposit', icon: arrowDownOutline },
            { label: 'Withdraw', href: '/funds/withdraw', icon: arrowUpOutline },
            { label: 'Transfer', href: '/funds/transfer', icon: swapHorizontalOutline },
          ]}
        />
      </section>
      <h2 className="funds-section-title">Assets</h2>
      {balances.isPending && <ListSkeleton label="Loading your balances" testId="wallet-loading" />}
      {balances.isError && (
        <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="wallet-error">
          {balances.error.message}
        </div>
      )}
      {balances.isSuccess && rows.length === 0 && (
        <EmptyState icon={walletOutline} title="No assets yet" testId="wallet-empty">
          <p>Assets appear here once the exchange lists them.</p>
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
      <p className="funds-footnote">
        On hold: reserved by open orders and pending withdrawals. Locked: lock-up grants, stakeable but not
        withdrawable.
      </p>
    </PageShell>
  );
}
