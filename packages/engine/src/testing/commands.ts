import type { Command, EngineEvent, Side, TimeInForce } from '../types.ts';

/** Short builders for the tests' commands. */
export const limit = (
  orderId: number,
  owner: number,
  side: Side,
  price: number,
  amount: number,
  timeInForce: TimeInForce = 'GTC',
  postOnly = false,
): Extract<Command, { type: 'LIMIT' }> => ({
  type: 'LIMIT',
  orderId,
  owner,
  side,
  price,
  amount,
  timeInForce,
  postOnly,
});

export const marketBuy = (
  orderId: number,
  owner: number,
  total: number,
): Extract<Command, { side: 'BUY' }> => ({
  type: 'MARKET',
  orderId,
  owner,
  side: 'BUY',
  total,
});

export const marketSell = (orderId: number, owner: number, amount: number): Command => ({
  type: 'MARKET',
  orderId,
  owner,
  side: 'SELL',
  amount,
});

export const cancel = (orderId: number): Command => ({ type: 'CANCEL', orderId });

/** Events without their sequence numbers and with only the fields a test names, for compact assertions. */
export function brief(events: EngineEvent[]): string[] {
  return events.map((event) => {
    switch (event.type) {
      case 'ACCEPTED':
        return `ACCEPTED ${event.orderId}`;
      case 'REJECTED':
        return `REJECTED ${event.orderId} ${event.code}`;
      case 'TRADE':
        return `TRADE ${event.makerOrderId}<-${event.takerOrderId} ${event.amount}@${event.price}`;
      case 'RESTED':
        return `RESTED ${event.orderId} ${event.remaining}@${event.price}`;
      case 'CANCELLED':
        return `CANCELLED ${event.orderId} ${event.reason} ${event.remaining}/${event.remainingTotal}`;
      default:
        return `DONE ${event.orderId} ${event.status} ${event.filled}/${event.filledQuote}`;
    }
  });
}
