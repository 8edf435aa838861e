import { routeList } from '@fit24/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  assetId,
  auditClean,
  balance,
  createTrader,
  deposit,
  type Trader,
} from '../testing/funds.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../testing/test-app.ts';
import { marketIdOf } from '../testing/trading.ts';
import { hashRequest } from './idempotency.ts';

/** These tests are about keys, not the KYC withdrawal limit: set it out of reach. */
const noLimits = { withdrawLimitsUsd: { UNVERIFIED: '1000000000', VERIFIED: '1000000000' } };

const idempotentRoutes = routeList.filter((def) => def.idempotent);

describe.each(databasesUnderTest())('the Idempotency-Key of every idempotent route on $name', (database) => {
  let t: TestApp;
  let usdt: number;
  let btc: number;
  let btcUsdt: number;
  let payee: Trader;
  beforeAll(async () => {
    t = await createTestApp(database, noLimits);
    usdt = await assetId(t, 'USDT');
    btc = await assetId(t, 'BTC');
    btcUsdt = await marketIdOf(t, 'BTC/USDT');
    payee = await createTrader(t);
  });
  afterEach(async () => {
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Two bodies of each idempotent route that pass its schema and differ: the first "used" the key. */
  const bodies = (user: Trader): Record<string, [object, object]> => {
    const withdraw = { asset_id: usdt, address: addresses.ethereum, txn_password: user.txnPassword };
    const transfer = { asset_id: usdt, to_email_id: payee.email, txn_password: user.txnPassword };
    const order = { market_id: btcUsdt, side: 'BUY', type: 'LIMIT', price: '50000' };
    return {
      'asset.withdraw': [
        { ...withdraw, amount: '20' },
        { ...withdraw, amount: '21' },
      ],
      'asset.transfer': [
        { ...transfer, amount: '5' },
        { ...transfer, amount: '6' },
      ],
      'order.create': [
        { ...order, amount: '0.1' },
        { ...order, amount: '0.2' },
      ],
      'stakings.add': [{ amount: '100' }, { amount: '200' }],
      'stakings.addLocked': [{ amount: '100' }, { amount: '200' }],
      'stakings.addWallet': [{ amount: '100' }, { amount: '200' }],
      'affiliate.walletClaim': [{ amount: '10' }, {}],
    };
  };

  it('has bodies for every idempotent route of the contract', async () => {
    const user = await createTrader(t);
    expect(Object.keys(bodies(user)).sort()).toEqual(idempotentRoutes.map((def) => def.id).sort());
  });

  it.each(idempotentRoutes.map((def) => [def.id, def] as const))(
    'refuses a key used for another body on %s with 422, before the handler runs',
    async (_id, def) => {
      const user = await createTrader(t);
      await deposit(t, user.email, 'USDT', '100');
      const [used, other] = bodies(user)[def.id]!;
      // The key as the first request left it (still running: no answer yet), under this route's id.
      await t.ctx.db
        .insertInto('idempotency_keys')
        .values({
          user_id: BigInt(user.userId),
          route: def.id,
          key: 'used-once',
          request_hash: hashRequest(used),
          response: null,
          created_at: t.ctx.clock.now(),
        })
        .execute();
      const again = await t.api('POST', def.path, {
        token: user.token,
        body: other,
        headers: { 'idempotency-key': 'used-once' },
      });
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({
        code: 4221,
        message: 'This Idempotency-Key was already used for a different request.',
      });
      expect(await balance(t, user.token, 'USDT')).toMatchObject({ available: '100', on_hold: '0' });
    },
  );

  it('answers a repeat with the first answer, a different body with 422, on a real transfer and withdrawal', async () => {
    const user = await createTrader(t);
    await deposit(t, user.email, 'USDT', '100');
    const headers = { 'idempotency-key': 'withdraw-1' };
    const [used, other] = bodies(user)['asset.withdraw']!;
    const send = (body: object) => t.api('POST', '/api/asset/withdraw', { token: user.token, body, headers });
    const first = await send(used);
    expect(first.status).toBe(200);
    expect(await send(used)).toEqual(first);
    expect((await send(other)).status).toBe(422);
    expect(await balance(t, user.token, 'USDT')).toMatchObject({ available: '78', on_hold: '22' });
  });

  it('keys by route: one key on two routes runs both', async () => {
    const user = await createTrader(t);
    await deposit(t, user.email, 'USDT', '100');
    const headers = { 'idempotency-key': 'shared-key' };
    const [withdraw] = bodies(user)['asset.withdraw']!;
    const [transfer] = bodies(user)['asset.transfer']!;
    const withdrawn = await t.api('POST', '/api/asset/withdraw', {
      token: user.token,
      body: withdraw,
      headers,
    });
    const sent = await t.api('POST', '/api/asset/transfer', { token: user.token, body: transfer, headers });
    expect([withdrawn.status, sent.status]).toEqual([200, 200]);
    expect(withdrawn.body.data.withdrawal).toMatchObject({ amount: '20' });
    expect(sent.body.data.transfer).toMatchObject({ amount: '5' });
    // 100 − (20 + 2 fee) − 5.
    expect(await balance(t, user.token, 'USDT')).toMatchObject({ available: '73', on_hold: '22' });
    const rows = await t.ctx.db
      .selectFrom('idempotency_keys')
      .select('route')
      .where('user_id', '=', BigInt(user.userId))
      .orderBy('route')
      .execute();
    expect(rows.map((r) => r.route)).toEqual(['asset.transfer', 'asset.withdraw']);
  });

  it('50 parallel withdrawals with one key hold the money once', async () => {
    const user = await createTrader(t);
    await deposit(t, user.email, 'BTC', '1');
    const body = { asset_id: btc, address: addresses.bitcoin, amount: '0.1', txn_password: user.txnPassword };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.api('POST', '/api/asset/withdraw', {
          token: user.token,
          body,
          headers: { 'idempotency-key': 'burst-withdraw' },
        }),
      ),
    );
    // A repeat answers the first answer, 409 while the first runs, or 429 (the password's attempt limit).
    expect(answers.filter((a) => ![200, 409, 429].includes(a.status))).toEqual([]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((a) => a.body.data.withdrawal.id)).size).toBe(1);
    const rows = await t.ctx.db
      .selectFrom('withdrawals')
      .select('withdrawal_id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(rows).toHaveLength(1);
    expect(await balance(t, user.token, 'BTC')).toMatchObject({ available: '0.8998', on_hold: '0.1002' });
  }, 120_000);

  it('50 parallel stakes with one key stake once', async () => {
    const user = await createTrader(t);
    expect((await t.api('POST', '/api/affiliate/register', { token: user.token, body: {} })).status).toBe(
      200,
    );
    await deposit(t, user.email, 'FIT24', '1000');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.api('POST', '/api/stakings/add', {
          token: user.token,
          body: { amount: '100' },
          headers: { 'idempotency-key': 'burst-stake' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((a) => a.body.data.stake.stake_id)).size).toBe(1);
    const stakes = await t.api('GET', '/api/stakings/list', { token: user.token });
    expect(stakes.body.data.stakes).toHaveLength(1);
    expect(await balance(t, user.token, 'FIT24')).toMatchObject({ available: '900', staked: '100' });
  }, 120_000);
});
