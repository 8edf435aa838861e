import { toBaseUnits } from '@fit24/contract';
import { MAX_QUANTITY } from '@fit24/engine';
import type { OrderSide, OrderType, TimeInForce, TriggerDirection } from '../../db/schema-trading.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { type MarketInfo, quoteOf, show } from '../market/units.ts';

export interface OrderCreateInput {
  market_id: number;
  side: OrderSide;
  type: OrderType | 'OCO';
  price?: string;
  amount?: string;
  total?: string;
  time_in_force?: TimeInForce;
  post_only?: boolean;
  stop_price?: string;
  stop_limit_price?: string;
  trigger_direction?: TriggerDirection;
}

/**
 * A checked order in the market's units: prices in ticks, amount in lots, total in quote base units. An
 * OCO is its limit leg (`price`) and its stop-limit leg (`stopPrice`, `direction`, `stopLimitPrice`).
 */
export interface OrderSpec {
  side: OrderSide;
  type: OrderType | 'OCO';
  price: bigint | null;
  amount: bigint | null;
  total: bigint | null;
  timeInForce: TimeInForce;
  postOnly: boolean;
  /** Stops and OCO: the trigger (ticks) and its direction; null for a plain order. */
  stopPrice: bigint | null;
  direction: TriggerDirection | null;
  /** OCO: the stop-limit leg's price (ticks); null otherwise. */
  stopLimitPrice: bigint | null;
}

const MAX = BigInt(MAX_QUANTITY);

type Field = 'price' | 'amount' | 'total' | 'stop_price' | 'stop_limit_price';

/** Which fields each type needs (a market or stop-market BUY gives `total`, a SELL `amount`). */
function wantedFields(type: OrderType | 'OCO', side: OrderSide): Set<Field> {
  const sized: Field = side === 'BUY' ? 'total' : 'amount';
  switch (type) {
    case 'LIMIT':
      return new Set(['price', 'amount']);
    case 'MARKET':
      return new Set([sized]);
    case 'STOP_LIMIT':
      return new Set(['stop_price', 'price', 'amount']);
    case 'STOP_MARKET':
      return new Set(['stop_price', sized]);
    case 'OCO':
      return new Set(['price', 'amount', 'stop_price', 'stop_limit_price']);
  }
}

const TYPE_NAMES: Record<OrderType | 'OCO', string> = {
  LIMIT: 'limit',
  MARKET: 'market',
  STOP_LIMIT: 'stop-limit',
  STOP_MARKET: 'stop-market',
  OCO: 'OCO',
};

/**
 * Checks an order against its market, in this order: the fields each type needs (LIMIT: price and amount;
 * MARKET BUY: total; MARKET SELL: amount; STOP_LIMIT: stop_price, price, amount; STOP_MARKET: stop_price
 * and total (BUY) or amount (SELL); OCO: price, amount, stop_price, stop_limit_price) and the precision of
 * each (400 with `fields`; never rounded), then the engine's bounds, the market's minimums and the trigger
 * against the last price (422). A market or stop-market order is always IOC; post-only needs a GTC limit
 * (or stop-limit, or an OCO's limit leg); an OCO's legs are GTC.
 *
 * The trigger's direction (`trigger_direction`) defaults to ABOVE for a stop price above `lastPrice`,
 * BELOW below it; when the market has not traded yet (`lastPrice` 0), BUY → ABOVE and SELL → BELOW. A stop
 * that the last price has already reached (ABOVE at or below it, BELOW at or above it) is refused: it would
 * fire at the next trade, whatever its price. An OCO's stop guards the other way from its limit: a SELL
 * sells at `price` above the market or stops out at `stop_price` below it (price > stop_price, BELOW); a
 * BUY buys at `price` below the market or breaks out at `stop_price` above it (price < stop_price, ABOVE).
 */
export function checkOrder(m: MarketInfo, input: OrderCreateInput, lastPrice = 0n): OrderSpec {
  if (m.status !== 'OPEN') {
    throw new AppError('UNPROCESSABLE', `${m.symbol} is halted: orders are not accepted for now.`);
  }
  const spec = readFields(m, input);
  checkSize(m, spec);
  if (spec.stopPrice !== null) spec.direction = checkTrigger(m, input, spec.stopPrice, lastPrice);
  const { price, stopPrice } = spec;
  if (spec.type === 'OCO' && price !== null && stopPrice !== null) {
    if (input.side === 'SELL' ? price <= stopPrice : price >= stopPrice) {
      const relation = input.side === 'SELL' ? 'above' : 'below';
      throw new AppError(
        'UNPROCESSABLE',
        `An OCO ${input.side}'s limit price must be ${relation} its stop price.`,
        { price: `must be ${relation} the stop price` },
      );
    }
  }
  return spec;
}

/** The fields the type needs and their precision (400 with `fields`); the direction is set later. */
function readFields(m: MarketInfo, input: OrderCreateInput): OrderSpec {
  const fields: Record<string, string> = {};
  const kind = `${TYPE_NAMES[input.type]} ${input.side}`;
  const wanted = wantedFields(input.type, input.side);
  const number = (name: Field, decimals: number): bigint | null => {
    const value = input[name];
    if (!wanted.has(name)) {
      if (value !== undefined) fields[name] = `is not used by a ${kind} order`;
      return null;
    }
    if (value === undefined) {
      fields[name] = `is required for a ${kind} order`;
      return null;
    }
    const units = toBaseUnits(value, decimals);
    if (units === null) fields[name] = `must have at most ${decimals} decimals on ${m.symbol}`;
    else if (units === 0n) fields[name] = 'must be more than zero';
    return units;
  };
  const type = input.type;
  const limitLike = type === 'LIMIT' || type === 'STOP_LIMIT' || type === 'OCO';
  const marketLike = type === 'MARKET' || type === 'STOP_MARKET';
  const price = number('price', m.priceDecimals);
  const amount = number('amount', m.amountDecimals);
  const total = number('total', m.priceDecimals + m.amountDecimals);
  const stopPrice = number('stop_price', m.priceDecimals);
  const stopLimitPrice = number('stop_limit_price', m.priceDecimals);
  const ocoDirection = input.side === 'BUY' ? 'ABOVE' : 'BELOW';
  if (input.trigger_direction !== undefined && !wanted.has('stop_price')) {
    fields.trigger_direction = `is not used by a ${kind} order`;
  } else if (type === 'OCO' && (input.trigger_direction ?? ocoDirection) !== ocoDirection) {
    fields.trigger_direction = `must be ${ocoDirection} (or absent) for an OCO ${input.side}`;
  }
  const timeInForce = input.time_in_force ?? (marketLike ? 'IOC' : 'GTC');
  if (marketLike && timeInForce !== 'IOC') {
    fields.time_in_force = `must be IOC (or absent) for a ${TYPE_NAMES[type]} order`;
  }
  if (type === 'OCO' && timeInForce !== 'GTC') fields.time_in_force = 'must be GTC (or absent) for an OCO';
  const postOnly = input.post_only ?? false;
  if (postOnly && (!limitLike || timeInForce !== 'GTC')) fields.post_only = 'needs a GTC limit order';

  const names = Object.keys(fields);
  if (names.length > 0) {
    const message =
      names.length === 1 ? `The field ${names[0]} ${fields[names[0]!]}.` : `Check ${names.join(', ')}.`;
    throw badRequest(message, fields);
  }
  const side = input.side;
  return {
    side,
    type,
    price,
    amount,
    total,
    timeInForce,
    postOnly,
    stopPrice,
    direction: null,
    stopLimitPrice,
  };
}

/** The engine's bounds and the market's minimums (422); an OCO's stop leg must meet them too. */
function checkSize(m: MarketInfo, spec: OrderSpec): void {
  const { price, amount, total, stopPrice, stopLimitPrice } = spec;
  const engineTotal = total === null ? null : total / m.quoteFactor;
  if (
    [price, amount, engineTotal, stopPrice, stopLimitPrice].some((v) => (v ?? 0n) > MAX) ||
    (price ?? 1n) * (amount ?? 1n) > MAX ||
    (stopLimitPrice ?? 1n) * (amount ?? 1n) > MAX
  ) {
    throw new AppError('UNPROCESSABLE', 'This order is too large for the market.');
  }
  if (amount !== null && amount < m.minAmount) {
    const min = `${show.amount(m, m.minAmount)} ${m.base}`;
    throw new AppError('UNPROCESSABLE', `The minimum amount on ${m.symbol} is ${min}.`, {
      amount: `must be at least ${min}`,
    });
  }
  const values = [price !== null && amount !== null ? quoteOf(m, price, amount) : total];
  if (stopLimitPrice !== null && amount !== null) values.push(quoteOf(m, stopLimitPrice, amount));
  if (values.some((value) => value !== null && value < m.minTotal)) {
    const min = `${show.quote(m, m.minTotal)} ${m.quote}`;
    throw new AppError('UNPROCESSABLE', `The minimum order value on ${m.symbol} is ${min}.`, {
      [total === null ? 'amount' : 'total']: `the order must be worth at least ${min}`,
    });
  }
}

/** The trigger's direction, given or derived, refused (422) when the last price has already reached it. */
function checkTrigger(
  m: MarketInfo,
  input: OrderCreateInput,
  stopPrice: bigint,
  lastPrice: bigint,
): TriggerDirection {
  const bySide: TriggerDirection = input.side === 'BUY' ? 'ABOVE' : 'BELOW';
  const byLast =
    lastPrice === 0n || stopPrice === lastPrice ? bySide : stopPrice > lastPrice ? 'ABOVE' : 'BELOW';
  const direction = input.type === 'OCO' ? bySide : (input.trigger_direction ?? byLast);
  if (lastPrice > 0n && (direction === 'ABOVE' ? stopPrice <= lastPrice : stopPrice >= lastPrice)) {
    const last = `${show.price(m, lastPrice)} ${m.quote}`;
    const relation = direction === 'ABOVE' ? 'above' : 'below';
    throw new AppError(
      'UNPROCESSABLE',
      `The stop price must be ${relation} the last price (${last}): this stop would trigger at once.`,
      { stop_price: `must be ${relation} the last price, ${last}` },
    );
  }
  return direction;
}
