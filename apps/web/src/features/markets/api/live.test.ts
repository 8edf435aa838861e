import type { TOrder } from '@fit24/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyOrders, marketKeys, mergeCandles, mergeTickers, newestTrades } from './live.ts';
import { marketBalanceOf } from './markets.ts';

const order = (order_id: number, status: TOrder['status'], filled = '0'): TOrder => ({
  order_id,
  market_id: 1,
  side: 'SELL',
  type: 'LIMIT',
  price: '100',
  amount: '1',
  total: null,
  filled,
  total_filled: '0',
  average_price: null,
  status,
  time_in_force: 'GTC',
  post_only: 0,
  creation_date: 1,
  update_date: 1,
});
const page = (orders: TOrder[]) => ({ orders, page: 1, page_size: 20, total: orders.length });

describe('socket messages into the query caches', () => {
  it('keeps open orders open: a new one leads, a filled one leaves; history keeps every order', () => {
    const open = page([order(2, 'NEW'), order(1, 'PARTIAL', '0.5')]);
    const next = applyOrders(open, [order(1, 'FILLED', '1'), order(3, 'NEW')], 'OPEN');
    expect(next.orders.map((o) => o.order_id)).toEqual([3, 2]);
    expect(next.total).toBe(2);
    const all = applyOrders(page([order(1, 'PARTIAL', '0.5')]), [order(1, 'FILLED', '1')], 'ALL');
    expect(all.orders).toEqual([order(1, 'FILLED', '1')]);
    expect(all.total).toBe(1);
    // Applying the same message twice (two screens listening) changes nothing more.
    expect(applyOrders(next, [order(1, 'FILLED', '1'), order(3, 'NEW')], 'OPEN')).toEqual(next);
  });

  it('keeps a waiting stop in the open list, and it stays there when it fires, until it fills', () => {
    const stop = (status: TOrder['status'], filled = '0'): TOrder => ({
      ...order(7, status, filled),
      type: 'STOP_LIMIT',
      stop_price: '90',
      trigger_direction: 'BELOW',
      triggered_date: status === 'UNTRIGGERED' ? null : 5,
    });
    const placed = applyOrders(page([]), [stop('UNTRIGGERED')], 'OPEN');
    expect(placed.orders).toEqual([stop('UNTRIGGERED')]);
    const fired = applyOrders(placed, [stop('NEW')], 'OPEN');
    expect(fired.orders).toEqual([stop('NEW')]);
    const filled = applyOrders(fired, [stop('FILLED', '1')], 'OPEN');
    expect(filled.orders).toEqual([]);
    expect(filled.total).toBe(0);
  });

  it('puts new trades first, each once, and keeps 50', () => {
    const t = (id: number) => ({ trade_id: id });
    const known = Array.from({ length: 50 }, (_, i) => t(50 - i));
    const next = newestTrades(known, [t(52), t(51), t(50)]);
    expect(next.slice(0, 4).map((x) => x.trade_id)).toEqual([52, 51, 50, 49]);
    expect(next).toHaveLength(50);
  });

  it('replaces a changed candle and appends a new one, oldest first', () => {
    const c = (time: number, close: string) => ({ time, open: '1', high: '2', low: '1', close, volume: '1' });
    expect(mergeCandles([c(60, '1'), c(120, '1')], [c(120, '2'), c(180, '3')])).toEqual([
      c(60, '1'),
      c(120, '2'),
      c(180, '3'),
    ]);
  });

  it("reads the market's two assets out of the balances answer the socket keeps live", () => {
    const entry = (asset_id: number, symbol: string, available: string) => ({
      asset_id,
      symbol,
      name: symbol,
      decimals: 6,
      available,
      on_hold: '1',
      locked: '0',
      staked: '0',
      total: available,
      usd_value: '0',
    });
    const data = { balances: [entry(1, 'BTC', '1'), entry(2, 'USDT', '4')], total_usd: '0' };
    expect(marketBalanceOf(data, { base_asset_id: 1, quote_asset_id: 2 })).toEqual({
      base: data.balances[0],
      quote: data.balances[1],
    });
    expect(marketBalanceOf(data, { base_asset_id: 9, quote_asset_id: 2 }).base).toEqual({
      available: '0',
      on_hold: '0',
    });
  });

  it("merges tickers into the list (keeping the user's watchlist flag) and into the market's detail", () => {
    const client = new QueryClient();
    const market = {
      market_id: 1,
      symbol: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      base_asset_id: 1,
      quote_asset_id: 2,
      price_decimals: 2,
      amount_decimals: 6,
      min_amount: '0.0001',
      min_total: '1',
      last_price: '100',
      change_24h: '0',
      high_24h: '100',
      low_24h: '100',
      volume_24h: '0',
      status: 'OPEN' as const,
    };
    client.setQueryData(marketKeys.list, { markets: [{ ...market, is_watchlisted: 1 }] });
    client.setQueryData(marketKeys.detail(1), {
      market: { ...market, is_watchlisted: 1, maker_fee: '0.001', taker_fee: '0.001' },
    });
    mergeTickers(client, [{ ...market, last_price: '101.5', change_24h: '1.5' }]);
    expect(client.getQueryData(marketKeys.list)).toEqual({
      markets: [{ ...market, last_price: '101.5', change_24h: '1.5', is_watchlisted: 1 }],
    });
    expect(
      client.getQueryData<{ market: { last_price: string; status: string } }>(marketKeys.detail(1))?.market,
    ).toMatchObject({ last_price: '101.5', status: 'OPEN' });

    // An operator's halt arrives as a ticker: the trade screen's detail shows it at once.
    mergeTickers(client, [{ ...market, last_price: '101.5', change_24h: '1.5', status: 'HALTED' }]);
    expect(client.getQueryData<{ market: { status: string } }>(marketKeys.detail(1))?.market.status).toBe(
      'HALTED',
    );
  });
});
