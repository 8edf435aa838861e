import { CANDLE_INTERVALS } from '@fit24/contract';

/** A trade as the market's public data keeps it: ticks, lots, epoch seconds. */
export interface PublicTrade {
  tradeId: number;
  price: number;
  amount: number;
  takerSide: 'BUY' | 'SELL';
  time: number;
}

/** One candle: prices in ticks, volume in lots, `time` the bucket's start (epoch seconds, UTC-aligned). */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: bigint;
}

export interface Stats24h {
  /** Ticks. */
  last: bigint;
  high: bigint;
  low: bigint;
  /** Lots. */
  volume: bigint;
  /** Change over the window in hundredths of a percent, rounded toward zero. */
  changeBp: bigint;
}

export const RECENT_TRADES = 50;
/** Candles kept per interval; the 1-minute series keeps a whole day and more, for the 24h statistics. */
const KEEP = 500;
const KEEP_MINUTES = 1500;
const DAY = 86_400;

/**
 * A market's data that every screen reads (DESIGN §9), in memory: the latest trades, candles of every
 * interval and the 24h statistics. The market's worker feeds it each committed batch's trades; at start it
 * is rebuilt from the trades table (`load`). Trades must arrive in time order; one stamped before the
 * current candle (a clock moved back) joins that candle.
 */
export class MarketData {
  private recent: PublicTrade[] = [];
  private readonly series = new Map<number, Candle[]>(CANDLE_INTERVALS.map((i) => [i, []]));

  constructor(public lastPrice: bigint) {}

  /** Restores the state read from the database: newest trade first, candles oldest first. */
  load(recent: PublicTrade[], candles: Map<number, Candle[]>): void {
    this.recent = recent.slice(0, RECENT_TRADES);
    for (const [interval, list] of candles) this.series.set(interval, list.slice(-keepOf(interval)));
  }

  addTrades(trades: PublicTrade[]): void {
    for (const trade of trades) {
      this.recent.unshift(trade);
      for (const [interval, list] of this.series) addToSeries(list, interval, trade);
      this.lastPrice = BigInt(trade.price);
    }
    if (this.recent.length > RECENT_TRADES) this.recent.length = RECENT_TRADES;
  }

  /** Latest trades, newest first. */
  history(): PublicTrade[] {
    return this.recent;
  }

  /** Candles of one interval (minutes), oldest first, at most 500. */
  candles(interval: number): Candle[] {
    return (this.series.get(interval) ?? []).slice(-KEEP);
  }

  /**
   * High, low, volume and change over the last 24 hours, to the minute: the window is the 1-minute
   * candles that start after `now − 24h`. The change is against the price 24 hours ago — the close of the
   * last minute before the window — or, for a market younger than that, its first price in the window.
   * With no trade in the window, high = low = last and change 0.
   */
  stats(now: number): Stats24h {
    const since = now - DAY;
    const minutes = this.series.get(1)!;
    let first: Candle | undefined;
    let high = 0;
    let low = Number.POSITIVE_INFINITY;
    let volume = 0n;
    let before: Candle | undefined;
    for (let i = minutes.length - 1; i >= 0; i--) {
      const c = minutes[i]!;
      if (c.time <= since) {
        before = c;
        break;
      }
      first = c;
      if (c.high > high) high = c.high;
      if (c.low < low) low = c.low;
      volume += c.volume;
    }
    const last = this.lastPrice;
    if (first === undefined) return { last, high: last, low: last, volume: 0n, changeBp: 0n };
    const open = BigInt(before?.close ?? first.open);
    return {
      last,
      high: BigInt(high),
      low: BigInt(low),
      volume,
      changeBp: ((last - open) * 10_000n) / open,
    };
  }
}

const keepOf = (interval: number) => (interval === 1 ? KEEP_MINUTES : KEEP);

function addToSeries(list: Candle[], interval: number, trade: PublicTrade): void {
  const span = interval * 60;
  const time = trade.time - (trade.time % span);
  const last = list[list.length - 1];
  if (last !== undefined && time <= last.time) {
    if (trade.price > last.high) last.high = trade.price;
    if (trade.price < last.low) last.low = trade.price;
    last.close = trade.price;
    last.volume += BigInt(trade.amount);
    return;
  }
  list.push({
    time,
    open: trade.price,
    high: trade.price,
    low: trade.price,
    close: trade.price,
    volume: BigInt(trade.amount),
  });
  if (list.length > keepOf(interval)) list.splice(0, list.length - keepOf(interval));
}

/** "−1.25" from hundredths of a percent. */
export function formatChange(bp: bigint): string {
  const sign = bp < 0n ? '-' : '';
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
