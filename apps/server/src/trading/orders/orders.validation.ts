import { toBaseUnits } from '@fit24/contract';
import { MAX_QUANTITY } from '@fit24/engine';
import type { OrderSide, OrderType, TimeInForce } from '../../db/schema-trading.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { type MarketInfo, quoteOf, show } from '../market/units.ts';

export interface OrderCreateInput {
  market_id: number;
  side: OrderSide;
  type: OrderType;
  price?: string;
  amount?: string;
  total?: string;
  time_in_force?: TimeInForce;
  post_only?: boolean;
}

/** A checked order in the market's units: price in ticks, amount in lots, total in quote base units. */
export interface OrderSpec {
  side: OrderSide;
  type: OrderType;
  price: bigint | null;
  amount: bigint | null;
  total: bigint | null;
  timeInForce: TimeInForce;
  postOnly: boolean;
}

const MAX = BigInt(MAX_QUANTITY);

/**
 * Checks an order against its market, in this order: the fields each type needs (LIMIT: price and amount;
 * MARKET BUY: total; MARKET SELL: amount) and the precision of each (400 with `fields`; never rounded), then
 * the engine's bounds and the market's minimums (422). A market order is always IOC; post-only needs a
 * GTC limit order.
 */
export function checkOrder(m: MarketInfo, input: OrderCreateInput): OrderSpec {
  if (m.status !== 'OPEN') {
    throw new AppError('UNPROCESSABLE', `${m.symbol} is halted: orders are not accepted for now.`);
  }
  const fields: Record<string, string> = {};
  const totalDecimals = m.priceDecimals + m.amountDecimals;
  const number = (name: 'price' | 'amount' | 'total', decimals: number, wanted: boolean): bigint | null => {
    const value = input[name];
    if (!wanted) {
      if (value !== undefined)
        fields[name] = `is not used by a ${input.type.toLowerCase()} ${input.side} order`;
      return null;
    }
    if (value === undefined) {
      fields[name] = `is required for a ${input.type.toLowerCase()} ${input.side} order`;
      return null;
    }
    const units = toBaseUnits(value, decimals);
    if (units === null) fields[name] = `must have at most ${decimals} decimals on ${m.symbol}`;
    else if (units === 0n) fields[name] = 'must be more than zero';
    return units;
  };
  const limit = input.type === 'LIMIT';
  const marketBuy = !limit && input.side === 'BUY';
  const price = number('price', m.priceDecimals, limit);
  const amount = number('amount', m.amountDecimals, !marketBuy);
  const total = number('total', totalDecimals, marketBuy);

  const timeInForce = input.time_in_force ?? (limit ? 'GTC' : 'IOC');
  if (!limit && timeInForce !== 'IOC') fields.time_in_force = 'must be IOC (or absent) for a market order';
  const postOnly = input.post_only ?? false;
  if (postOnly && (!limit || timeInForce !== 'GTC')) fields.post_only = 'needs a GTC limit order';

  const names = Object.keys(fields);
  if (names.length > 0) {
    const message =
      names.length === 1 ? `The field ${names[0]} ${fields[names[0]!]}.` : `Check ${names.join(', ')}.`;
    throw badRequest(message, fields);
  }

  const engineTotal = total === null ? null : total / m.quoteFactor;
  if (
    (price ?? 0n) > MAX ||
    (amount ?? 0n) > MAX ||
    (engineTotal ?? 0n) > MAX ||
    (price ?? 1n) * (amount ?? 1n) > MAX
  ) {
    throw new AppError('UNPROCESSABLE', 'This order is too large for the market.');
  }
  if (amount !== null && amount < m.minAmount) {
    const min = `${show.amount(m, m.minAmount)} ${m.base}`;
    throw new AppError('UNPROCESSABLE', `The minimum amount on ${m.symbol} is ${min}.`, {
      amount: `must be at least ${min}`,
    });
  }
  const value = price !== null && amount !== null ? quoteOf(m, price, amount) : total;
  if (value !== null && value < m.minTotal) {
    const min = `${show.quote(m, m.minTotal)} ${m.quote}`;
    throw new AppError('UNPROCESSABLE', `The minimum order value on ${m.symbol} is ${min}.`, {
      [limit ? 'amount' : 'total']: `the order must be worth at least ${min}`,
    });
  }
  return { side: input.side, type: input.type, price, amount, total, timeInForce, postOnly };
}
