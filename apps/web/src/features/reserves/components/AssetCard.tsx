import { IonButton, IonIcon } from '@ionic/react';
import {
  alertCircle,
  checkmarkCircle,
  closeCircle,
  copyOutline,
  informationCircleOutline,
  removeCircleOutline,
} from 'ionicons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetIcon } from '../../../components/ui/AssetIcon.tsx';
import { useToast } from '../../../components/ui/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { networkLabel } from '../../../lib/format.ts';
import { formatAmount } from '../../../lib/money.ts';
import { type AssetCheck, type AssetStatus, type HoldingCheck, shorten } from '../lib/verify.ts';

/** Addresses shown before "Show all": an exchange with many deposit addresses keeps a short card. */
const FIRST_ADDRESSES = 5;

const STATUS_VIEW: Record<
  AssetStatus,
  { key: 'backed' | 'short' | 'notProvable' | 'nothingOwed' | 'unsigned'; tone: string; icon: string }
> = {
  backed: { key: 'backed', tone: 'success', icon: checkmarkCircle },
  short: { key: 'short', tone: 'danger', icon: alertCircle },
  unsigned: { key: 'unsigned', tone: 'danger', icon: closeCircle },
  'not-provable': { key: 'notProvable', tone: 'medium', icon: removeCircleOutline },
  'nothing-owed': { key: 'nothingOwed', tone: 'medium', icon: removeCircleOutline },
};

/** "ethereum:31337" → the network as people name it and the chain id. */
function chainWords(chain: string): { network: string; chainId: string } {
  const [network = chain, chainId = ''] = chain.split(':');
  return { network: networkLabel(network), chainId };
}

/** Percent for the bar: how much of what is owed is held, at most the whole bar. */
function barWidth(percent: string | null): string {
  if (percent === null) return '0%';
  return `${Math.min(100, Number.parseFloat(percent))}%`;
}

/** One asset: what users are owed, what signed addresses hold on chain, the ratio, and those addresses. */
export function AssetCard({ check }: { check: AssetCheck }) {
  const { t } = useTranslation('reserves');
  const { asset, status, percent } = check;
  const view = STATUS_VIEW[status];
  const provable = status !== 'not-provable';
  return (
    <article className="reserves-asset" data-testid={`reserves-asset-${asset.asset}`} data-status={status}>
      <header className="reserves-asset__head">
        <AssetIcon symbol={asset.asset} size={34} />
        <h3>{asset.asset}</h3>
        <span
          className={`fit24-chip fit24-chip--${view.tone} fit24-chip--compact`}
          data-testid={`reserves-status-${asset.asset}`}
        >
          <IonIcon icon={view.icon} aria-hidden="true" />
          {t(`assets.status.${view.key}`)}
        </span>
      </header>
      <dl className="reserves-asset__figures">
        <div>
          <dt>{t('assets.liabilities')}</dt>
          <dd className="reserves-num">{formatAmount(asset.liabilities)}</dd>
        </div>
        <div>
          <dt>{t('assets.reserves')}</dt>
          <dd className="reserves-num">
            {provable && asset.reserves !== null ? formatAmount(asset.reserves) : t('assets.notCounted')}
          </dd>
        </div>
        <div className="reserves-asset__ratio">
          <dt>{t('assets.ratio')}</dt>
          <dd className="reserves-num" data-testid={`reserves-ratio-${asset.asset}`}>
            {percent === null ? '–' : t('assets.percent', { value: formatAmount(percent) })}
          </dd>
        </div>
      </dl>
      {percent !== null && (
        <div className={`reserves-bar reserves-bar--${view.tone}`} aria-hidden="true">
          <span style={{ width: barWidth(percent) }} />
        </div>
      )}
      {provable ? (
        <>
          {asset.block_number !== null && asset.chain !== null && (
            <p className="reserves-asset__block">
              {t('assets.block', { block: asset.block_number, ...chainWords(asset.chain) })}
            </p>
          )}
          <Holdings symbol={asset.asset} holdings={check.holdings} />
        </>
      ) : (
        <p className="reserves-asset__note">
          <IonIcon icon={informationCircleOutline} aria-hidden="true" />
          <span>{t('assets.notProvableNote')}</span>
        </p>
      )}
    </article>
  );
}

function Holdings({ symbol, holdings }: { symbol: string; holdings: HoldingCheck[] }) {
  const { t } = useTranslation('reserves');
  const toast = useToast();
  const [all, setAll] = useState(false);
  if (holdings.length === 0) return null;
  const shown = all ? holdings : holdings.slice(0, FIRST_ADDRESSES);
  const copy = async (address: string) => {
    if (await copyText(address)) toast.success(t('assets.copied'));
    else toast.error(t('assets.copyFailed'));
  };
  return (
    <div className="reserves-holdings">
      <h4>{t('assets.addresses', { count: holdings.length })}</h4>
      <ul data-testid={`reserves-holdings-${symbol}`}>
        {shown.map((h) => (
          <li key={h.address} data-signed={h.signed ? '1' : '0'}>
            <div className="reserves-holdings__address">
              <code title={h.address}>{shorten(h.address, 8)}</code>
              <IonButton
                fill="clear"
                size="small"
                onClick={() => void copy(h.address)}
                aria-label={t('assets.copy', { address: h.address })}
              >
                <IonIcon icon={copyOutline} slot="icon-only" aria-hidden="true" />
              </IonButton>
            </div>
            <span className="reserves-num">
              {formatAmount(h.balance)} {symbol}
            </span>
            <span className="reserves-holdings__facts">
              <span>{t(`assets.kind.${h.kind}`)}</span>
              <span className={`fit24-mark${h.signed ? ' fit24-mark--ok' : ' reserves-mark--bad'}`}>
                <IonIcon icon={h.signed ? checkmarkCircle : closeCircle} aria-hidden="true" />
                <span>{h.signed ? t('assets.signatureOk') : t('assets.signatureBad')}</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
      {!all && holdings.length > FIRST_ADDRESSES && (
        <IonButton fill="clear" size="small" onClick={() => setAll(true)}>
          {t('assets.showAll', { count: holdings.length })}
        </IonButton>
      )}
    </div>
  );
}
