import { OrderBook, SelfTradePreventionMode, Side } from 'nodejs-order-book';
import { type CommandSet, Kind } from './commands.ts';
import type { Runner } from './runner.ts';

const SIDES = [Side.BUY, Side.SELL] as const;
const STP = SelfTradePreventionMode.EXPIRE_MAKER; // the same rule as ours: cancel the resting order

/**
 * Runs the command set through a fresh nodejs-order-book. Ids and owners are turned into the strings it
 * wants before timing. It has no market BUY by total, so a market BUY buys the generated lot count instead.
 */
export function createPeerRunner(set: CommandSet): Runner {
  const ids = Array.from(set.orderId, (id) => String(id));
  const owners = Array.from(set.owner, (owner) => String(owner));
  const book = new OrderBook();
  let cancelled = 0;
  const { kind, side, price, amount } = set;
  const limit = (i: number, timeInForce: 'GTC' | 'IOC'): void => {
    book.limit({
      id: ids[i]!,
      side: SIDES[side[i]!]!,
      size: amount[i]!,
      price: price[i]!,
      timeInForce: timeInForce as never,
      accountId: owners[i]!,
      stpMode: STP,
    });
  };
  const step = (i: number): void => {
    switch (kind[i]) {
      case Kind.GTC:
      case Kind.CROSS:
        limit(i, 'GTC');
        break;
      case Kind.IOC:
        limit(i, 'IOC');
        break;
      case Kind.MARKET_BUY:
      case Kind.MARKET_SELL:
        book.market({ side: SIDES[side[i]!]!, size: amount[i]!, accountId: owners[i]!, stpMode: STP });
        break;
      default:
        if (book.cancel(ids[i]!) !== undefined) cancelled++;
    }
  };
  return {
    name: 'nodejs-order-book',
    run(from, to) {
      for (let i = from; i < to; i++) step(i);
    },
    sample(from, to, every, out) {
      let n = 0;
      for (let i = from; i < to; i++) {
        if ((i - from) % every !== 0) {
          step(i);
          continue;
        }
        const start = process.hrtime.bigint();
        step(i);
        out[n++] = Number(process.hrtime.bigint() - start);
      }
      return n;
    },
    stats: () => {
      const [asks, bids] = book.depth();
      const lots = (levels: [number, number][]) => levels.reduce((sum, [, size]) => sum + size, 0);
      return { bidLots: lots(bids), askLots: lots(asks), cancelled, detail: '' };
    },
  };
}
