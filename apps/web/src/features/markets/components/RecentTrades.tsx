import type { TMarket } from '@fit24/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { formatTime } from '../../../lib/date-time.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useMarketHistory } from '../api/markets.ts';

/** The market's latest trades, coloured by the taker's side, with the market's fixed decimals. */
export function RecentTrades({ market }: { market: TMarket }) {
  const { t } = useTranslation('markets');
  const history = useMarketHistory(market.market_id);
  if (history.isPending) return <p className="fit24-muted book__none">{t('trades.loading')}</p>;
  if (history.isError) {
    return (
      <LoadError
        message={history.error.message}
        onRetry={() => history.refetch()}
        testId="recent-trades-error"
      />
    );
  }
  const trades = history.data.trades.slice(0, 20);
  if (trades.length === 0) return <p className="fit24-muted book__none">{t('trades.empty')}</p>;
  return (
    <div className="book" data-testid="recent-trades">
      <div className="book__row book__row--head book__row--3 fit24-muted">
        <span>{t('book.price', { quote: market.quote })}</span>
        <span>{t('book.amount', { base: market.base })}</span>
        <span>{t('trades.time')}</span>
      </div>
      {trades.map((t) => (
        <div key={t.trade_id} className="book__row book__row--3" data-testid="recent-trade">
          <span className={t.side === 'BUY' ? 'mkt-change--up mkt-num' : 'mkt-change--down mkt-num'}>
            {formatAmount(t.price, market.price_decimals)}
          </span>
          <span className="mkt-num">{formatAmount(t.amount, market.amount_decimals)}</span>
          <span className="fit24-muted mkt-num">{formatTime(t.creation_date)}</span>
        </div>
      ))}
    </div>
  );
}
