import type { TBalance } from '@fit24/contract';
import { IonContent, IonIcon, IonModal } from '@ionic/react';
import { chevronDown } from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetIcon } from '../../../components/ui/AssetIcon.tsx';
import { ListSkeleton } from '../../../components/ui/ListSkeleton.tsx';
import { PullToRefresh } from '../../../components/ui/PullToRefresh.tsx';
import { SheetHeader } from '../../../components/ui/SheetHeader.tsx';
import { useBalances } from '../api/get-balances.ts';
import { BalanceRow } from './BalanceRow.tsx';
import './funds-forms.css';

/** Every asset with its balance, to pick the one a deposit, withdrawal or transfer is for. */
export function AssetChooser({
  onChoose,
  testId,
}: {
  onChoose: (balance: TBalance) => void;
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  const balances = useBalances();
  if (balances.isPending) return <ListSkeleton label={t('chooser.loading')} />;
  if (balances.isError) {
    return (
      <div className="fit24-notice fit24-notice--danger" role="alert">
        {balances.error.message}
      </div>
    );
  }
  return (
    <ul className="funds-list" data-testid={testId}>
      {balances.data.balances.map((balance) => (
        <BalanceRow key={balance.asset_id} balance={balance} onClick={() => onChoose(balance)} />
      ))}
    </ul>
  );
}

/** The chosen asset as a button; pressing it opens the chooser in a sheet. */
export function AssetSwitch({
  symbol,
  name,
  onChoose,
  testId,
}: {
  symbol: string;
  name: string;
  onChoose: (balance: TBalance) => void;
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  const [open, setOpen] = useState(false);
  const balances = useBalances();
  return (
    <>
      <button type="button" className="funds-switch" onClick={() => setOpen(true)} data-testid={testId}>
        <AssetIcon symbol={symbol} size={32} />
        <span className="funds-switch__text">
          <strong>{symbol}</strong>
          <span>{name}</span>
        </span>
        <IonIcon icon={chevronDown} aria-hidden="true" />
      </button>
      <IonModal isOpen={open} onDidDismiss={() => setOpen(false)} className="funds-chooser-modal">
        <SheetHeader title={t('chooser.title')} onClose={() => setOpen(false)} />
        <IonContent className="ion-padding">
          <PullToRefresh onRefresh={() => balances.refetch()} />
          <AssetChooser
            testId={`${testId}-list`}
            onChoose={(balance) => {
              setOpen(false);
              onChoose(balance);
            }}
          />
        </IonContent>
      </IonModal>
    </>
  );
}

/** An `asset_id` that names no asset (an old or edited link): say so, and offer the real ones. */
export function UnknownAsset({ onChoose, testId }: { onChoose: (assetId: number) => void; testId: string }) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <div className="fit24-notice fit24-notice--warning" role="alert" data-testid="funds-unknown-asset">
        {t('chooser.unknown')}
      </div>
      <AssetChooser testId={testId} onChoose={(balance) => onChoose(balance.asset_id)} />
    </>
  );
}
