import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../testing/fixtures.ts';
import { addresses, assetId, TXN_PASSWORD } from '../../testing/funds.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { hashPassword } from '../auth/passwords.ts';

/** Issue 13: production runs no simulated chain; an asset with no real node can neither come in nor go out. */
describe.each(databasesUnderTest())('production without a node for a network ($name)', (database) => {
  let t: TestApp;
  let user: { token: string; email: string; txnPassword: string };
  beforeAll(async () => {
    t = await createTestApp(database, { nodeEnv: 'production', devnetBlockSeconds: 1 });
    // Production serves no outbox to read codes from: the user is made directly, with a transaction password.
    const made = await createUserWithSession(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ txn_password_hash: await hashPassword(TXN_PASSWORD) })
      .where('user_id', '=', BigInt(made.user.user_id))
      .execute();
    user = { token: made.token, email: made.user.email_id, txnPassword: TXN_PASSWORD };
  });
  afterAll(async () => {
    await t?.close();
  });

  const reasons = {
    BTC: 'BTC deposits and withdrawals are unavailable: no Bitcoin node is connected to this exchange yet.',
    ETH: 'ETH deposits and withdrawals are unavailable: no Ethereum node is connected to this exchange yet.',
    USDT: 'USDT deposits and withdrawals are unavailable: no Ethereum node is connected to this exchange yet.',
  };

  it('shows each asset disabled, with the reason, and gives out no address nobody holds the key of', async () => {
    for (const [symbol, reason] of Object.entries(reasons)) {
      const id = await assetId(t, symbol);
      const asset = (await t.api('GET', `/api/asset?asset_id=${id}`, { token: user.token })).body.data.asset;
      expect(asset).toMatchObject({ deposit_enabled: 0, withdraw_enabled: 0, unavailable_reason: reason });
      const wallet = await t.api('GET', `/api/asset/wallet?asset_id=${id}`, { token: user.token });
      expect(wallet).toMatchObject({ status: 422, body: { error: true, message: reason } });
    }
    expect(await t.ctx.db.selectFrom('deposit_addresses').selectAll().execute()).toEqual([]);
  });

  it('refuses the devnet routes and every withdrawal or saved address on a network with no node', async () => {
    const deposit = await t.ops('POST', '/ops/devnet/deposit', {
      email_id: user.email,
      symbol: 'BTC',
      amount: '1',
    });
    expect(deposit).toMatchObject({
      status: 403,
      body: { message: 'The simulated chain (devnet) is refused in production.' },
    });
    expect((await t.ops('POST', '/ops/devnet/mine', { blocks: 1 })).status).toBe(403);
    const withdraw = await t.api('POST', '/api/asset/withdraw', {
      token: user.token,
      body: {
        asset_id: await assetId(t, 'BTC'),
        address: addresses.bitcoin,
        amount: '0.01',
        txn_password: user.txnPassword,
      },
    });
    expect(withdraw).toMatchObject({ status: 422 });
    expect(withdraw.body.message).toMatch(/BTC withdrawals are disabled|no Bitcoin node/);
    const custody = await t.ops('GET', '/ops/custody');
    expect(custody.status).toBe(422);
    expect(await t.ctx.db.selectFrom('deposits').selectAll().execute()).toEqual([]);
  });

  it('runs no devnet miner: the simulated heights stay where they were', async () => {
    const before = await t.ctx.db.selectFrom('chain_heights').selectAll().orderBy('network').execute();
    // A devnet miner would have moved them on within its one-second block time.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(t.ctx.chains.devnetNetworks()).toEqual([]);
    expect(await t.ctx.db.selectFrom('chain_heights').selectAll().orderBy('network').execute()).toEqual(
      before,
    );
  });
});
