import type { TBalance } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { chevronForward } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { AssetIcon } from '../../../components/ui/AssetIcon.tsx';
import { formatAmount, formatUsd } from '../../../lib/money.ts';
import './funds.css';

/** One asset in a list: coin, symbol and name, available, total and USD value. */
export function BalanceRow({ balance, onClick }: { balance: TBalance; onClick: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <li>
      <button
        type="button"
        className="funds-row"
        onClick={onClick}
        data-testid={`asset-row-${balance.symbol}`}
        data-asset-id={balance.asset_id}
      >
        <AssetIcon symbol={balance.symbol} />
        <span className="funds-row__main">
          <span className="funds-row__symbol">{balance.symbol}</span>
          <span className="funds-row__name">{balance.name}</span>
          <span className="funds-row__available">
            {t('available')} <span className="funds-num">{formatAmount(balance.available)}</span>
          </span>
        </span>
        <span className="funds-row__value">
          <span className="funds-row__total funds-num" data-testid={`asset-total-${balance.symbol}`}>
            {formatAmount(balance.total)}
          </span>
          <span className="funds-row__usd funds-num">{formatUsd(balance.usd_value)}</span>
        </span>
        <IonIcon icon={chevronForward} className="funds-row__chevron" aria-hidden="true" />
      </button>
    </li>
  );
}
