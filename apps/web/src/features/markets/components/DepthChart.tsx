import { fromBaseUnits, type TMarket } from '@fit24/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { formatAmount, unitsOf } from '../../../lib/money.ts';
import { useOrderBook } from '../api/markets.ts';
import { depthCurve, depthPaths } from '../utils/depth.ts';
import { midPrice } from '../utils/trade-math.ts';

const WIDTH = 600;
const HEIGHT = 220;

type Level = readonly [price: string, amount: string];

/**
 * An axis label: a plotted number at the market's decimals, grouped like money elsewhere on screen. Only
 * for the axis's own edges (the plot's padded span); every figure from the book is written from its strings.
 */
function axisLabel(value: number, decimals: number): string {
  return formatAmount(value.toFixed(decimals), decimals);
}

/** The amount on one side of the book in base units, summed exactly (the plot's floats are for drawing). */
function sideUnits(levels: ReadonlyArray<Level>, decimals: number): bigint {
  return levels.reduce((sum, [, amount]) => sum + unitsOf(amount, decimals), 0n);
}

/** Base units at `decimals` as the screen writes amounts. */
function shown(units: bigint, decimals: number): string {
  return formatAmount(fromBaseUnits(units, decimals), decimals);
}

/**
 * Market depth from the live book: the bids' cumulative amount stepping up to the left of the spread
 * (green), the asks' to the right (red). An SVG scaled to its box (no chart library); its colours are the
 * theme's up/down variables, so it follows light and dark by itself.
 */
export function DepthChart({ market }: { market: TMarket }) {
  const { t } = useTranslation('markets');
  const book = useOrderBook(market.market_id);
  if (book.isPending) return <p className="fit24-muted book__none">{t('book.loading')}</p>;
  if (book.isError) {
    return <LoadError message={book.error.message} onRetry={() => book.refetch()} testId="depth-error" />;
  }
  const curve = depthCurve(book.data.bids, book.data.asks);
  if (!curve) {
    return (
      <p className="fit24-muted book__none" data-testid="depth-empty">
        {t('depth.empty')}
      </p>
    );
  }
  const paths = depthPaths(curve, WIDTH, HEIGHT);
  const pd = market.price_decimals;
  const ad = market.amount_decimals;
  const { bids, asks } = book.data;
  const bidUnits = sideUnits(bids, ad);
  const askUnits = sideUnits(asks, ad);
  const bidTotal = shown(bidUnits, ad);
  const askTotal = shown(askUnits, ad);
  // The plot's top is the larger side's whole amount: the same exact sum, not the curve's float total.
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.max refuses
  const maxTotal = shown(bidUnits > askUnits ? bidUnits : askUnits, ad);
  const bestBid = bids[0]?.[0];
  const bestAsk = asks[0]?.[0];
  const mid =
    bestBid !== undefined && bestAsk !== undefined ? formatAmount(midPrice(bestBid, bestAsk, pd), pd) : null;
  // The book's outermost prices as the API wrote them (one side empty: the other side's best).
  const lowest = bids.at(-1)?.[0] ?? bestAsk ?? '0';
  const highest = asks.at(-1)?.[0] ?? bestBid ?? '0';
  const summary = t('depth.summary', {
    bidTotal,
    askTotal,
    base: market.base,
    low: formatAmount(lowest, pd),
    high: formatAmount(highest, pd),
    quote: market.quote,
  });
  return (
    <figure
      className="depth"
      data-testid="depth-chart"
      data-bid-levels={curve.bids.length}
      data-ask-levels={curve.asks.length}
    >
      <div className="depth__plot">
        <span className="depth__max fit24-muted mkt-num">
          {maxTotal} {market.base}
        </span>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
          <path className="depth__area depth__area--bid" d={paths.bidArea} data-testid="depth-bids" />
          <path className="depth__line depth__line--bid" d={paths.bidLine} />
          <path className="depth__area depth__area--ask" d={paths.askArea} data-testid="depth-asks" />
          <path className="depth__line depth__line--ask" d={paths.askLine} />
        </svg>
      </div>
      <figcaption className="depth__axis fit24-muted mkt-num">
        <span>{axisLabel(curve.minPrice, pd)}</span>
        {mid !== null && <span data-testid="depth-mid">{t('depth.mid', { price: mid })}</span>}
        <span>{axisLabel(curve.maxPrice, pd)}</span>
      </figcaption>
      <div className="depth__legend">
        <span className="depth__key depth__key--bid">
          {t('depth.bids')}{' '}
          <span className="mkt-num" data-testid="depth-bid-total">
            {bidTotal}
          </span>
        </span>
        <span className="depth__key depth__key--ask">
          {t('depth.asks')}{' '}
          <span className="mkt-num" data-testid="depth-ask-total">
            {askTotal}
          </span>
        </span>
      </div>
    </figure>
  );
}
