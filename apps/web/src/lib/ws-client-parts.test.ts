import { describe, expect, it } from 'vitest';
import { backoffDelay, messageKey, socketUrl, subscriptionKey } from './ws-client-parts.ts';

describe('socket address', () => {
  it('uses the page origin for an empty API base, ws:// or wss:// by the page, with the API key', () => {
    const config = { apiBase: '', apiKey: 'k y/+' };
    expect(socketUrl(config, { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/ws?api_key=k%20y%2F%2B',
    );
    expect(socketUrl(config, { protocol: 'https:', host: 'app.fit24.example' })).toBe(
      'wss://app.fit24.example/ws?api_key=k%20y%2F%2B',
    );
  });

  it("uses the API base's host and scheme when the app runs elsewhere (native shells)", () => {
    const page = { protocol: 'capacitor:', host: 'localhost' };
    expect(socketUrl({ apiBase: 'https://api.fit24.example', apiKey: 'k' }, page)).toBe(
      'wss://api.fit24.example/ws?api_key=k',
    );
    expect(socketUrl({ apiBase: 'http://10.0.2.2:8080/base', apiKey: 'k' }, page)).toBe(
      'ws://10.0.2.2:8080/base/ws?api_key=k',
    );
  });
});

describe('reconnect backoff', () => {
  it('doubles from 500 ms to a 15 s ceiling, jittered within the upper half', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2].map((n) => backoffDelay(n, () => 0))).toEqual([250, 500, 1000]);
    expect(backoffDelay(10, () => 1)).toBe(15_000);
    expect(backoffDelay(1000, () => 0)).toBe(7_500);
  });
});

describe('subscription keys', () => {
  it('names subscriptions as the server files them, and finds the subscription of a message', () => {
    expect(subscriptionKey({ channel: 'ticker' })).toBe('ticker');
    expect(subscriptionKey({ channel: 'orders' })).toBe('orders');
    expect(subscriptionKey({ channel: 'orderbook', market_id: 3 })).toBe('orderbook:3');
    expect(subscriptionKey({ channel: 'candles', market_id: 3, interval_min: 15 })).toBe('candles:3:15');
    expect(
      messageKey({
        channel: 'candles',
        market_id: 3,
        type: 'update',
        data: { interval_min: 15, candles: [] },
      }),
    ).toBe('candles:3:15');
    expect(messageKey({ channel: 'trades', market_id: 2, type: 'update', data: { trades: [] } })).toBe(
      'trades:2',
    );
    expect(messageKey({ channel: 'balances', type: 'update', data: { balances: [], total_usd: '0' } })).toBe(
      'balances',
    );
    expect(messageKey({ channel: 'pong', type: 'update', data: {} })).toBeNull();
  });
});
