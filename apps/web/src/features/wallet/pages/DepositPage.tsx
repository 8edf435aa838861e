import { IonButton, IonIcon } from '@ionic/react';
import { alertCircleOutline, copyOutline } from 'ionicons/icons';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Bone } from '../../../components/ui/Bone.tsx';
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
  const { t } = useTranslation('wallet');
  const asset = useAsset(assetId);
  const info = asset.data?.asset;
  // An asset whose network cannot work has no address to ask for (the server would refuse it: 422).
  const unavailable = info?.unavailable_reason ?? null;
  const wallet = useDepositWallet(assetId, info !== undefined && unavailable === null);
  const toast = useToast();
  const address = wallet.data?.wallet;

  const copy = async (text: string, what: 'address' | 'memo') => {
    if (await copyText(text)) toast.success(t(`deposit.${what}Copied`));
    else toast.error(t(`deposit.${what}CopyFailed`));
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
          {t('deposit.paused', { symbol: info.symbol })}
        </div>
      )}
      <section className="funds-deposit" aria-label={t('deposit.section')}>
        <div className="funds-deposit__network">
          {address ? (
            t('deposit.network', { network: networkLabel(address.network) })
          ) : (
            <Bone style={{ width: 120 }} />
          )}
        </div>
        <div className="funds-deposit__qr" data-testid="deposit-qr">
          {address ? (
            <QRCodeSVG
              value={address.address}
              size={184}
              marginSize={2}
              level="M"
              title={t('deposit.qrTitle')}
            />
          ) : (
            <Bone className="funds-deposit__qr-skeleton" />
          )}
        </div>
        <span className="funds-deposit__label">
          {t('deposit.yourAddress', { symbol: info?.symbol ?? '' })}
        </span>
        {address ? (
          <p className="funds-deposit__address funds-mono" data-testid="deposit-address">
            {address.address}
          </p>
        ) : (
          <Bone style={{ width: '90%', height: 22 }} />
        )}
        <IonButton
          expand="block"
          disabled={!address}
          onClick={() => address && void copy(address.address, 'address')}
          data-testid="deposit-copy"
        >
          <IonIcon icon={copyOutline} slot="start" aria-hidden="true" />
          {t('deposit.copyAddress')}
        </IonButton>
        {address?.memo && (
          <div className="funds-deposit__memo">
            <span>{t('deposit.memoRequired')}</span>
            <strong className="funds-mono" data-testid="deposit-memo">
              {address.memo}
            </strong>
            <IonButton fill="clear" size="small" onClick={() => void copy(address.memo ?? '', 'memo')}>
              {t('deposit.copy')}
            </IonButton>
          </div>
        )}
      </section>
      {info && address && (
        <SummaryRows
          testId="deposit-details"
          rows={[
            {
              label: t('deposit.rows.network'),
              value: networkLabel(address.network),
              testId: 'deposit-network',
            },
            {
              label: t('deposit.rows.minimum'),
              value: `${formatAmount(address.min_deposit)} ${info.symbol}`,
              testId: 'deposit-min',
            },
            {
              label: t('deposit.rows.creditedAfter'),
              value: t('deposit.confirmations', { count: address.confirmations }),
              testId: 'deposit-confirmations',
            },
          ]}
        />
      )}
      {info && (
        <div className="fit24-notice fit24-notice--warning">
          <IonIcon icon={alertCircleOutline} aria-hidden="true" />
          <span>{t('deposit.sendOnly', { symbol: info.symbol, network: networkLabel(info.network) })}</span>
        </div>
      )}
      <NoticeCards assetId={assetId} type="deposit" />
    </>
  );
}

/** Deposit: choose an asset, then its address as text and QR code, the network and what crediting takes. */
export function DepositPage() {
  const { t } = useTranslation('wallet');
  return (
    <AssetActionPage path={PATH} title={t('deposit.title')} lead={t('deposit.lead')} testPrefix="deposit">
      {(assetId, choose) => <DepositAddress key={assetId} assetId={assetId} onChoose={choose} />}
    </AssetActionPage>
  );
}
