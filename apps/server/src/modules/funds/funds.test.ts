import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  assetId,
  auditClean,
  balance,
  createTrader,
  deposit,
  type Trader,
} from '../../testing/funds.ts';
import { registerUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';

/** These tests are about the ledger, not the KYC withdrawal limit (money-controls.test.ts): set it out of reach. */
const noLimits = {
  withdrawLimitsUsd: { UNVERIFIED: '1000000000', VERIFIED: '1000000000' },
  fourEyesUsd: '1000000000',
};

describe.each(databasesUnderTest())('funds on $name', (database) => {
  let t: TestApp;
  let alice: Trader;
  let bob: Trader;
  let btc: number;
  let usdt: number;
  beforeAll(async () => {
    t = await createTestApp(database, noLimits);
    alice = await createTrader(t);
    bob = await createTrader(t);
    btc = await assetId(t, 'BTC');
    usdt = await assetId(t, 'USDT');
  });
  afterEach(async () => {
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('assets and balances', () => {
    it('lists the default assets with zero balances and a USD total', async () => {
      const user = await registerVerifiedUser(t);
      const { body } = await t.api('GET', '/api/asset/balances', { token: user.token });
      expect(body.data.balances.map((b: { symbol: string }) => b.symbol)).toEqual([
        'BTC',
        'ETH',
        'USDT',
        'FIT24',
      ]);
      expect(body.data.balances[0]).toMatchObject({
        available: '0',
        on_hold: '0',
        locked: '0',
        staked: '0',
        total: '0',
        usd_value: '0',
      });
      expect(body.data.total_usd).toBe('0');
    });

    it('describes an asset: network, fee, minimum, confirmations', async () => {
      const { body } = await t.api('GET', `/api/asset?asset_id=${btc}`, { token: alice.token });
      expect(body.data.asset).toMatchObject({
        symbol: 'BTC',
        decimals: 8,
        network: 'bitcoin',
        withdraw_fee: '0.0002',
        min_withdraw: '0.001',
        confirmations: 2,
        withdraw_enabled: 1,
      });
      expect((await t.api('GET', '/api/asset?asset_id=999', { token: alice.token })).status).toBe(404);
      expect((await t.api('GET', '/api/asset/balance?symbol=DOGE', { token: alice.token })).status).toBe(404);
    });

    it('values balances at the last market price, USDT at 1', async () => {
      const user = await registerVerifiedUser(t);
      await deposit(t, user.email, 'BTC', '0.5');
      await deposit(t, user.email, 'USDT', '100.25');
      const { body } = await t.api('GET', '/api/asset/balances', { token: user.token });
      const bySymbol = Object.fromEntries(body.data.balances.map((b: { symbol: string }) => [b.symbol, b]));
      expect(bySymbol.BTC).toMatchObject({ available: '0.5', total: '0.5', usd_value: '32500' });
      expect(bySymbol.USDT).toMatchObject({ available: '100.25', usd_value: '100.25' });
      expect(body.data.total_usd).toBe('32600.25');
    });
  });

  describe('deposits', () => {
    it('gives one stable address per network in its format, shared by tokens on the same network', async () => {
      const first = await t.api('GET', `/api/asset/wallet?asset_id=${btc}`, { token: alice.token });
      const again = await t.api('GET', `/api/asset/wallet?asset_id=${btc}`, { token: alice.token });
      expect(first.body.data.wallet.address).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
      expect(again.body.data.wallet.address).toBe(first.body.data.wallet.address);
      const eth = await t.api('GET', `/api/asset/wallet?asset_id=${await assetId(t, 'ETH')}`, {
        token: alice.token,
      });
      const tether = await t.api('GET', `/api/asset/wallet?asset_id=${usdt}`, { token: alice.token });
      expect(eth.body.data.wallet.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(tether.body.data.wallet).toMatchObject({
        address: eth.body.data.wallet.address,
        network: 'ethereum',
        min_deposit: '1',
        confirmations: 6,
      });
      const bobs = await t.api('GET', `/api/asset/wallet?asset_id=${btc}`, { token: bob.token });
      expect(bobs.body.data.wallet.address).not.toBe(first.body.data.wallet.address);
    });

    it('credits a deposit once it has its confirmations, exactly once, with a notification', async () => {
      const user = await registerVerifiedUser(t);
      const pending = await deposit(t, user.email, 'BTC', '1.25', 0);
      expect(pending).toMatchObject({ status: 'PENDING', confirmations: 0, required_confirmations: 2 });
      expect((await balance(t, user.token, 'BTC')).available).toBe('0');
      await t.ops('POST', '/ops/devnet/mine', { blocks: 1 });
      expect((await balance(t, user.token, 'BTC')).available).toBe('0');
      await t.ops('POST', '/ops/devnet/mine', { blocks: 1 });
      expect((await balance(t, user.token, 'BTC')).available).toBe('1.25');
      await t.ops('POST', '/ops/devnet/mine', { blocks: 5 });
      expect((await balance(t, user.token, 'BTC')).available).toBe('1.25');
      const txs = await t.api('GET', `/api/asset/transactions?asset_id=${btc}`, { token: user.token });
      expect(txs.body.data).toMatchObject({ page: 1, page_size: 20, total: 1 });
      expect(txs.body.data.transactions[0]).toMatchObject({
        type: 'DEPOSIT',
        amount: '1.25',
        status: 'COMPLETED',
      });
      const notes = await t.api('GET', '/api/notification/list', { token: user.token });
      expect(notes.body.data.notifications[0]).toMatchObject({ type: 'DEPOSIT_CREDITED', is_read: 0 });
    });

    it('refuses an operator deposit with too many decimals, an unknown user or asset', async () => {
      expect(
        (
          await t.ops('POST', '/ops/devnet/deposit', {
            email_id: alice.email,
            symbol: 'USDT',
            amount: '1.0000001',
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await t.ops('POST', '/ops/devnet/deposit', {
            email_id: 'nobody@example.com',
            symbol: 'BTC',
            amount: '1',
          })
        ).status,
      ).toBe(404);
      expect(
        (await t.ops('POST', '/ops/devnet/deposit', { email_id: alice.email, symbol: 'DOGE', amount: '1' }))
          .status,
      ).toBe(404);
      expect(
        (await t.ops('POST', '/ops/devnet/deposit', { email_id: alice.email, symbol: 'BTC', amount: '0' }))
          .status,
      ).toBe(400);
    });
  });

  describe('withdrawals', () => {
    it('holds amount + fee, waits for the operator, then goes BROADCAST and COMPLETED, notifying each step', async () => {
      const user = await createTrader(t);
      await deposit(t, user.email, 'BTC', '1');
      const { status, body } = await t.api('POST', '/api/asset/withdraw', {
        token: user.token,
        body: { asset_id: btc, address: addresses.bitcoin, amount: '0.5', txn_password: user.txnPassword },
      });
      expect(status).toBe(200);
      expect(body.data.withdrawal).toMatchObject({
        status: 'PENDING',
        amount: '0.5',
        fee: '0.0002',
        txid: null,
      });
      expect(await balance(t, user.token, 'BTC')).toMatchObject({
        available: '0.4998',
        on_hold: '0.5002',
        total: '1',
      });

      const queue = await t.ops('GET', '/ops/withdrawals?status=PENDING');
      expect(queue.body.data.withdrawals.map((w: { id: number }) => w.id)).toContain(body.data.withdrawal.id);
      const approved = await t.ops('POST', '/ops/withdrawals/approve', {
        withdrawal_id: body.data.withdrawal.id,
      });
      expect(approved.body.data.withdrawal).toMatchObject({
        status: 'BROADCAST',
        txid: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(await balance(t, user.token, 'BTC')).toMatchObject({
        available: '0.4998',
        on_hold: '0',
        total: '0.4998',
      });

      await t.ops('POST', '/ops/devnet/mine', { blocks: 1 });
      const txs = await t.api('GET', `/api/asset/transactions?asset_id=${btc}`, { token: user.token });
      expect(txs.body.data.transactions[0]).toMatchObject({
        type: 'WITHDRAWAL',
        status: 'COMPLETED',
        fee: '0.0002',
        address: addresses.bitcoin,
      });
      const notes = await t.api('GET', '/api/notification/list', { token: user.token });
      const titles = notes.body.data.notifications.map((n: { title: string }) => n.title);
      expect(titles).toEqual(
        expect.arrayContaining([
          'BTC withdrawal pending',
          'BTC withdrawal broadcast',
          'BTC withdrawal completed',
        ]),
      );
      expect(
        (await t.ops('POST', '/ops/withdrawals/approve', { withdrawal_id: body.data.withdrawal.id })).status,
      ).toBe(409);
    });

    it('releases the hold when the operator rejects', async () => {
      const user = await createTrader(t);
      await deposit(t, user.email, 'USDT', '50');
      const { body } = await t.api('POST', '/api/asset/withdraw', {
        token: user.token,
        body: { asset_id: usdt, address: addresses.ethereum, amount: '20', txn_password: user.txnPassword },
      });
      expect(await balance(t, user.token, 'USDT')).toMatchObject({ available: '28', on_hold: '22' });
      const rejected = await t.ops('POST', '/ops/withdrawals/reject', {
        withdrawal_id: body.data.withdrawal.id,
        reason: 'Address on a watch list',
      });
      expect(rejected.body.data.withdrawal.status).toBe('REJECTED');
      expect(await balance(t, user.token, 'USDT')).toMatchObject({ available: '50', on_hold: '0' });
    });

    it('refuses each bad withdrawal with the right code, moving nothing', async () => {
      const user = await createTrader(t);
      await deposit(t, user.email, 'BTC', '0.01');
      const send = (change: Record<string, unknown>) =>
        t.api('POST', '/api/asset/withdraw', {
          token: user.token,
          body: {
            asset_id: btc,
            address: addresses.bitcoin,
            amount: '0.005',
            txn_password: user.txnPassword,
            ...change,
          },
        });
      const cases: Array<[Record<string, unknown>, number, string?]> = [
        [{ address: addresses.ethereum }, 400, 'address'],
        [{ address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt081' }, 400, 'address'],
        [{ amount: '0.000000001' }, 400, 'amount'],
        [{ amount: '1e-3' }, 400, 'amount'],
        [{ amount: -1 }, 400, 'amount'],
        [{ amount: '0.0001' }, 422, 'amount'],
        [{ amount: '0.0099' }, 422],
        [{ txn_password: 'wrong-password' }, 401, 'txn_password'],
        [{ asset_id: 999 }, 404],
        [{ asset_id: 'BTC' }, 400, 'asset_id'],
        [{ surprise: true }, 400, 'surprise'],
      ];
      for (const [change, code, field] of cases) {
        const { status, body } = await send(change);
        expect(status, JSON.stringify(change)).toBe(code);
        if (field) expect(Object.keys(body.fields ?? {}), JSON.stringify(change)).toContain(field);
      }
      expect(await balance(t, user.token, 'BTC')).toMatchObject({ available: '0.01', on_hold: '0' });
      const noPassword = await registerVerifiedUser(t);
      await deposit(t, noPassword.email, 'BTC', '0.01');
      const unset = await t.api('POST', '/api/asset/withdraw', {
        token: noPassword.token,
        body: { asset_id: btc, address: addresses.bitcoin, amount: '0.005', txn_password: 'anything' },
      });
      expect(unset.status).toBe(422);
    });

    it('approves at once at or below the auto-approval limit', async () => {
      const auto = await createTestApp(database, { ...noLimits, withdrawAutoApprove: { USDT: '100' } });
      try {
        const user = await createTrader(auto);
        await deposit(auto, user.email, 'USDT', '500');
        const small = await auto.api('POST', '/api/asset/withdraw', {
          token: user.token,
          body: {
            asset_id: usdt,
            address: addresses.ethereum,
            amount: '100',
            txn_password: user.txnPassword,
          },
        });
        expect(small.body.data.withdrawal.status).toBe('BROADCAST');
        const large = await auto.api('POST', '/api/asset/withdraw', {
          token: user.token,
          body: {
            asset_id: usdt,
            address: addresses.ethereum,
            amount: '100.01',
            txn_password: user.txnPassword,
          },
        });
        expect(large.body.data.withdrawal.status).toBe('PENDING');
        expect(await auditClean(auto)).toEqual({ ok: true, failed: [] });
      } finally {
        await auto.close();
      }
    });
  });

  describe('transfers', () => {
    it('moves money instantly and free to another user; both see it and are notified', async () => {
      await deposit(t, alice.email, 'USDT', '100');
      const before = Number((await balance(t, bob.token, 'USDT')).available);
      const { status, body } = await t.api('POST', '/api/asset/transfer', {
        token: alice.token,
        body: {
          asset_id: usdt,
          amount: '12.5',
          to_email_id: bob.email.toUpperCase(),
          txn_password: alice.txnPassword,
          note: 'Lunch',
        },
      });
      expect(status).toBe(200);
      expect(body.data.transfer).toMatchObject({
        amount: '12.5',
        symbol: 'USDT',
        to_email_id: bob.email,
        note: 'Lunch',
      });
      expect(Number((await balance(t, bob.token, 'USDT')).available)).toBe(before + 12.5);
      const aliceTx = await t.api('GET', `/api/asset/transactions?asset_id=${usdt}`, { token: alice.token });
      const bobTx = await t.api('GET', `/api/asset/transactions?asset_id=${usdt}`, { token: bob.token });
      expect(aliceTx.body.data.transactions[0]).toMatchObject({
        type: 'TRANSFER_OUT',
        amount: '12.5',
        fee: '0',
      });
      expect(bobTx.body.data.transactions[0]).toMatchObject({ type: 'TRANSFER_IN', amount: '12.5' });
      const bobNotes = await t.api('GET', '/api/notification/list', { token: bob.token });
      expect(bobNotes.body.data.notifications[0].type).toBe('TRANSFER_RECEIVED');
    });

    it('refuses a transfer to yourself, to an unknown email, beyond the balance, and with a wrong password', async () => {
      const send = (change: Record<string, unknown>) =>
        t.api('POST', '/api/asset/transfer', {
          token: alice.token,
          body: {
            asset_id: usdt,
            amount: '1',
            to_email_id: bob.email,
            txn_password: alice.txnPassword,
            ...change,
          },
        });
      expect((await send({ to_email_id: alice.email })).status).toBe(400);
      expect((await send({ to_email_id: 'nobody@example.com' })).status).toBe(404);
      expect((await send({ amount: '1000000' })).status).toBe(422);
      expect((await send({ txn_password: 'nope-nope' })).status).toBe(401);
      expect((await send({ to_email_id: 'not an email' })).status).toBe(400);
      const unverified = await registerUser(t);
      expect((await send({ to_email_id: unverified.email })).status).toBe(422);
    });
  });

  describe('idempotency', () => {
    it('answers a repeat with the first answer and moves nothing twice; a different body with the same key is refused', async () => {
      const user = await createTrader(t);
      await deposit(t, user.email, 'USDT', '100');
      const body = { asset_id: usdt, amount: '10', to_email_id: bob.email, txn_password: user.txnPassword };
      const headers = { 'idempotency-key': 'transfer-0001' };
      const first = await t.api('POST', '/api/asset/transfer', { token: user.token, body, headers });
      const second = await t.api('POST', '/api/asset/transfer', { token: user.token, body, headers });
      expect(second.body).toEqual(first.body);
      expect((await balance(t, user.token, 'USDT')).available).toBe('90');
      const different = await t.api('POST', '/api/asset/transfer', {
        token: user.token,
        body: { ...body, amount: '11' },
        headers,
      });
      expect(different.status).toBe(422);
      expect(different.body.code).toBe(4221);
      const bad = await t.api('POST', '/api/asset/transfer', {
        token: user.token,
        body,
        headers: { 'idempotency-key': ' ' },
      });
      expect(bad.status).toBe(400);
    });
  });

  describe('notifications', () => {
    it('pages notifications with the unread count, and marks them read', async () => {
      const user = await registerVerifiedUser(t);
      for (let i = 0; i < 3; i++) await deposit(t, user.email, 'USDT', `${i + 1}`);
      const list = await t.api('GET', '/api/notification/list?page=1', { token: user.token });
      expect(list.body.data).toMatchObject({ total: 3, unread: 3, page: 1, page_size: 20 });
      const one = list.body.data.notifications[0].notification_id;
      const read = await t.api('POST', '/api/notification/read', {
        token: user.token,
        body: { notification_ids: [one] },
      });
      expect(read.body.data.unread).toBe(2);
      const all = await t.api('POST', '/api/notification/read', { token: user.token, body: { all: true } });
      expect(all.body.data.unread).toBe(0);
      expect((await t.api('POST', '/api/notification/read', { token: user.token, body: {} })).status).toBe(
        400,
      );
      const others = await t.api('POST', '/api/notification/read', {
        token: alice.token,
        body: { notification_ids: [one] },
      });
      expect(others.status).toBe(200);
      const after = await t.api('GET', '/api/notification/list', { token: user.token });
      expect(after.body.data.notifications.every((n: { is_read: number }) => n.is_read === 1)).toBe(true);
    });
  });

  describe('authorisation across users', () => {
    it("never shows or touches another user's money, history, address or notifications", async () => {
      const a = await createTrader(t);
      const b = await createTrader(t);
      await deposit(t, a.email, 'BTC', '0.3');
      const history = `/api/asset/transactions?asset_id=${btc}`;
      expect((await t.api('GET', history, { token: a.token })).body.data.total).toBe(1);
      expect((await t.api('GET', history, { token: b.token })).body.data.total).toBe(0);
      const types = async (token: string) =>
        (await t.api('GET', '/api/notification/list', { token })).body.data.notifications.map(
          (n: { type: string }) => n.type,
        );
      expect(await types(a.token)).toContain('DEPOSIT_CREDITED');
      expect(await types(b.token)).not.toContain('DEPOSIT_CREDITED');
      expect((await balance(t, b.token, 'BTC')).total).toBe('0');
      const aWallet = await t.api('GET', `/api/asset/wallet?asset_id=${btc}`, { token: a.token });
      const bWallet = await t.api('GET', `/api/asset/wallet?asset_id=${btc}`, { token: b.token });
      expect(bWallet.body.data.wallet.address).not.toBe(aWallet.body.data.wallet.address);
      const aNote = (await t.api('GET', '/api/notification/list', { token: a.token })).body.data
        .notifications[0].notification_id;
      await t.api('POST', '/api/notification/read', { token: b.token, body: { notification_ids: [aNote] } });
      expect(
        (await t.api('GET', '/api/notification/list', { token: a.token })).body.data.unread,
      ).toBeGreaterThan(0);
      const w = await t.api('POST', '/api/asset/withdraw', {
        token: a.token,
        body: { asset_id: btc, address: addresses.bitcoin, amount: '0.1', txn_password: 'Someone-elses-9' },
      });
      expect(w.status).toBe(401);
    });
  });

  describe('locked balance and notices', () => {
    it('grants a locked balance that shows apart from available', async () => {
      const user = await registerVerifiedUser(t);
      const fit = await assetId(t, 'FIT24');
      const granted = await t.ops('POST', '/ops/locked/grant', {
        email_id: user.email,
        symbol: 'FIT24',
        amount: '250',
      });
      expect(granted.body.data.locked).toEqual({ asset_id: fit, amount: '250' });
      expect(
        (await t.api('GET', `/api/asset/balance/locked?asset_id=${fit}`, { token: user.token })).body.data
          .locked,
      ).toEqual({ asset_id: fit, amount: '250' });
      expect(await balance(t, user.token, 'FIT24')).toMatchObject({
        available: '0',
        locked: '250',
        total: '250',
      });
    });

    it('shows the operator notices of an asset by type', async () => {
      await t.ops('POST', '/ops/notices', {
        symbol: 'BTC',
        type: 'deposit',
        title: 'Network upgrade',
        body: 'Deposits may be slow today.',
      });
      const { body } = await t.api('GET', `/api/asset/notices?asset_id=${btc}&type=deposit`, {
        token: alice.token,
      });
      expect(body.data.notices[0]).toMatchObject({ type: 'deposit', title: 'Network upgrade' });
      expect(
        (await t.api('GET', `/api/asset/notices?asset_id=${btc}&type=withdraw`, { token: alice.token })).body
          .data.notices,
      ).toEqual([]);
      expect(
        (await t.api('GET', `/api/asset/notices?asset_id=${btc}&type=other`, { token: alice.token })).status,
      ).toBe(400);
    });
  });
});
