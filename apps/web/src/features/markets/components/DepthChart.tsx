import { fromBaseUnits, type TMarket } from '@fit24/contract';
import { formatAmount, unitsOf } from '../../../lib/money.ts';
import { useOrderBook } from '../api/markets.ts';
import { depthCurve, depthPaths } from '../utils/depth.ts';

const WIDTH = 600;
const HEIGHT = 220;

/** An axis label: a plotted number at the market's decimals, grouped like money elsewhere on screen. */
function label(value: number, decimals: number): string {
  return formatAmount(value.toFixed(decimals), decimals);
}

/** The amount on one side of the book, summed exactly in base units (the plot's floats are for drawing). */
function sideTotal(levels: ReadonlyArray<readonly [string, string]>, decimals: number): string {
  const units = levels.reduce((sum, [, amount]) => sum + unitsOf(amount, decimals), 0n);
  return formatAmount(fromBaseUnits(units, decimals), decimals);
}

/**
 * Market depth from the live book: the bids' cumulative amount stepping up to the left of the spread
 * (green), the asks' to the right (red). An SVG scaled to its box (no chart library); its colours are the
 * theme's up/down variables, so it follows light and dark by itself.
 */
export function DepthChart({ market }: { market: TMarket }) {
  const book = useOrderBook(market.market_id);
  if (book.isPending) return <p className="fit24-muted book__none">Loading the book…</p>;
  if (book.isError) return <p className="fit24-muted book__none">{book.error.message}</p>;
  const curve = depthCurve(book.data.bids, book.data.asks);
  if (!curve) {
    return (
      <p className="fit24-muted book__none" data-testid="depth-empty">
        No orders in the book yet.
      </p>
    );
  }
  const paths = depthPaths(curve, WIDTH, HEIGHT);
  const pd = market.price_decimals;
  const bidTotal = sideTotal(book.data.bids, market.amount_decimals);
  const askTotal = sideTotal(book.data.asks, market.amount_decimals);
  const bestBid = curve.bids[0]?.price;
  const bestAsk = curve.asks[0]?.price;
  const mid = bestBid !== undefined && bestAsk !== undefined ? (bestBid + bestAsk) / 2 : null;
  const summary =
    `Depth chart: ${bidTotal} ${market.base} bid down to ` +
    `${label(curve.minPrice, pd)}, ${askTotal} ${market.base} asked up to ` +
    `${label(curve.maxPrice, pd)} ${market.quote}`;
  return (
    <figure
      className="depth"
      data-testid="depth-chart"
      data-bid-levels={curve.bids.length}
      data-ask-levels={curve.asks.length}
    >
      <div className="depth__plot">
        <span className="depth__max fit24-muted mkt-num">
          {label(curve.maxTotal, market.amount_decimals)} {market.base}
        </span>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
          <path className="depth__area depth__area--bid" d={paths.bidArea} data-testid="depth-bids" />
          <path className="depth__line depth__line--bid" d={paths.bidLine} />
          <path className="depth__area depth__area--ask" d={paths.askArea} data-testid="depth-asks" />
          <path className="depth__line depth__line--ask" d={paths.askLine} />
        </svg>
      </div>
      <figcaption className="depth__axis fit24-muted mkt-num">
        <span>{label(curve.minPrice, pd)}</span>
        {mid !== null && <span data-testid="depth-mid">Mid {label(mid, pd)}</span>}
        <span>{label(curve.maxPrice, pd)}</span>
      </figcaption>
      <div className="depth__legend">
        <span className="depth__key depth__key--bid">
          Bids{' '}
          <span className="mkt-num" data-testid="depth-bid-total">
            {bidTotal}
          </span>
        </span>
        <span className="depth__key depth__key--ask">
          Asks{' '}
          <span className="mkt-num" data-testid="depth-ask-total">
            {askTotal}
          </span>
        </span>
      </div>
    </figure>
  );
}
