import type { TMarket } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { star, starOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { AssetIcon } from '../../../components/ui/AssetIcon.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { isNegative } from '../utils/trade-math.ts';
import './markets.css';

/** The 24h change as "+1.25%" / "-0.40%" (the server's decimals, the language's marks), green or red. */
export function ChangeText({ change, testId }: { change: string; testId?: string }) {
  const down = isNegative(change);
  const digits = change.trim().replace(/^[-+]/, '');
  const decimals = /\.(\d+)$/.exec(digits)?.[1]?.length ?? 0;
  return (
    <span className={down ? 'mkt-change mkt-change--down' : 'mkt-change mkt-change--up'} data-testid={testId}>
      {down ? '-' : '+'}
      {formatAmount(digits, decimals)}%
    </span>
  );
}

/** One market: coin, pair, volume, last price and change; an optional watchlist star. */
export function MarketRow({
  market,
  onOpen,
  onStar,
  testId,
}: {
  market: TMarket;
  onOpen: () => void;
  onStar?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="mkt-row">
      <button type="button" className="mkt-row__main" onClick={onOpen} data-testid={testId}>
        <AssetIcon symbol={market.base} size={36} />
        <span className="mkt-row__pair">
          <span className="mkt-row__symbol">
            {market.base}
            <span className="fit24-muted">/{market.quote}</span>
          </span>
          <span className="mkt-row__volume fit24-muted">
            {t('marketRow.volume', { volume: formatAmount(market.volume_24h) })}
          </span>
        </span>
        <span className="mkt-row__range mkt-num">
          <span>
            <span className="fit24-muted">{t('marketRow.high')} </span>
            {formatAmount(market.high_24h)}
          </span>
          <span>
            <span className="fit24-muted">{t('marketRow.low')} </span>
            {formatAmount(market.low_24h)}
          </span>
        </span>
        <span className="mkt-row__price">
          <span className="mkt-num" data-testid={`market-price-${market.base}`}>
            {formatAmount(market.last_price)}
          </span>
          <ChangeText change={market.change_24h} />
        </span>
      </button>
      {onStar && (
        <button
          type="button"
          className={market.is_watchlisted ? 'mkt-star mkt-star--on' : 'mkt-star'}
          onClick={onStar}
          aria-label={t(market.is_watchlisted ? 'marketRow.unwatch' : 'marketRow.watch', {
            base: market.base,
          })}
          aria-pressed={Boolean(market.is_watchlisted)}
          data-testid={`market-star-${market.base}`}
          data-on={market.is_watchlisted ? '1' : '0'}
        >
          <IonIcon icon={market.is_watchlisted ? star : starOutline} aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
