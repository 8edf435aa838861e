import type { TMarket } from '@fit24/contract';
import { IonIcon } from '@ionic/react';
import { star, starOutline } from 'ionicons/icons';
import { AssetIcon } from '../../../components/ui/AssetIcon.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { isNegative } from '../utils/trade-math.ts';
import './markets.css';

/** The 24h change as "+1.25%" / "-0.40%", green or red. */
export function ChangeText({ change, testId }: { change: string; testId?: string }) {
  const down = isNegative(change);
  const sign = down || change.startsWith('+') ? '' : '+';
  return (
    <span className={down ? 'mkt-change mkt-change--down' : 'mkt-change mkt-change--up'} data-testid={testId}>
      {sign}
      {change}%
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
  return (
    <li className="mkt-row">
      <button type="button" className="mkt-row__main" onClick={onOpen} data-testid={testId}>
        <AssetIcon symbol={market.base} size={36} />
        <span className="mkt-row__pair">
          <span className="mkt-row__symbol">
            {market.base}
            <span className="fit24-muted">/{market.quote}</span>
          </span>
          <span className="mkt-row__volume fit24-muted">Vol {formatAmount(market.volume_24h)}</span>
        </span>
        <span className="mkt-row__range mkt-num">
          <span>
            <span className="fit24-muted">24h H </span>
            {formatAmount(market.high_24h)}
          </span>
          <span>
            <span className="fit24-muted">24h L </span>
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
          aria-label={
            market.is_watchlisted ? `Remove ${market.base} from watchlist` : `Add ${market.base} to watchlist`
          }
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
