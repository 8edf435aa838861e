import type { Command, EngineEvent, PlainCommand, Side, TimeInForce, TriggerDirection } from '../types.ts';

/** Short builders for the tests' commands. */
export const limit = (
  orderId: number,
  owner: number,
  side: Side,
  price: number,
  amount: number,
  timeInForce: TimeInForce = 'GTC',
  postOnly = false,
): Extract<PlainCommand, { type: 'LIMIT' }> => ({
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
): Extract<PlainCommand, { side: 'BUY' }> => ({
  type: 'MARKET',
  orderId,
  owner,
  side: 'BUY',
  total,
});

export const marketSell = (orderId: number, owner: number, amount: number): PlainCommand => ({
  type: 'MARKET',
  orderId,
  owner,
  side: 'SELL',
  amount,
});

export const cancel = (orderId: number): PlainCommand => ({ type: 'CANCEL', orderId });

export const stopLimit = (
  orderId: number,
  owner: number,
  side: Side,
  trigger: number,
  direction: TriggerDirection,
  price: number,
  amount: number,
  timeInForce: TimeInForce = 'GTC',
): Command => ({ type: 'STOP_LIMIT', orderId, owner, side, trigger, direction, price, amount, timeInForce });

export const stopMarketBuy = (orderId: number, owner: number, trigger: number, total: number): Command => ({
  type: 'STOP_MARKET',
  orderId,
  owner,
  side: 'BUY',
  trigger,
  direction: 'ABOVE',
  total,
});

export const stopMarketSell = (orderId: number, owner: number, trigger: number, amount: number): Command => ({
  type: 'STOP_MARKET',
  orderId,
  owner,
  side: 'SELL',
  trigger,
  direction: 'BELOW',
  amount,
});

/** An OCO: limit leg `orderId` at `price`, stop-limit leg `stopOrderId` firing at `trigger`, limit `stopPrice`. */
export const oco = (
  orderId: number,
  stopOrderId: number,
  owner: number,
  side: Side,
  amount: number,
  price: number,
  trigger: number,
  direction: TriggerDirection,
  stopPrice: number,
): Command => ({
  type: 'OCO',
  orderId,
  owner,
  side,
  amount,
  price,
  stopOrderId,
  trigger,
  direction,
  stopPrice,
});

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
      case 'STOP_PLACED':
        return `STOP_PLACED ${event.orderId} ${event.direction} ${event.trigger}`;
      case 'STOP_TRIGGERED':
        return `STOP_TRIGGERED ${event.orderId} at ${event.lastPrice}`;
      default:
        return `DONE ${event.orderId} ${event.status} ${event.filled}/${event.filledQuote}`;
    }
  });
}
