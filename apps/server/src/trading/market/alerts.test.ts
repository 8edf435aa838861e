import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditClean } from '../../testing/funds.ts';
import type { RegisteredUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { fundedUser, marketIdOf, notifications, place } from '../../testing/trading.ts';

describe.each(databasesUnderTest())('price alerts on $name', (database) => {
  let t: TestApp;
  let btc: number;
  let watcher: RegisteredUser;
  let other: RegisteredUser;
  let maker: RegisteredUser;
  let taker: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp(database);
    btc = await marketIdOf(t, 'BTC/USDT');
    watcher = await fundedUser(t);
    other = await fundedUser(t);
    maker = await fundedUser(t, { BTC: '1' });
    taker = await fundedUser(t, { USDT: '100000' });
  });
  afterEach(async () => {
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (user: RegisteredUser, body: Record<string, unknown>) =>
    t.api('POST', '/api/alert/create', { token: user.token, body });
  const trade = async (price: string) => {
    await place(t, maker, { market_id: btc, side: 'SELL', type: 'LIMIT', price, amount: '0.01' });
    await place(t, taker, { market_id: btc, side: 'BUY', type: 'LIMIT', price, amount: '0.01' });
  };
  const alerts = async (user: RegisteredUser) =>
    (await t.api('GET', '/api/alert/list', { token: user.token })).body.data.alerts;

  it('checks the market and the price', async () => {
    expect((await create(watcher, { market_id: 99, condition: 'ABOVE', price: '1' })).status).toBe(404);
    const precise = await create(watcher, { market_id: btc, condition: 'ABOVE', price: '1.001' });
    expect(precise.status).toBe(400);
    expect(precise.body.fields).toEqual({ price: 'must have at most 2 decimals' });
    expect((await create(watcher, { market_id: btc, condition: 'ABOVE', price: '0' })).status).toBe(400);
    expect((await create(watcher, { market_id: btc, condition: 'NEAR', price: '1' })).status).toBe(400);
  });

  it('lists and deletes only its owner’s alerts', async () => {
    const made = await create(watcher, { market_id: btc, condition: 'BELOW', price: '1000' });
    expect(made.body.data.alert).toMatchObject({
      market_id: btc,
      symbol: 'BTC/USDT',
      condition: 'BELOW',
      price: '1000',
      status: 'ACTIVE',
      triggered_date: null,
    });
    const id = made.body.data.alert.alert_id;
    expect(await alerts(other)).toEqual([]);
    const stolen = await t.api('POST', '/api/alert/delete', { token: other.token, body: { alert_id: id } });
    expect(stolen.status).toBe(404);
    expect((await alerts(watcher)).map((a: { alert_id: number }) => a.alert_id)).toEqual([id]);
    const deleted = await t.api('POST', '/api/alert/delete', {
      token: watcher.token,
      body: { alert_id: id },
    });
    expect(deleted.body.data.alert.alert_id).toBe(id);
    expect(await alerts(watcher)).toEqual([]);
  });

  it('fires once, as a notification, when a trade reaches its price', async () => {
    const above = (await create(watcher, { market_id: btc, condition: 'ABOVE', price: '61000.5' })).body.data
      .alert;
    const below = (await create(watcher, { market_id: btc, condition: 'BELOW', price: '59000' })).body.data
      .alert;
    await trade('60000');
    expect((await notifications(t, watcher)).filter((n) => n.type === 'PRICE_ALERT')).toEqual([]);
    await trade('61000.5');
    const fired = (await notifications(t, watcher)).filter((n) => n.type === 'PRICE_ALERT');
    expect(fired).toEqual([
      expect.objectContaining({
        title: 'BTC/USDT price alert',
        body: 'BTC/USDT traded at or above 61,000.5 USDT.',
      }),
    ]);
    await trade('62000');
    expect((await notifications(t, watcher)).filter((n) => n.type === 'PRICE_ALERT')).toHaveLength(1);
    const list = await alerts(watcher);
    expect(list.find((a: { alert_id: number }) => a.alert_id === above.alert_id)).toMatchObject({
      status: 'TRIGGERED',
      triggered_date: expect.any(Number),
    });
    expect(list.find((a: { alert_id: number }) => a.alert_id === below.alert_id)).toMatchObject({
      status: 'ACTIVE',
    });
    await trade('58999.99');
    expect((await notifications(t, watcher)).filter((n) => n.type === 'PRICE_ALERT')).toHaveLength(2);
    expect(await notifications(t, other)).toEqual([]);
  });
});
