import { type Address, getAddress, parseGwei } from 'viem';
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
import artifacts from '../chain/evm/erc20-artifacts.json' with { type: 'json' };
import { isEvmChain } from '../chain/evm/evm-chain.ts';
import { devAccount, localClients } from '../chain/evm/local-chain.ts';
import { prepareWithdrawals } from './sender.ts';

const noLimits = { withdrawLimitsUsd: { UNVERIFIED: '1000000000', VERIFIED: '1000000000' } };

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.close();
});

/** A fresh address nobody holds: where a withdrawal goes. */
const somewhere = (): Address =>
  getAddress(`0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`);

describe.each(databasesUnderTest())('withdrawals on a real EVM node ($name)', (database) => {
  let t: TestApp;
  let evm: EvmConfig;
  /** Bob holds USDT only (its sweep needs gas from the hot wallet first); Carol holds ETH. */
  let bob: Trader;
  let carol: Trader;

  const depositAddress = async (user: Trader) =>
    (await t.api('GET', `/api/asset/wallet?asset_id=${await assetId(t, 'ETH')}`, { token: user.token })).body
      .data.wallet.address as Address;

  beforeAll(async () => {
    evm = testEvmConfig(chain, { replaceAfterSeconds: 60 });
    // The hot wallet starts with ether for gas and no USDT: its USDT comes from Bob's swept deposit.
    await fundHotWallet(chain, evm, { ETH: '5' });
    t = await createTestApp(database, { evm, ...noLimits });
    bob = await createTrader(t);
    carol = await createTrader(t);
    await tickUntil(t, async () => true);
    await chain.send(await depositAddress(bob), 'USDT', '500');
    await chain.send(await depositAddress(carol), 'ETH', '3');
    await chain.mine(3);
    await tickUntil(
      t,
      async () =>
        (await balance(t, bob.token, 'USDT')).available === '500' &&
        (await balance(t, carol.token, 'ETH')).available === '3',
    );
  }, 120_000);
  afterAll(async () => {
    await chain.clients.testClient.setAutomine(true);
    await t?.close();
  });

  const withdraw = async (symbol: string, amount: string, to: Address) => {
    const user = symbol === 'ETH' ? carol : bob;
    const asked = await t.api('POST', '/api/asset/withdraw', {
      token: user.token,
      body: { asset_id: await assetId(t, symbol), address: to, amount, txn_password: user.txnPassword },
    });
    expect(asked.status, asked.body.message).toBe(200);
    const id = asked.body.data.withdrawal.id as number;
    const approved = await t.ops('POST', '/ops/withdrawals/approve', { withdrawal_id: id });
    expect(approved.body.data.withdrawal.status).toBe('PROCESSING');
    return id;
  };
  const withdrawal = async (id: number) =>
    t.ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('withdrawal_id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
  const attempts = (id: number) =>
    t.ctx.db
      .selectFrom('evm_transactions')
      .selectAll()
      .where('withdrawal_id', '=', BigInt(id))
      .orderBy('tx_id')
      .execute();
  const settle = (id: number, status: string) =>
    tickUntil(t, async () => {
      await chain.mine(1);
      return (await withdrawal(id)).status === status;
    });

  it('waits while the hot wallet is short, tells operators, and sends once a sweep refills it', async () => {
    const to = somewhere();
    const usdt = await assetId(t, 'USDT');
    const id = await withdraw('USDT', '200', to);
    await t.custody!.tick();
    const waiting = await withdrawal(id);
    expect(waiting.status).toBe('PROCESSING');
    expect(waiting.waiting_reason).toMatch(/hot wallet holds .* USDT free; this needs 200 USDT/);
    const report = (await t.ops('GET', '/ops/custody')).body.data.custody;
    expect(report.waiting).toEqual([
      expect.objectContaining({ withdrawal_id: id, symbol: 'USDT', amount: '200' }),
    ]);
    // An operator may still reject a waiting one: nothing was sent, the hold comes back.
    const other = await withdraw('USDT', '50', somewhere());
    await t.custody!.tick();
    expect((await withdrawal(other)).waiting_reason).not.toBeNull();
    const rejected = await t.ops('POST', '/ops/withdrawals/reject', {
      withdrawal_id: other,
      reason: 'Asked by the user',
    });
    expect(rejected.body.data.withdrawal.status).toBe('REJECTED');
    expect(await balance(t, bob.token, 'USDT')).toMatchObject({ available: '298', on_hold: '202' });
    // Bob's deposit reaches the hot wallet: its gas first, then the sweep; the withdrawal follows.
    await settle(id, 'COMPLETED');
    const moved = await t.ctx.db
      .selectFrom('evm_transactions')
      .select('purpose')
      .where((eb) => eb.or([eb('purpose', '=', 'gas'), eb('asset_id', '=', usdt)]))
      .orderBy('tx_id')
      .execute();
    expect(moved.map((m) => m.purpose)).toEqual(['gas', 'sweep', 'withdrawal']);
    expect((await withdrawal(id)).waiting_reason).toBeNull();
  });

  it('gives two withdrawals at once consecutive nonces, and both complete', async () => {
    const [a, b] = [somewhere(), somewhere()];
    const first = await withdraw('ETH', '0.1', a);
    const second = await withdraw('ETH', '0.2', b);
    await t.custody!.tick();
    const nonces = [(await attempts(first))[0]!.nonce, (await attempts(second))[0]!.nonce];
    expect(nonces[1]! - nonces[0]!).toBe(1n);
    await settle(first, 'COMPLETED');
    await settle(second, 'COMPLETED');
    expect(await chain.clients.publicClient.getBalance({ address: a })).toBe(10n ** 17n);
    expect(await chain.clients.publicClient.getBalance({ address: b })).toBe(2n * 10n ** 17n);
  });

  it('prepares each withdrawal once, with distinct consecutive nonces, under 30 passes at once', async () => {
    const ids = [
      await withdraw('ETH', '0.01', somewhere()),
      await withdraw('ETH', '0.02', somewhere()),
      await withdraw('ETH', '0.03', somewhere()),
    ];
    const evmChain = t.ctx.chains.get('ethereum');
    if (!isEvmChain(evmChain)) throw new Error('no EVM chain');
    await Promise.all(Array.from({ length: 30 }, () => prepareWithdrawals(t.ctx, evmChain)));
    const rows = (await Promise.all(ids.map(attempts))).flat();
    expect(rows.map((r) => r.withdrawal_id)).toEqual(ids.map(BigInt));
    const nonces = rows.map((r) => r.nonce).sort((a, b) => Number(a - b));
    expect(nonces).toEqual([nonces[0]!, nonces[0]! + 1n, nonces[0]! + 2n]);
    for (const id of ids) await settle(id, 'COMPLETED');
  });

  it('replaces a transaction not mined in time: same nonce, higher fees; the replacement completes it', async () => {
    const to = somewhere();
    await chain.clients.testClient.setAutomine(false);
    const id = await withdraw('ETH', '0.3', to);
    await t.custody!.tick();
    const [stuck] = await attempts(id);
    expect(stuck).toMatchObject({ status: 'SENT', block_number: null });
    expect((await withdrawal(id)).status).toBe('BROADCAST');
    await t.custody!.tick();
    expect(await attempts(id)).toHaveLength(1); // not yet: the wait is 60 seconds
    t.ctx.clock.advance(61);
    await t.custody!.tick();
    const both = await attempts(id);
    expect(both).toHaveLength(2);
    expect(both[1]!.nonce).toBe(stuck!.nonce);
    expect(BigInt(both[1]!.max_priority_fee_per_gas)).toBeGreaterThan(
      BigInt(stuck!.max_priority_fee_per_gas),
    );
    expect((await withdrawal(id)).txid).toBe(both[1]!.tx_hash);
    await chain.clients.testClient.setAutomine(true);
    await chain.mine(1);
    await settle(id, 'COMPLETED');
    const final = await attempts(id);
    expect(final.map((a) => a.status)).toEqual(['REPLACED', 'CONFIRMED']);
    expect((await withdrawal(id)).txid).toBe(final[1]!.tx_hash);
    expect(await chain.clients.publicClient.getBalance({ address: to })).toBe(3n * 10n ** 17n);
    const replaced = await chain.clients.publicClient
      .getTransactionReceipt({ hash: final[0]!.tx_hash as `0x${string}` })
      .catch(() => null);
    expect(replaced).toBeNull();
  });

  it('marks a withdrawal FAILED when its transaction reverts on chain, and returns amount and fee', async () => {
    const to = somewhere();
    const before = await balance(t, bob.token, 'USDT');
    expect(before.available).toBe('298');
    await chain.clients.testClient.setAutomine(false);
    const id = await withdraw('USDT', '100', to);
    await t.custody!.tick();
    expect((await withdrawal(id)).status).toBe('BROADCAST');
    expect((await balance(t, bob.token, 'USDT')).available).toBe('196');
    // Before it is mined the token's owner blacklists the recipient (USDT does this), paying a higher tip.
    const { walletClient } = localClients(chain.node.rpcUrl, devAccount(0));
    await walletClient.writeContract({
      address: chain.tokens.USDT,
      abi: artifacts.TestUSDT.abi,
      functionName: 'addBlackList',
      args: [to],
      maxPriorityFeePerGas: parseGwei('50'),
      maxFeePerGas: parseGwei('100'),
    });
    await chain.clients.testClient.setAutomine(true);
    await chain.mine(1);
    await settle(id, 'FAILED');
    const [tx] = await attempts(id);
    expect(tx).toMatchObject({ status: 'REVERTED', succeeded: false });
    expect((await withdrawal(id)).txid).toBe(tx!.tx_hash);
    expect(await balance(t, bob.token, 'USDT')).toMatchObject({ available: before.available, on_hold: '0' });
  });

  it('reconciles to zero after all of it, and the audit holds', async () => {
    await tickUntil(t, async () => {
      await chain.mine(1);
      const open = await t.ctx.db
        .selectFrom('evm_transactions')
        .select('tx_id')
        .where('status', 'in', ['PREPARED', 'SENT'])
        .execute();
      return open.length === 0;
    });
    const report = (await t.ops('GET', '/ops/custody')).body.data.custody;
    expect(report.hot_wallet).toBe(hotWallet(evm));
    for (const asset of report.assets)
      expect({ symbol: asset.symbol, difference: asset.difference }).toEqual({
        symbol: asset.symbol,
        difference: '0',
      });
    expect(await auditClean(t)).toEqual({ ok: true, failed: [] });
  });
});
