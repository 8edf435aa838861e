import type { TMarket } from '@fit24/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { useMarketHistory, useOrderBook } from '../api/markets.ts';
import { depthWidths } from '../utils/trade-math.ts';

const LEVELS = 10;
/** On a phone only the levels nearest the spread show (CSS hides the rest), so the form stays in view. */
const NEAR_LEVELS = 5;

/**
 * The live book (socket): asks red above (best ask nearest the middle), the last trade's price in the
 * middle, bids green below, depth bars. Prices and amounts are shown with the market's fixed decimals so
 * the columns line up; a tap on a level hands its price to the order form.
 */
export function OrderBook({ market, onPick }: { market: TMarket; onPick: (price: string) => void }) {
  const { t } = useTranslation('markets');
  const book = useOrderBook(market.market_id);
  const history = useMarketHistory(market.market_id);
  if (book.isPending) return <p className="fit24-muted book__none">{t('book.loading')}</p>;
  if (book.isError) {
    return <LoadError message={book.error.message} onRetry={() => book.refetch()} testId="orderbook-error" />;
  }
  // Asks arrive best (lowest) first: show them reversed so the best ask sits just above the bids.
  const asks = book.data.asks.slice(0, LEVELS).reverse();
  const bids = book.data.bids.slice(0, LEVELS);
  const widths = depthWidths([...asks, ...bids]);
  const lastTrade = history.data?.trades[0];
  const level = (
    side: 'ask' | 'bid',
    [price, amount]: readonly [string, string],
    width: number,
    fromSpread: number,
  ) => (
    <Level
      key={`${side}${price}`}
      side={side}
      far={fromSpread >= NEAR_LEVELS}
      price={formatAmount(price, market.price_decimals)}
      rawPrice={price}
      amount={formatAmount(amount, market.amount_decimals)}
      width={width}
      onPick={onPick}
    />
  );
  return (
    <div className="book" data-testid="orderbook" data-sequence={book.data.sequence}>
      <div className="book__row book__row--head fit24-muted">
        <span>{t('book.price', { quote: market.quote })}</span>
        <span>{t('book.amount', { base: market.base })}</span>
      </div>
      {asks.length === 0 && <p className="book__none fit24-muted">{t('book.noAsks')}</p>}
      {asks.map((l, i) => level('ask', l, widths[i] ?? 0, asks.length - 1 - i))}
      <div className="book__mid" data-testid="orderbook-mid">
        <span
          className={
            lastTrade?.side === 'SELL'
              ? 'mkt-num mkt-change--down'
              : lastTrade
                ? 'mkt-num mkt-change--up'
                : 'mkt-num'
          }
        >
          {formatAmount(market.last_price, market.price_decimals)}
        </span>
        <span className="fit24-muted">{t('book.lastPrice')}</span>
      </div>
      {bids.map((l, i) => level('bid', l, widths[asks.length + i] ?? 0, i))}
      {bids.length === 0 && <p className="book__none fit24-muted">{t('book.noBids')}</p>}
    </div>
  );
}

function Level({
  side,
  far,
  price,
  rawPrice,
  amount,
  width,
  onPick,
}: {
  side: 'ask' | 'bid';
  /** Beyond the levels nearest the spread: hidden on a phone. */
  far: boolean;
  /** The price as shown; `rawPrice` is the API's decimal string that goes to the form. */
  price: string;
  rawPrice: string;
  amount: string;
  width: number;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation('markets');
  return (
    <button
      type="button"
      className={`book__row book__row--${side}${far ? ' book__row--far' : ''}`}
      onClick={() => onPick(rawPrice)}
      data-testid={`orderbook-${side}`}
      data-price={rawPrice}
    >
      <span className="book__bar" style={{ width: `${width}%` }} aria-hidden="true" />
      <span className="book__price mkt-num">{price}</span>
      <span className="mkt-num">{amount}</span>
      {/* Read after the numbers: what pressing the row does. */}
      <span className="fit24-visually-hidden">{t(`book.pick.${side}`)}</span>
    </button>
  );
}
