import { describe, expect, it } from 'vitest';
import { notificationTarget } from './push-target.ts';

const markets = new Map([
  ['BTC/USDT', 1],
  ['FIT24/USDT', 3],
]);

describe("a notification's page in the app", () => {
  it("opens a fill's or an alert's market, else the screen the event belongs to", () => {
    const fill = {
      type: 'ORDER_FILLED',
      title: 'Order filled',
      body: 'Your BUY order on FIT24/USDT was filled: 10 FIT24 at an average price of 1.2 USDT.',
    };
    expect(notificationTarget(fill, markets)).toBe('/trade?market_id=3');
    const alert = {
      type: 'PRICE_ALERT',
      title: 'BTC/USDT price alert',
      body: 'BTC/USDT traded at or above 1.',
    };
    expect(notificationTarget(alert, markets)).toBe('/trade?market_id=1');
    expect(notificationTarget({ ...alert, title: 'XYZ/USDT price alert', body: '' }, markets)).toBe(
      '/alerts',
    );
    expect(notificationTarget({ type: 'DEPOSIT_CREDITED', title: '', body: '' }, markets)).toBe(
      '/tabs/wallet',
    );
    expect(notificationTarget({ type: 'NEW_DEVICE_SIGNIN', title: '', body: '' }, markets)).toBe('/security');
    expect(notificationTarget({ type: 'RANK_REACHED', title: '', body: '' }, markets)).toBe(
      '/affiliate/earnings',
    );
    expect(notificationTarget({ type: 'KYC_APPROVED', title: '', body: '' }, markets)).toBe('/notifications');
  });
});
