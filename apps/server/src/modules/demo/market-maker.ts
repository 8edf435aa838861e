import { randomBytes } from 'node:crypto';
import { toBaseUnits } from '@fit24/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type MarketInfo, quoteOf, show } from '../../engine-host/units.ts';
import * as usersRepo from '../account/users.repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import { assetBySymbol, parseAmount } from '../funds/assets.service.ts';
import { defaultMarkets } from '../funds/seed.ts';
import * as ledger from '../ledger/ledger.service.ts';
import { cancelOrder, placeOrder } from '../orders/orders.service.ts';

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
export async function startMarketMaker(ctx: AppContext, app: FastifyInstance): Promise<void> {
  const maker = await createMarketMaker(ctx);
  app.addHook('onClose', async () => maker.stop());
  maker.start();
}

export async function createMarketMaker(
  ctx: AppContext,
  options: MarketMakerOptions = {},
): Promise<MarketMaker> {
  const intervalMs = options.intervalMs ?? 3000;
  const levels = options.levels ?? 5;
  const tradeChance = options.tradeChance ?? 0.5;
  const random = mulberry32(options.seed ?? 24);
  const quoters = await ensureQuoters(ctx);

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> = Promise.resolve();

  const refresh = async (q: Quoter, index: number) => {
    const m = q.m;
    for (const orderId of q.open.splice(0)) {
      if (stopped) return;
      // Already filled or cancelled is fine: the quote is gone either way.
      await cancelOrder(ctx, q.userId, orderId).catch(() => undefined);
    }
    if (stopped) return;
    // Random walk in log price, pulled back towards the seed's price so it never wanders off.
    const drift = 0.05 * Math.log(q.anchor / q.ref);
    q.ref = q.ref * Math.exp(drift + 0.0015 * gaussian(random));
    const mid = Math.round(q.ref);
    const halfSpread = Math.max(1, Math.round(mid * 0.0004));
    const step = Math.max(1, Math.round(mid * 0.0003));
    q.bestBid = null;
    q.bestAsk = null;
    for (let i = 0; i < levels; i += 1) {
      for (const side of ['BUY', 'SELL'] as const) {
        if (stopped) return;
        const ticks = side === 'BUY' ? mid - halfSpread - i * step : mid + halfSpread + i * step;
        if (ticks <= 0) continue;
        const lots = q.minLots * BigInt(5 + Math.floor(random() * 20) * (i + 1));
        try {
          const order = await placeOrder(
            ctx,
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
          ctx.log.debug({ err: error, market: m.symbol }, 'market maker: quote refused');
        }
      }
    }
    // Now and then another market's maker takes the best quote: a trade, a candle, 24h stats.
    if (quoters.length < 2 || stopped || random() >= tradeChance) return;
    const taker = quoters[(index + 1) % quoters.length]!;
    const buy = random() < 0.5;
    const price = buy ? q.bestAsk : q.bestBid;
    if (price === null) return;
    try {
      await placeOrder(
        ctx,
        taker.userId,
        {
          market_id: m.marketId,
          side: buy ? 'BUY' : 'SELL',
          type: 'LIMIT',
          price: show.price(m, price),
          amount: show.amount(m, q.minLots * BigInt(1 + Math.floor(random() * 4))),
          time_in_force: 'IOC',
        },
        null,
      );
    } catch (error) {
      ctx.log.debug({ err: error, market: m.symbol }, 'market maker: trade refused');
    }
  };

  const tick = async () => {
    for (const [index, q] of quoters.entries()) {
      if (stopped) return;
      // With several processes, each quotes the markets it runs (the one that takes a market over, too).
      if (!ctx.engine.worker(q.m.marketId).owned) continue;
      try {
        await refresh(q, index);
      } catch (error) {
        ctx.log.warn({ err: error, market: q.m.symbol }, 'market maker: refresh failed');
      }
    }
  };

  const run = () => {
    timer = null;
    if (stopped) return;
    inFlight = tick().finally(() => {
      if (stopped) return;
      timer = setTimeout(run, intervalMs);
      timer.unref();
    });
  };

  return {
    tick: () => {
      inFlight = inFlight.then(tick);
      return inFlight;
    },
    start() {
      if (stopped || timer) return;
      timer = setTimeout(run, 0);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight.catch(() => undefined);
    },
  };
}

/** The market-making user of every market, created (verified, funded) on first use. */
async function ensureQuoters(ctx: AppContext): Promise<Quoter[]> {
  const quoters: Quoter[] = [];
  for (const worker of ctx.engine.workers()) {
    const m = worker.market;
    const userId = await ensureMakerUser(ctx, m);
    const row = await ctx.db
      .selectFrom('markets')
      .select('last_price')
      .where('market_id', '=', m.marketId)
      .executeTakeFirstOrThrow();
    const seeded = defaultMarkets.find((d) => `${d.base}/USDT` === m.symbol);
    const anchor = seeded
      ? Number(toBaseUnits(seeded.price, m.priceDecimals))
      : Math.max(1, Number(row.last_price));
    const last = Number(row.last_price);
    const ref = last > anchor / 2 && last < anchor * 2 ? last : anchor;
    const open = await ctx.db
      .selectFrom('orders')
      .select('order_id')
      .where('user_id', '=', userId)
      .where('market_id', '=', m.marketId)
      .where('status', 'in', ['NEW', 'PARTIAL'])
      .execute();
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

async function ensureMakerUser(ctx: AppContext, m: MarketInfo): Promise<bigint> {
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
    for (const [symbol, amount] of MAKER_BALANCES) {
      const asset = await assetBySymbol(trx, symbol).catch(() => null);
      if (!asset) continue;
      await ledger.post(trx, {
        kind: 'DEMO_GRANT',
        memo: 'market maker balances',
        now,
        legs: [
          {
            from: { system: 'chain' },
            to: { userId: user.user_id, kind: 'available' },
            assetId: asset.asset_id,
            amount: parseAmount(asset, amount),
          },
        ],
      });
    }
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
