import { formatAmount } from '../../../lib/money.ts';
import { useOrderBook } from '../api/markets.ts';
import { depthWidths } from '../utils/trade-math.ts';

const LEVELS = 10;

/** The live book (socket): asks red above (best ask nearest the middle), bids green below, depth bars. */
export function OrderBook({ marketId, onPick }: { marketId: number; onPick: (price: string) => void }) {
  const book = useOrderBook(marketId);
  if (book.isPending) return <p className="fit24-muted">Loading the book…</p>;
  if (book.isError) return <p className="fit24-muted">{book.error.message}</p>;
  // Asks arrive best (lowest) first: show them reversed so the best ask sits just above the bids.
  const asks = book.data.asks.slice(0, LEVELS).reverse();
  const bids = book.data.bids.slice(0, LEVELS);
  const widths = depthWidths([...asks, ...bids]);
  return (
    <div className="book" data-testid="orderbook" data-sequence={book.data.sequence}>
      <div className="book__row book__row--head fit24-muted">
        <span>Price</span>
        <span>Amount</span>
      </div>
      {asks.length === 0 && <p className="book__none fit24-muted">No sell orders</p>}
      {asks.map(([price, amount], i) => (
        <Level
          key={`a${price}`}
          side="ask"
          price={price}
          amount={amount}
          width={widths[i] ?? 0}
          onPick={onPick}
        />
      ))}
      <div className="book__spread" />
      {bids.map(([price, amount], i) => (
        <Level
          key={`b${price}`}
          side="bid"
          price={price}
          amount={amount}
          width={widths[asks.length + i] ?? 0}
          onPick={onPick}
        />
      ))}
      {bids.length === 0 && <p className="book__none fit24-muted">No buy orders</p>}
    </div>
  );
}

function Level({
  side,
  price,
  amount,
  width,
  onPick,
}: {
  side: 'ask' | 'bid';
  price: string;
  amount: string;
  width: number;
  onPick: (price: string) => void;
}) {
  return (
    <button
      type="button"
      className={`book__row book__row--${side}`}
      onClick={() => onPick(price)}
      data-testid={`orderbook-${side}`}
      data-price={price}
    >
      <span className="book__bar" style={{ width: `${width}%` }} aria-hidden="true" />
      <span className="book__price mkt-num">{formatAmount(price)}</span>
      <span className="mkt-num">{formatAmount(amount, 0)}</span>
    </button>
  );
}
