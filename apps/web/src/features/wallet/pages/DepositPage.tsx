import { IonButton, IonIcon, IonSkeletonText } from '@ionic/react';
import { alertCircleOutline, copyOutline } from 'ionicons/icons';
import { QRCodeSVG } from 'qrcode.react';
import { useToast } from '../../../components/ui/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { networkLabel } from '../../../lib/format.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useAsset } from '../api/get-asset.ts';
import { useBalance } from '../api/get-balances.ts';
import { useDepositWallet } from '../api/get-deposit-wallet.ts';
import { AssetActionPage } from '../components/AssetActionPage.tsx';
import { AssetSwitch, UnknownAsset } from '../components/AssetChooser.tsx';
import { NoticeCards } from '../components/NoticeCards.tsx';
import { SummaryRows } from '../components/SummaryRows.tsx';
import { UnavailableNotice } from '../components/UnavailableNotice.tsx';
import '../../../components/ui/forms.css';
import '../components/funds.css';
import './deposit.css';

const PATH = '/funds/deposit';

function DepositAddress({ assetId, onChoose }: { assetId: number; onChoose: (id: number) => void }) {
  const asset = useAsset(assetId);
  const info = asset.data?.asset;
  // An asset whose network cannot work has no address to ask for (the server would refuse it: 422).
  const unavailable = info?.unavailable_reason ?? null;
  const wallet = useDepositWallet(assetId, info !== undefined && unavailable === null);
  const toast = useToast();
  const address = wallet.data?.wallet;

  const copy = async (text: string, what: string) => {
    if (await copyText(text)) toast.success(`${what} copied`);
    else toast.error(`Could not copy. Select the ${what.toLowerCase()} and copy it by hand.`);
  };

  const balance = useBalance(assetId);
  if (balance.isSuccess && !balance.data)
    return <UnknownAsset onChoose={onChoose} testId="deposit-chooser" />;
  const error = asset.error ?? wallet.error;
  const assetSwitch = info && (
    <AssetSwitch
      symbol={info.symbol}
      name={info.name}
      testId="deposit-asset"
      onChoose={(b) => onChoose(b.asset_id)}
    />
  );
  if (info && unavailable !== null) {
    return (
      <>
        {assetSwitch}
        <UnavailableNotice
          symbol={info.symbol}
          what="deposits"
          reason={unavailable}
          testId="deposit-unavailable"
        />
        <NoticeCards assetId={assetId} type="deposit" />
      </>
    );
  }
  return (
    <>
      {assetSwitch}
      {error && (
        <div className="fit24-notice fit24-notice--danger" role="alert" data-testid="deposit-error">
          {error.message}
        </div>
      )}
      {info && info.deposit_enabled === 0 && (
        <div className="fit24-notice fit24-notice--warning" data-testid="deposit-disabled">
          <IonIcon icon={alertCircleOutline} aria-hidden="true" />
          {info.symbol} deposits are paused for now. Anything sent to this address is credited once they
          resume.
        </div>
      )}
      <section className="funds-deposit" aria-label="Deposit address">
        <div className="funds-deposit__network">
          {address ? (
            `${networkLabel(address.network)} network`
          ) : (
            <IonSkeletonText animated style={{ width: 120 }} />
          )}
        </div>
        <div className="funds-deposit__qr" data-testid="deposit-qr">
          {address ? (
            <QRCodeSVG value={address.address} size={184} marginSize={2} level="M" title="Deposit address" />
          ) : (
            <IonSkeletonText animated className="funds-deposit__qr-skeleton" />
          )}
        </div>
        <span className="funds-deposit__label">Your {info?.symbol ?? ''} deposit address</span>
        {address ? (
          <p className="funds-deposit__address funds-mono" data-testid="deposit-address">
            {address.address}
          </p>
        ) : (
          <IonSkeletonText animated style={{ width: '90%', height: 22 }} />
        )}
        <IonButton
          expand="block"
          disabled={!address}
          onClick={() => address && void copy(address.address, 'Address')}
          data-testid="deposit-copy"
        >
          <IonIcon icon={copyOutline} slot="start" aria-hidden="true" />
          Copy address
        </IonButton>
        {address?.memo && (
          <div className="funds-deposit__memo">
            <span>Memo (required)</span>
            <strong className="funds-mono" data-testid="deposit-memo">
              {address.memo}
            </strong>
            <IonButton fill="clear" size="small" onClick={() => void copy(address.memo ?? '', 'Memo')}>
              Copy
            </IonButton>
          </div>
        )}
      </section>
      {info && address && (
        <SummaryRows
          testId="deposit-details"
          rows={[
            { label: 'Network', value: networkLabel(address.network), testId: 'deposit-network' },
            {
              label: 'Minimum deposit',
              value: `${formatAmount(address.min_deposit)} ${info.symbol}`,
              testId: 'deposit-min',
            },
            {
              label: 'Credited after',
              value: `${address.confirmations} confirmation${address.confirmations === 1 ? '' : 's'}`,
              testId: 'deposit-confirmations',
            },
          ]}
        />
      )}
      {info && (
        <div className="fit24-notice fit24-notice--warning">
          <IonIcon icon={alertCircleOutline} aria-hidden="true" />
          <span>
            Send only {info.symbol} on the {networkLabel(info.network)} network to this address. Other assets,
            other networks and amounts below the minimum are not credited.
          </span>
        </div>
      )}
      <NoticeCards assetId={assetId} type="deposit" />
    </>
  );
}

/** Deposit: choose an asset, then its address as text and QR code, the network and what crediting takes. */
export function DepositPage() {
  return (
    <AssetActionPage
      path={PATH}
      title="Deposit"
      lead="Choose the asset you want to deposit."
      testPrefix="deposit"
    >
      {(assetId, choose) => <DepositAddress key={assetId} assetId={assetId} onChoose={choose} />}
    </AssetActionPage>
  );
}
