import { createEngine, type EngineEvent } from '../src/index.ts';
import { type CommandSet, Kind } from './commands.ts';
import type { Runner } from './runner.ts';

const SIDES = ['BUY', 'SELL'] as const;

/** Runs the command set through a fresh @fit24/engine; the listener touches every event, as a server's would. */
export function createFit24Runner(set: CommandSet): Runner {
  let events = 0;
  let trades = 0;
  let volume = 0;
  let cancelled = 0;
  const engine = createEngine((event: EngineEvent) => {
    events++;
    if (event.type === 'TRADE') {
      trades++;
      volume += event.amount;
    }
  });
  const { kind, side, orderId, owner, price, amount, total } = set;
  const step = (i: number): void => {
    switch (kind[i]) {
      case Kind.GTC:
      case Kind.CROSS:
        engine.placeLimit(orderId[i]!, owner[i]!, SIDES[side[i]!]!, price[i]!, amount[i]!, 'GTC', false);
        break;
      case Kind.IOC:
        engine.placeLimit(orderId[i]!, owner[i]!, SIDES[side[i]!]!, price[i]!, amount[i]!, 'IOC', false);
        break;
      case Kind.MARKET_BUY:
        engine.placeMarketBuy(orderId[i]!, owner[i]!, total[i]!);
        break;
      case Kind.MARKET_SELL:
        engine.placeMarketSell(orderId[i]!, owner[i]!, amount[i]!);
        break;
      default:
        if (engine.cancel(orderId[i]!) === 0) cancelled++;
    }
  };
  return {
    name: '@fit24/engine',
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
      const { bids, asks } = engine.depth(Number.POSITIVE_INFINITY);
      const lots = (levels: [number, number][]) => levels.reduce((sum, [, size]) => sum + size, 0);
      const detail = `${events} events, ${trades} trades (${volume} lots), ${engine.restingCount} resting orders`;
      return { bidLots: lots(bids), askLots: lots(asks), cancelled, detail };
    },
  };
}
