import type { TOrderCreateBody } from '@fit24/contract';
import { compareDecimal, isPositive, multiply } from './trade-math.ts';

/** The order types the form offers: OCO is one request the server keeps as two linked orders. */
export type OrderKind = TOrderCreateBody['type'];
export const ORDER_KINDS: readonly OrderKind[] = ['LIMIT', 'MARKET', 'STOP_LIMIT', 'STOP_MARKET', 'OCO'];

export type Side = 'BUY' | 'SELL';
export type Direction = 'ABOVE' | 'BELOW';

/** What the person typed, as decimal strings (empty when not typed). */
export interface Ticket {
  kind: OrderKind;
  side: Side;
  price: string;
  amount: string;
  total: string;
  stopPrice: string;
  stopLimitPrice: string;
}

/** The body's field names, so the server's `fields` errors land on the same inputs. */
export type TicketField = 'price' | 'amount' | 'total' | 'stop_price' | 'stop_limit_price';

/** Why a field is refused before sending; each has its sentence in `form.errors`. */
export type TicketError = 'required' | 'positive' | 'ocoAbove' | 'ocoBelow' | 'firesAbove' | 'firesBelow';

const isStop = (kind: OrderKind) => kind === 'STOP_LIMIT' || kind === 'STOP_MARKET' || kind === 'OCO';

/** A BUY by market (now or once triggered) says the quote to spend; every other order its amount. */
export const spendsTotal = (kind: OrderKind, side: Side) =>
  side === 'BUY' && (kind === 'MARKET' || kind === 'STOP_MARKET');

/** The fields a kind of order uses, as the contract's ZOrderCreateBody lists them. */
export function usedFields(kind: OrderKind, side: Side): TicketField[] {
  const fields: TicketField[] = [];
  if (isStop(kind)) fields.push('stop_price');
  if (kind === 'LIMIT' || kind === 'STOP_LIMIT' || kind === 'OCO') fields.push('price');
  if (kind === 'OCO') fields.push('stop_limit_price');
  fields.push(spendsTotal(kind, side) ? 'total' : 'amount');
  return fields;
}

/**
 * The way a stop fires, as the server will set it: an OCO's stop guards the side's way (a SELL stops out
 * below, a BUY breaks out above); a stop fires above the last price when set above it, below when below,
 * and by its side when the market has not traded (or the stop is at the last price). Null for no stop yet.
 */
export function triggerDirection(ticket: Ticket, lastPrice: string): Direction | null {
  if (!isStop(ticket.kind) || !isPositive(ticket.stopPrice)) return null;
  const bySide: Direction = ticket.side === 'BUY' ? 'ABOVE' : 'BELOW';
  if (ticket.kind === 'OCO' || !isPositive(lastPrice)) return bySide;
  const relation = compareDecimal(ticket.stopPrice, lastPrice);
  return relation === 0 ? bySide : relation > 0 ? 'ABOVE' : 'BELOW';
}

/** A stop the last price has already reached fires at the next trade, whatever its price: refused. */
export function firesAtOnce(direction: Direction, stopPrice: string, lastPrice: string): boolean {
  if (!isPositive(lastPrice)) return false;
  const relation = compareDecimal(stopPrice, lastPrice);
  return direction === 'ABOVE' ? relation <= 0 : relation >= 0;
}

/** The checks made before the order is sent: each used field a number above zero, an OCO's prices in order, a live stop. */
export function checkTicket(ticket: Ticket, lastPrice: string): Partial<Record<TicketField, TicketError>> {
  const errors: Partial<Record<TicketField, TicketError>> = {};
  for (const field of usedFields(ticket.kind, ticket.side)) {
    const value = fieldValue(ticket, field).trim();
    if (!value) errors[field] = 'required';
    else if (!isPositive(value)) errors[field] = 'positive';
  }
  if (ticket.kind === 'OCO' && !errors.price && !errors.stop_price) {
    const relation = compareDecimal(ticket.price, ticket.stopPrice);
    if (ticket.side === 'SELL' && relation <= 0) errors.price = 'ocoAbove';
    if (ticket.side === 'BUY' && relation >= 0) errors.price = 'ocoBelow';
  }
  const direction = triggerDirection(ticket, lastPrice);
  if (direction && !errors.stop_price && firesAtOnce(direction, ticket.stopPrice, lastPrice)) {
    errors.stop_price = direction === 'ABOVE' ? 'firesAbove' : 'firesBelow';
  }
  return errors;
}

/**
 * What placing the order holds, as the server holds it: a SELL its amount of base; a BUY by market its
 * total; a limit or stop-limit BUY price × amount; an OCO BUY the dearer of its two limit prices × amount
 * (the legs never both trade). Empty when not yet computable.
 */
export function holdOf(ticket: Ticket, priceDecimals: number): { amount: string; asset: 'base' | 'quote' } {
  if (ticket.side === 'SELL') return { amount: ticket.amount.trim(), asset: 'base' };
  if (spendsTotal(ticket.kind, ticket.side)) return { amount: ticket.total.trim(), asset: 'quote' };
  let price = ticket.price;
  if (ticket.kind === 'OCO' && compareDecimal(ticket.stopLimitPrice, price) > 0)
    price = ticket.stopLimitPrice;
  return { amount: multiply(price, ticket.amount, priceDecimals), asset: 'quote' };
}

/** The request for the ticket: only the fields its kind uses. */
export function bodyOf(ticket: Ticket, marketId: number): TOrderCreateBody {
  const body: TOrderCreateBody = { market_id: marketId, side: ticket.side, type: ticket.kind };
  for (const field of usedFields(ticket.kind, ticket.side)) body[field] = fieldValue(ticket, field).trim();
  return body;
}

function fieldValue(ticket: Ticket, field: TicketField): string {
  switch (field) {
    case 'price':
      return ticket.price;
    case 'amount':
      return ticket.amount;
    case 'total':
      return ticket.total;
    case 'stop_price':
      return ticket.stopPrice;
    case 'stop_limit_price':
      return ticket.stopLimitPrice;
  }
}
