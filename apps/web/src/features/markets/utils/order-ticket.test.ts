import { describe, expect, it } from 'vitest';
import { bodyOf, checkTicket, holdOf, type Ticket, triggerDirection, usedFields } from './order-ticket.ts';

const ticket = (over: Partial<Ticket>): Ticket => ({
  kind: 'LIMIT',
  side: 'BUY',
  price: '',
  amount: '',
  total: '',
  stopPrice: '',
  stopLimitPrice: '',
  ...over,
});

describe('order ticket', () => {
  it('uses the fields the contract lists per type', () => {
    expect(usedFields('STOP_LIMIT', 'SELL')).toEqual(['stop_price', 'price', 'amount']);
    expect(usedFields('STOP_MARKET', 'BUY')).toEqual(['stop_price', 'total']);
    expect(usedFields('STOP_MARKET', 'SELL')).toEqual(['stop_price', 'amount']);
    expect(usedFields('OCO', 'BUY')).toEqual(['stop_price', 'price', 'stop_limit_price', 'amount']);
    expect(
      bodyOf(
        ticket({
          kind: 'OCO',
          side: 'SELL',
          price: '110',
          stopPrice: '90 ',
          stopLimitPrice: '89',
          amount: '1',
          total: '5',
        }),
        3,
      ),
    ).toEqual({
      market_id: 3,
      side: 'SELL',
      type: 'OCO',
      price: '110',
      stop_price: '90',
      stop_limit_price: '89',
      amount: '1',
    });
  });

  it('derives the direction as the server does', () => {
    expect(triggerDirection(ticket({ kind: 'STOP_LIMIT', stopPrice: '110' }), '100')).toBe('ABOVE');
    expect(triggerDirection(ticket({ kind: 'STOP_LIMIT', stopPrice: '90' }), '100')).toBe('BELOW');
    expect(triggerDirection(ticket({ kind: 'STOP_MARKET', side: 'SELL', stopPrice: '90' }), '0')).toBe(
      'BELOW',
    );
    expect(triggerDirection(ticket({ kind: 'OCO', side: 'BUY', stopPrice: '90' }), '100')).toBe('ABOVE');
    expect(triggerDirection(ticket({ kind: 'LIMIT', stopPrice: '90' }), '100')).toBeNull();
  });

  it('refuses empty or zero prices, an OCO out of order and a stop that would fire at once', () => {
    expect(checkTicket(ticket({ kind: 'STOP_LIMIT', price: '0', amount: '1' }), '100')).toEqual({
      stop_price: 'required',
      price: 'positive',
    });
    expect(
      checkTicket(ticket({ kind: 'STOP_LIMIT', stopPrice: '100', price: '101', amount: '1' }), '100'),
    ).toEqual({
      stop_price: 'firesAbove',
    });
    expect(
      checkTicket(
        ticket({
          kind: 'OCO',
          side: 'SELL',
          price: '90',
          stopPrice: '105',
          stopLimitPrice: '104',
          amount: '1',
        }),
        '100',
      ),
    ).toEqual({ price: 'ocoAbove', stop_price: 'firesBelow' });
    expect(
      checkTicket(
        ticket({
          kind: 'OCO',
          side: 'BUY',
          price: '90',
          stopPrice: '110',
          stopLimitPrice: '111',
          amount: '1',
        }),
        '100',
      ),
    ).toEqual({});
    expect(
      checkTicket(ticket({ kind: 'STOP_MARKET', side: 'BUY', stopPrice: '120', total: '50' }), '0'),
    ).toEqual({});
  });

  it('holds what the server holds', () => {
    expect(holdOf(ticket({ kind: 'STOP_LIMIT', price: '101', amount: '0.5' }), 2)).toEqual({
      amount: '50.5',
      asset: 'quote',
    });
    expect(holdOf(ticket({ kind: 'OCO', price: '90', stopLimitPrice: '111', amount: '2' }), 2)).toEqual({
      amount: '222',
      asset: 'quote',
    });
    expect(holdOf(ticket({ kind: 'STOP_MARKET', total: '75' }), 2)).toEqual({ amount: '75', asset: 'quote' });
    expect(holdOf(ticket({ kind: 'OCO', side: 'SELL', amount: '0.3' }), 2)).toEqual({
      amount: '0.3',
      asset: 'base',
    });
  });
});
