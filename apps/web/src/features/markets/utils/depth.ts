/**
 * The depth chart's geometry: cumulative amounts of the book's levels, outward from the spread, as SVG
 * paths. Plotting only — prices and amounts become numbers here to be drawn, never to be summed as money
 * (the book's own strings are what the screen and the form show).
 */

type Level = readonly [price: string, amount: string];

export interface DepthPoint {
  price: number;
  /** Amount available at this price and every better one. */
  total: number;
}

export interface DepthCurve {
  /** Best (highest) bid first. */
  bids: DepthPoint[];
  /** Best (lowest) ask first. */
  asks: DepthPoint[];
  minPrice: number;
  maxPrice: number;
  maxTotal: number;
}

function cumulative(levels: ReadonlyArray<Level>): DepthPoint[] {
  let total = 0;
  const points: DepthPoint[] = [];
  for (const [price, amount] of levels) {
    const p = Number(price);
    const a = Number(amount);
    if (!Number.isFinite(p) || !Number.isFinite(a) || a <= 0) continue;
    total += a;
    points.push({ price: p, total });
  }
  return points;
}

/** The share of the levels' price span left free on each side of the chart. */
const EDGE_ROOM = 0.05;

/** The curve of a book (bids best first, asks best first), or null when both sides are empty. */
export function depthCurve(bids: ReadonlyArray<Level>, asks: ReadonlyArray<Level>): DepthCurve | null {
  const b = cumulative(bids);
  const a = cumulative(asks);
  if (b.length === 0 && a.length === 0) return null;
  const prices = [...b, ...a].map((p) => p.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  // Room beyond the outermost levels, so their last step shows as a plateau rather than a wall at the
  // edge; a single level gets 1 % of its price on each side.
  const pad = high > low ? (high - low) * EDGE_ROOM : low === 0 ? 1 : low * 0.01;
  const minPrice = low - pad;
  const maxPrice = high + pad;
  const maxTotal = Math.max(b.at(-1)?.total ?? 0, a.at(-1)?.total ?? 0);
  return { bids: b, asks: a, minPrice, maxPrice, maxTotal };
}

export interface DepthPaths {
  bidLine: string;
  bidArea: string;
  askLine: string;
  askArea: string;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * A side's staircase: from its best price at its first level's total, stepping up at each worse price,
 * to the chart's edge (left for bids, right for asks). Line and area (closed to the baseline).
 */
function staircase(
  points: DepthPoint[],
  edgePrice: number,
  x: (p: number) => number,
  y: (t: number) => number,
) {
  if (points.length === 0) return { line: '', area: '' };
  const first = points[0] as DepthPoint;
  const steps = [`M${round(x(first.price))},${round(y(0))}`, `V${round(y(first.total))}`];
  for (let i = 1; i < points.length; i++) {
    const point = points[i] as DepthPoint;
    steps.push(`H${round(x(point.price))}`, `V${round(y(point.total))}`);
  }
  steps.push(`H${round(x(edgePrice))}`);
  const line = steps.join('');
  return { line, area: `${line}V${round(y(0))}Z` };
}

/** The curve drawn in a `width`×`height` box (y down), with `top` px kept free above the highest total. */
export function depthPaths(curve: DepthCurve, width: number, height: number, top = 8): DepthPaths {
  const span = curve.maxPrice - curve.minPrice;
  const x = (price: number) => ((price - curve.minPrice) / span) * width;
  const y = (total: number) =>
    height - (curve.maxTotal === 0 ? 0 : (total / curve.maxTotal) * (height - top));
  const bid = staircase(curve.bids, curve.minPrice, x, y);
  const ask = staircase(curve.asks, curve.maxPrice, x, y);
  return { bidLine: bid.line, bidArea: bid.area, askLine: ask.line, askArea: ask.area };
}
