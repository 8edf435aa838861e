import { fromBaseUnits, type TMarket, toBaseUnits } from '@fit24/contract';

/** What a market order would get from the book, walked best level first, as the engine fills it. */
export interface Fill {
  /** Base bought or sold, and quote spent or received (before the fee). */
  amount: string;
  total: string;
  /** total ÷ amount, rounded down to the market's price decimals; null when nothing fills. */
  averagePrice: string | null;
  /** False when the book runs out first: the rest of the order would be cancelled. */
  complete: boolean;
}

type MarketUnits = Pick<TMarket, 'price_decimals' | 'amount_decimals'>;

type Levels = ReadonlyArray<readonly [price: string, amount: string]>;

/**
 * A market BUY spending `total` quote against the asks: whole lots at each level's price while the money
 * lasts (a lot the rest cannot pay for is not bought, so a little quote may stay unspent); or a market
 * SELL of `amount` base against the bids. Integer arithmetic in the market's units throughout: prices in
 * ticks, amounts in lots, totals in ticks × lots.
 */
export function walkBook(side: 'BUY' | 'SELL', levels: Levels, value: string, m: MarketUnits): Fill | null {
  const pd = m.price_decimals;
  const ad = m.amount_decimals;
  const wanted = toBaseUnits(value.trim(), side === 'BUY' ? pd + ad : ad);
  if (wanted === null || wanted <= 0n) return null;
  let left = wanted;
  let lots = 0n;
  let total = 0n;
  // A BUY that stops inside a level spent what it could (what is left buys no whole lot there).
  let stoppedInside = false;
  for (const [price, amount] of levels) {
    const p = toBaseUnits(price, pd);
    const a = toBaseUnits(amount, ad);
    if (p === null || a === null || p <= 0n) return null;
    const take = side === 'BUY' ? min(a, left / p) : min(a, left);
    lots += take;
    total += take * p;
    left -= side === 'BUY' ? take * p : take;
    if (take < a) {
      stoppedInside = true;
      break;
    }
  }
  return {
    amount: fromBaseUnits(lots, ad),
    total: fromBaseUnits(total, pd + ad),
    averagePrice: lots > 0n ? fromBaseUnits(total / lots, pd) : null,
    complete: lots > 0n && (left === 0n || (side === 'BUY' && stoppedInside)),
  };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
