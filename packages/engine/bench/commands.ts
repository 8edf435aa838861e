/**
 * The benchmark's fixed, seeded command mix, generated once into typed arrays so that neither engine pays
 * for generation while timed. Per command:
 *   60 %  GTC limit placed around the spread: BUY at mid − d or SELL at mid + d, d = 1 + ⌊Exp(mean 8)⌋ ticks
 *         (the mean is a parameter; 8 gives levels of tens to hundreds of orders near the top)
 *   15 %  GTC limit crossing the spread by 0–4 ticks past mid (takes liquidity, may rest a remainder)
 *   10 %  IOC limit crossing the spread the same way
 *    5 %  market order: half BUY by total (lots × mid quote units), half SELL by lots
 *   10 %  cancel of one of the last 1 000 GTC orders placed (some have filled or gone already)
 * Lots 1–100 uniform, 1 000 owners (so self-trade prevention happens), mid starts at 100 000 ticks and takes
 * a ±1 tick step every 50 commands. PRNG: mulberry32, seed 0x5eed.
 */
export const Kind = { GTC: 0, CROSS: 1, IOC: 2, MARKET_BUY: 3, MARKET_SELL: 4, CANCEL: 5 } as const;

export interface CommandSet {
  count: number;
  kind: Uint8Array;
  /** 0 = BUY, 1 = SELL. */
  side: Uint8Array;
  orderId: Int32Array;
  owner: Int32Array;
  price: Int32Array;
  /** Lots; for MARKET_BUY the lots the peer buys (it has no buy-by-total). */
  amount: Int32Array;
  /** MARKET_BUY only: quote units to spend = amount × mid at generation time. */
  total: Float64Array;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateCommands(count: number, seed = 0x5eed, meanDistance = 8): CommandSet {
  const random = mulberry32(seed);
  const set: CommandSet = {
    count,
    kind: new Uint8Array(count),
    side: new Uint8Array(count),
    orderId: new Int32Array(count),
    owner: new Int32Array(count),
    price: new Int32Array(count),
    amount: new Int32Array(count),
    total: new Float64Array(count),
  };
  const recent = new Int32Array(1000);
  let recentCount = 0;
  let nextId = 1;
  let mid = 100_000;
  for (let i = 0; i < count; i++) {
    if (i % 50 === 0) mid += random() < 0.5 ? -1 : 1;
    const roll = random();
    const side = random() < 0.5 ? 0 : 1;
    const amount = 1 + Math.floor(random() * 100);
    set.side[i] = side;
    set.owner[i] = 1 + Math.floor(random() * 1000);
    set.amount[i] = amount;
    if (roll < 0.1) {
      set.kind[i] = Kind.CANCEL;
      set.orderId[i] = recentCount === 0 ? 1 : recent[Math.floor(random() * Math.min(recentCount, 1000))]!;
      continue;
    }
    set.orderId[i] = nextId++;
    if (roll < 0.7) {
      const distance = 1 + Math.floor(-Math.log(1 - random()) * meanDistance);
      set.kind[i] = Kind.GTC;
      set.price[i] = side === 0 ? mid - distance : mid + distance;
    } else if (roll < 0.95) {
      const through = Math.floor(random() * 5);
      set.kind[i] = roll < 0.85 ? Kind.CROSS : Kind.IOC;
      set.price[i] = side === 0 ? mid + through : mid - through;
    } else {
      set.kind[i] = side === 0 ? Kind.MARKET_BUY : Kind.MARKET_SELL;
      set.total[i] = amount * mid;
    }
    if (set.kind[i] === Kind.GTC || set.kind[i] === Kind.CROSS)
      recent[recentCount++ % 1000] = set.orderId[i]!;
  }
  return set;
}
