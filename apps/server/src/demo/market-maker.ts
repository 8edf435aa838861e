import { randomBytes } from 'node:crypto';
import { toBaseUnits } from '@fit24/contract';
import type { FastifyInstance } from 'fastify';
import * as usersRepo from '../modules/account/users.repository.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { defaultMarkets } from '../modules/funds/seed.ts';
import type { TradingContext } from '../trading/context.ts';
import * as marketsRepo from '../trading/market/markets.repository.ts';
import { type MarketInfo, quoteOf, show } from '../trading/market/units.ts';
import * as ordersRepo from '../trading/orders/orders.repository.ts';
import { cancelOrder, placeOrder } from '../trading/orders/orders.service.ts';
import { grantBalances } from './grants.ts';

/** Generous balances of every market-making user, granted once from the chain account. */
const MAKER_BALANCES: Array<[string, string]> = [
  ['BTC', '100'],
  ['ETH', '2000'],
  ['USDT', '10000000'],
  ['FIT24', '10000000'],
];

export interface MarketMakerOptions {
  /** Seed of the random walk and of sizes: the same seed, the same quotes. */
  seed?: number;
  /** Milliseconds between refreshes of the quotes. */
  intervalMs?: number;
  /** Price levels quoted on each side. */
  levels?: number;
  /** Chance, per market and tick, of a small crossing order (a trade). */
  tradeChance?: number;
}

export interface MarketMaker {
  /** One refresh of every market: cancel the quotes, step the walk, quote again, perhaps trade. */
  tick(): Promise<void>;
  /** Ticks now, then every `intervalMs` (unref'd timers). */
  start(): void;
  /** Stops the timer and waits for the tick in flight. */
  stop(): Promise<void>;
}

interface Quoter {
  m: MarketInfo;
  userId: bigint;
  /** The seed's reference price, in ticks: the walk is pulled back towards it. */
  anchor: number;
  /** The walk's price now, in ticks (fractional). */
  ref: number;
  /** Our open orders on this market. */
  open: number[];
  bestBid: bigint | null;
  bestAsk: bigint | null;
  /** The smallest order, in lots, that meets the market's minimums at the reference price. */
  minLots: bigint;
}

/**
 * `DEMO=1`: a market-making user per market quotes both sides around a seeded random-walk price, refreshes
 * its quotes every few seconds and now and then trades, all through `placeOrder` / `cancelOrder` like any
 * user, so books, trades, 24h stats and candles are alive on a fresh start. Registers its own stop on close.
 */
export async function startMarketMaker(ctx: TradingContext, app: FastifyInstance): Promise<void> {
  const maker = await createMarketMaker(ctx);
  app.addHook('onClose', async () => maker.stop());
  maker.start();
}

/** One market maker's settings and state, shared by its steps. */
interface Run {
  ctx: TradingContext;
  random: () => number;
  levels: number;
  tradeChance: number;
  quoters: Quoter[];
  stopped: boolean;
}

export async function createMarketMaker(
  ctx: TradingContext,
  options: MarketMakerOptions = {},
): Promise<MarketMaker> {
  const intervalMs = options.intervalMs ?? 3000;
  const run: Run = {
    ctx,
    random: mulberry32(options.seed ?? 24),
    levels: options.levels ?? 5,
    tradeChance: options.tradeChance ?? 0.5,
    quoters: await ensureQuoters(ctx),
    stopped: false,
  };
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> = Promise.resolve();

  const loop = () => {
    timer = null;
    if (run.stopped) return;
    inFlight = tick(run).finally(() => {
      if (run.stopped) return;
      timer = setTimeout(loop, intervalMs);
      timer.unref();
    });
  };

  return {
    tick: () => {
      inFlight = inFlight.then(() => tick(run));
      return inFlight;
    },
    start() {
      if (run.stopped || timer) return;
      timer = setTimeout(loop, 0);
      timer.unref();
    },
    async stop() {
      run.stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight.catch(() => undefined);
    },
  };
}

async function tick(run: Run): Promise<void> {
  for (const [index, q] of run.quoters.entries()) {
    if (run.stopped) return;
    // With several processes, each quotes the markets it runs (the one that takes a market over, too).
    if (!run.ctx.engine.worker(q.m.marketId).owned) continue;
    try {
      await refresh(run, q, index);
    } catch (error) {
      run.ctx.log.warn({ err: error, market: q.m.symbol }, 'market maker: refresh failed');
    }
  }
}

/** One market: cancel the quotes, step the walk, quote again, perhaps trade. */
async function refresh(run: Run, q: Quoter, index: number): Promise<void> {
  for (const orderId of q.open.splice(0)) {
    if (run.stopped) return;
    // Already filled or cancelled is fine: the quote is gone either way.
    await cancelOrder(run.ctx, q.userId, orderId).catch(() => undefined);
  }
  if (run.stopped) return;
  // Random walk in log price, pulled back towards the seed's price so it never wanders off.
  const drift = 0.05 * Math.log(q.anchor / q.ref);
  q.ref = q.ref * Math.exp(drift + 0.0015 * gaussian(run.random));
  await quote(run, q);
  // Now and then another market's maker takes the best quote: a trade, a candle, 24h stats.
  if (run.quoters.length < 2 || run.stopped || run.random() >= run.tradeChance) return;
  await takeBest(run, q, run.quoters[(index + 1) % run.quoters.length]!);
}

/** `levels` post-only quotes a side around the walk's price; the best of each side is remembered. */
async function quote(run: Run, q: Quoter): Promise<void> {
  const m = q.m;
  const mid = Math.round(q.ref);
  const halfSpread = Math.max(1, Math.round(mid * 0.0004));
  const step = Math.max(1, Math.round(mid * 0.0003));
  q.bestBid = null;
  q.bestAsk = null;
  for (let i = 0; i < run.levels; i += 1) {
    for (const side of ['BUY', 'SELL'] as const) {
      if (run.stopped) return;
      const ticks = side === 'BUY' ? mid - halfSpread - i * step : mid + halfSpread + i * step;
      if (ticks <= 0) continue;
      const lots = q.minLots * BigInt(5 + Math.floor(run.random() * 20) * (i + 1));
      try {
        const order = await placeOrder(
          run.ctx,
          q.userId,
          {
            market_id: m.marketId,
            side,
            type: 'LIMIT',
            price: show.price(m, ticks),
            amount: show.amount(m, lots),
            post_only: true,
          },
          null,
        );
        if (order.status === 'NEW' || order.status === 'PARTIAL') {
          q.open.push(order.order_id);
          if (side === 'BUY' && q.bestBid === null) q.bestBid = BigInt(ticks);
          if (side === 'SELL' && q.bestAsk === null) q.bestAsk = BigInt(ticks);
        }
      } catch (error) {
        run.ctx.log.debug({ err: error, market: m.symbol }, 'market maker: quote refused');
      }
    }
  }
}

/** `taker` (another market's maker) takes `q`'s best bid or ask with a small IOC order. */
async function takeBest(run: Run, q: Quoter, taker: Quoter): Promise<void> {
  const m = q.m;
  const buy = run.random() < 0.5;
  const price = buy ? q.bestAsk : q.bestBid;
  if (price === null) return;
  try {
    await placeOrder(
      run.ctx,
      taker.userId,
      {
        market_id: m.marketId,
        side: buy ? 'BUY' : 'SELL',
        type: 'LIMIT',
        price: show.price(m, price),
        amount: show.amount(m, q.minLots * BigInt(1 + Math.floor(run.random() * 4))),
        time_in_force: 'IOC',
      },
      null,
    );
  } catch (error) {
    run.ctx.log.debug({ err: error, market: m.symbol }, 'market maker: trade refused');
  }
}

/** The market-making user of every market, created (verified, funded) on first use. */
async function ensureQuoters(ctx: TradingContext): Promise<Quoter[]> {
  const quoters: Quoter[] = [];
  for (const worker of ctx.engine.workers()) {
    const m = worker.market;
    const userId = await ensureMakerUser(ctx, m);
    const lastPrice = await marketsRepo.lastPrice(ctx.db, m.marketId);
    const seeded = defaultMarkets.find((d) => `${d.base}/USDT` === m.symbol);
    const anchor = seeded
      ? Number(toBaseUnits(seeded.price, m.priceDecimals))
      : Math.max(1, Number(lastPrice));
    const last = Number(lastPrice);
    const ref = last > anchor / 2 && last < anchor * 2 ? last : anchor;
    const open = await ordersRepo.openOrderIds(ctx.db, userId, m.marketId);
    // Lots such that the order is worth at least twice the minimum, even a fifth under the anchor.
    const perLot = quoteOf(m, BigInt(Math.max(1, Math.floor(anchor / 2))), 1n);
    const byValue = (2n * m.minTotal + perLot - 1n) / perLot;
    const minLots = byValue > m.minAmount ? byValue : m.minAmount;
    quoters.push({
      m,
      userId,
      anchor,
      ref,
      open: open.map((o) => Number(o.order_id)),
      bestBid: null,
      bestAsk: null,
      minLots,
    });
  }
  return quoters;
}

async function ensureMakerUser(ctx: TradingContext, m: MarketInfo): Promise<bigint> {
  const email = `market-maker-${m.base.toLowerCase()}@fit24.exchange`;
  const existing = await usersRepo.findByEmail(ctx.db, email);
  if (existing) return existing.user_id;
  const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const user = await usersRepo.insert(trx, {
      name: `${m.base} Market Maker`,
      email,
      password_hash: passwordHash,
      txn_password_hash: null,
      mobile: `+4474009${String(m.marketId).padStart(5, '0')}`,
      country_code: 'GB',
      is_email_verified: true,
      is_mobile_verified: true,
      referral_code: `MM${m.base}${m.marketId}`.toUpperCase().slice(0, 12),
      created_at: now,
    });
    await grantBalances(trx, user.user_id, MAKER_BALANCES, 'market maker balances', now);
    return user.user_id;
  });
  ctx.log.info({ email, market: m.symbol }, 'market maker user created');
  return userId;
}

/** A small, fast, seeded generator (mulberry32): numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
function gaussian(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
