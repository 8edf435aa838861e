import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Address, erc20Abi, getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvmConfig } from '../../config-evm.ts';
import {
  fundHotWallet,
  hotWallet,
  startTestChain,
  type TestChain,
  testEvmConfig,
  tickUntil,
} from '../../testing/custody.ts';
import { assetId, auditClean, balance, createTrader, type Trader } from '../../testing/funds.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { hdWallet } from '../chain/evm/hd-wallet.ts';

const noLimits = { withdrawLimitsUsd: { UNVERIFIED: '1000000000', VERIFIED: '1000000000' } };

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.close();
});

describe.each(databasesUnderTest())('custody on a real EVM node ($name)', (database) => {
  let t: TestApp;
  let evm: EvmConfig;
  let alice: Trader;
  let aliceAddress: Address;

  beforeAll(async () => {
    evm = testEvmConfig(chain);
    await fundHotWallet(chain, evm, { ETH: '10', USDT: '100000', FIT24: '100000' });
    t = await createTestApp(database, { evm, ...noLimits });
    alice = await createTrader(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const wallet = async (user: Trader, symbol: string) => {
    const answer = await t.api('GET', `/api/asset/wallet?asset_id=${await assetId(t, symbol)}`, {
      token: user.token,
    });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.data.wallet as { address: string; network: string; confirmations: number };
  };
  const lines = async (user: Trader, symbol: string) => {
    const answer = await t.api('GET', `/api/asset/transactions?asset_id=${await assetId(t, symbol)}`, {
      token: user.token,
    });
    return answer.body.data.transactions as Array<Record<string, unknown>>;
  };
  const journal = async (kind: string) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('journal_entries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('kind', '=', kind)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('gives each user one derived address for ETH and every token, from the custody keys', async () => {
    // Until the node has confirmed a token's contract (the first pass), nothing may be sent to the token.
    const early = await t.api('GET', `/api/asset/wallet?asset_id=${await assetId(t, 'FIT24')}`, {
      token: alice.token,
    });
    expect(early).toMatchObject({
      status: 422,
      body: {
        message:
          'FIT24 deposits and withdrawals are unavailable: its token contract on ethereum is not set yet.',
      },
    });
    await tickUntil(t, async () => true);
    const eth = await wallet(alice, 'ETH');
    const usdt = await wallet(alice, 'USDT');
    aliceAddress = getAddress(eth.address);
    expect(usdt.address).toBe(eth.address);
    expect(aliceAddress).toBe(hdWallet(evm.mnemonic.reveal()).address(BigInt(alice.userId)));
    expect(eth).toMatchObject({ network: 'ethereum', confirmations: 3 });
    expect((await wallet(alice, 'ETH')).address).toBe(eth.address);
  });

  it('credits an ETH and an ERC-20 deposit once, at three confirmations and not before', async () => {
    await tickUntil(t, async () => true); // the scanner starts at the chain's tip
    const ethTx = await chain.send(aliceAddress, 'ETH', '1.5');
    const usdtTx = await chain.send(aliceAddress, 'USDT', '250');
    await t.custody!.tick();
    const pending = await lines(alice, 'ETH');
    expect(pending[0]).toMatchObject({
      type: 'DEPOSIT',
      status: 'PENDING',
      amount: '1.5',
      txid: ethTx,
      network: 'ethereum',
      required_confirmations: 3,
      explorer_url: `https://explorer.example/tx/${ethTx}`,
    });
    // The ETH transfer's block, then the USDT one's: two and one confirmations.
    expect(pending[0]!.confirmations).toBe(2);
    expect((await lines(alice, 'USDT'))[0]).toMatchObject({
      status: 'PENDING',
      txid: usdtTx,
      confirmations: 1,
    });
    expect((await balance(t, alice.token, 'ETH')).available).toBe('0');

    await chain.mine(1);
    await t.custody!.tick();
    expect((await balance(t, alice.token, 'ETH')).available).toBe('1.5');
    expect((await balance(t, alice.token, 'USDT')).available).toBe('0');
    expect((await lines(alice, 'USDT'))[0]).toMatchObject({ status: 'PENDING', confirmations: 2 });

    await chain.mine(1);
    await t.custody!.tick();
    await t.custody!.tick();
    expect((await balance(t, alice.token, 'USDT')).available).toBe('250');
    const one = await t.api('GET', `/api/asset/transaction?id=${(await lines(alice, 'USDT'))[0]!.id}`, {
      token: alice.token,
    });
    expect(one.body.data.transaction).toMatchObject({ status: 'COMPLETED', txid: usdtTx });
    expect(one.body.data.transaction.confirmations).toBeGreaterThanOrEqual(3);
    await chain.mine(5);
    await t.custody!.tick();
    expect((await balance(t, alice.token, 'ETH')).available).toBe('1.5');
    expect(await journal('DEPOSIT')).toBe(2);
  });

  it('drops a deposit whose block leaves the chain in a reorganisation before it is confirmed', async () => {
    const snapshot = await chain.clients.testClient.snapshot();
    const tx = await chain.send(aliceAddress, 'ETH', '2');
    await t.custody!.tick();
    expect((await lines(alice, 'ETH'))[0]).toMatchObject({ status: 'PENDING', txid: tx, amount: '2' });
    await chain.clients.testClient.revert({ id: snapshot });
    await chain.mine(4);
    await t.custody!.tick();
    expect((await lines(alice, 'ETH'))[0]).toMatchObject({ status: 'FAILED', txid: tx });
    await chain.mine(4);
    await t.custody!.tick();
    expect((await balance(t, alice.token, 'ETH')).available).toBe('1.5');
    expect(await journal('DEPOSIT')).toBe(2);
  });

  it('sweeps deposits to the hot wallet, paying a token sweep its gas first', async () => {
    const tokenBalance = (owner: Address) =>
      chain.clients.publicClient.readContract({
        address: chain.tokens.USDT,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      });
    await tickUntil(t, async () => {
      await chain.mine(1);
      const swept = await t.ctx.db
        .selectFrom('deposits')
        .select('deposit_id')
        .where('user_id', 'is not', null)
        .where('status', '=', 'CREDITED')
        .where('sweep_tx_id', 'is', null)
        .execute();
      return swept.length === 0 && (await tokenBalance(aliceAddress)) === 0n;
    });
    // The funding's 100,000 USDT and the deposit's 250; what is left at the address is ether dust.
    expect(await tokenBalance(hotWallet(evm))).toBe(100_250_000_000n);
    expect(await chain.clients.publicClient.getBalance({ address: aliceAddress })).toBeLessThan(10n ** 15n);
    const sent = await t.ctx.db
      .selectFrom('evm_transactions')
      .select(['purpose', 'from_address', 'to_address'])
      .orderBy('tx_id')
      .execute();
    expect(sent.map((s) => s.purpose)).toEqual(['sweep', 'gas', 'sweep']);
    expect(sent[1]).toMatchObject({ from_address: hotWallet(evm), to_address: aliceAddress });
  });

  it('withdraws ETH on chain to the right address, complete at three confirmations', async () => {
    // An address nobody has used on this chain (both databases' runs share the node).
    const to = getAddress(`0x${randomBytes(20).toString('hex')}`);
    const asked = await t.api('POST', '/api/asset/withdraw', {
      token: alice.token,
      body: {
        asset_id: await assetId(t, 'ETH'),
        address: to,
        amount: '0.5',
        txn_password: alice.txnPassword,
      },
    });
    expect(asked.status, asked.body.message).toBe(200);
    const id = asked.body.data.withdrawal.id;
    const approved = await t.ops('POST', '/ops/withdrawals/approve', { withdrawal_id: id });
    expect(approved.body.data.withdrawal.status).toBe('PROCESSING');
    await t.custody!.tick();
    const sent = (await lines(alice, 'ETH'))[0]!;
    expect(sent).toMatchObject({ type: 'WITHDRAWAL', status: 'BROADCAST' });
    expect(await chain.clients.publicClient.getBalance({ address: to })).toBe(500_000_000_000_000_000n);
    await tickUntil(t, async () => {
      await chain.mine(1);
      return (await lines(alice, 'ETH'))[0]!.status === 'COMPLETED';
    });
    const done = (await lines(alice, 'ETH'))[0]!;
    expect(done).toMatchObject({ status: 'COMPLETED', txid: sent.txid });
    const receipt = await chain.clients.publicClient.getTransactionReceipt({
      hash: sent.txid as `0x${string}`,
    });
    expect(receipt.to?.toLowerCase()).toBe(to.toLowerCase());
    expect(receipt.from.toLowerCase()).toBe(hotWallet(evm).toLowerCase());
    expect((await balance(t, alice.token, 'ETH')).available).toBe('0.998');
  });

  it('refuses a withdrawal to a mistyped address: a mixed-case address must carry its checksum', async () => {
    const good = getAddress(`0x${'ab'.repeat(20)}`);
    const typo = good.slice(0, -1) + (good.endsWith('B') ? 'b' : 'B');
    const asked = await t.api('POST', '/api/asset/withdraw', {
      token: alice.token,
      body: {
        asset_id: await assetId(t, 'ETH'),
        address: typo,
        amount: '0.1',
        txn_password: alice.txnPassword,
      },
    });
    expect(asked).toMatchObject({
      status: 400,
      body: { fields: { address: 'is not a valid ethereum address' } },
    });
  });

  it("lets an operator set a token's contract, read from the chain, and refuses what is not one", async () => {
    const set = await t.ops('POST', '/ops/custody/token', {
      symbol: 'usdt',
      contract: chain.tokens.USDT.toLowerCase(),
    });
    expect(set.body.data.token).toEqual({ symbol: 'USDT', contract: chain.tokens.USDT, chain_decimals: 6 });
    const notToken = await t.ops('POST', '/ops/custody/token', { symbol: 'FIT24', contract: aliceAddress });
    expect(notToken).toMatchObject({
      status: 422,
      body: { message: `There is no ERC-20 token at ${aliceAddress} on this chain.` },
    });
    const coin = await t.ops('POST', '/ops/custody/token', { symbol: 'ETH', contract: chain.tokens.USDT });
    expect(coin.status).toBe(422);
    const bad = await t.ops('POST', '/ops/custody/token', { symbol: 'FIT24', contract: '0x12' });
    expect(bad.status).toBe(400);
  });

  it('keeps no key and no mnemonic in the database', async () => {
    const keys = hdWallet(evm.mnemonic.reveal());
    const secrets = [
      evm.mnemonic.reveal(),
      keys.privateKey('hot').slice(2),
      keys.privateKey(BigInt(alice.userId)).slice(2),
    ];
    for (const table of [
      'evm_transactions',
      'evm_nonces',
      'deposits',
      'deposit_addresses',
      'assets',
      'outbox',
      'notifications',
    ]) {
      const rows = await sql`select * from ${sql.table(table)}`.execute(t.ctx.db);
      const text = JSON.stringify(rows.rows, (_key, value) =>
        typeof value === 'bigint' ? String(value) : value,
      ).toLowerCase();
      for (const secret of secrets) expect(text.includes(secret.toLowerCase()), table).toBe(false);
    }
  });

  it('reconciles every asset to zero, and the audit holds', async () => {
    await chain.mine(4);
    await tickUntil(t, async () => true);
    const { body } = await t.ops('GET', '/ops/custody');
    const report = body.data.custody;
    expect(report.hot_wallet).toBe(hotWallet(evm));
    for (const asset of report.assets)
      expect({ symbol: asset.symbol, difference: asset.difference }).toEqual({
        symbol: asset.symbol,
        difference: '0',
      });
    const eth = report.assets.find((a: { symbol: string }) => a.symbol === 'ETH');
    expect(eth.liabilities).toBe('0.998');
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
});
