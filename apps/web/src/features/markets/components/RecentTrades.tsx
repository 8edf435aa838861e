import type { TMarket } from '@fit24/contract';
import { formatAmount } from '../../../lib/money.ts';
import { useMarketHistory } from '../api/markets.ts';

function timeOf(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toLocaleTimeString(undefined, { hour12: false });
}

/** The market's latest trades, coloured by the taker's side, with the market's fixed decimals. */
export function RecentTrades({ market }: { market: TMarket }) {
  const history = useMarketHistory(market.market_id);
  if (history.isPending) return <p className="fit24-muted book__none">Loading trades…</p>;
  if (history.isError) return <p className="fit24-muted book__none">{history.error.message}</p>;
  const trades = history.data.trades.slice(0, 20);
  if (trades.length === 0) return <p className="fit24-muted book__none">No trades yet.</p>;
  return (
    <div className="book" data-testid="recent-trades">
      <div className="book__row book__row--head book__row--3 fit24-muted">
        <span>Price ({market.quote})</span>
        <span>Amount ({market.base})</span>
        <span>Time</span>
      </div>
      {trades.map((t) => (
        <div key={t.trade_id} className="book__row book__row--3" data-testid="recent-trade">
          <span className={t.side === 'BUY' ? 'mkt-change--up mkt-num' : 'mkt-change--down mkt-num'}>
            {formatAmount(t.price, market.price_decimals)}
          </span>
          <span className="mkt-num">{formatAmount(t.amount, market.amount_decimals)}</span>
          <span className="fit24-muted mkt-num">{timeOf(t.creation_date)}</span>
        </div>
      ))}
    </div>
  );
}
