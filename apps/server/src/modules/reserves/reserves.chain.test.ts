import { type TReservesProof, type TReservesSnapshot, toBaseUnits } from '@fit24/contract';
import { reserveMessage, verifyProof, verifyReserveSignature } from '@fit24/reserves';
import { type Address, erc20Abi, getAddress, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvmConfig } from '../../config-evm.ts';
import {
  CHAIN_DECIMALS,
  fundHotWallet,
  hotWallet,
  startTestChain,
  type TestChain,
  testEvmConfig,
  tickUntil,
} from '../../testing/custody.ts';
import { assetId, balance } from '../../testing/funds.ts';
import { type RegisteredUser, registerVerifiedUser } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { ratioText } from './reserves.mappers.ts';

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => {
  await chain?.close();
});

describe.each(databasesUnderTest())('proof of reserves on a real EVM node ($name)', (database) => {
  let t: TestApp;
  let evm: EvmConfig;
  let alice: RegisteredUser;
  let aliceAddress: Address;
  let snapshot: TReservesSnapshot;

  beforeAll(async () => {
    evm = testEvmConfig(chain);
    await fundHotWallet(chain, evm, { ETH: '10', USDT: '100000', FIT24: '5000' });
    t = await createTestApp(database, { evm });
    alice = await registerVerifiedUser(t);
    await tickUntil(t, async () => true);
    const wallet = await t.api('GET', `/api/asset/wallet?asset_id=${await assetId(t, 'ETH')}`, {
      token: alice.token,
    });
    aliceAddress = getAddress(wallet.body.data.wallet.address);
    await chain.send(aliceAddress, 'ETH', '1.5');
    await chain.send(aliceAddress, 'USDT', '250');
    await tickUntil(t, async () => {
      await chain.mine(1);
      return (
        (await balance(t, alice.token, 'ETH')).available === '1.5' &&
        (await balance(t, alice.token, 'USDT')).available === '250'
      );
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const chainBalance = (symbol: 'ETH' | 'USDT' | 'FIT24', owner: Address, blockNumber: bigint) =>
    symbol === 'ETH'
      ? chain.clients.publicClient.getBalance({ address: owner, blockNumber })
      : chain.clients.publicClient.readContract({
          address: chain.tokens[symbol],
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
          blockNumber,
        });

  it('proves ETH, USDT and FIT24 at the scanner block with addresses that sign; BTC is not provable', async () => {
    const taken = await t.ops('POST', '/ops/reserves/snapshots', {});
    expect(taken.status, taken.body.message).toBe(200);
    snapshot = taken.body.data.snapshot;
    const scanned = await t.ctx.db
      .selectFrom('chain_heights')
      .select('height')
      .where('network', '=', 'ethereum')
      .executeTakeFirstOrThrow();
    const btc = snapshot.assets.find((a) => a.asset === 'BTC')!;
    expect(btc).toMatchObject({ provable: false, reserves: null, ratio: null, holdings: [] });

    for (const symbol of ['ETH', 'USDT', 'FIT24'] as const) {
      const asset = snapshot.assets.find((a) => a.asset === symbol)!;
      expect(asset).toMatchObject({
        provable: true,
        chain: 'ethereum:31337',
        block_number: String(scanned.height),
      });
      const block = BigInt(asset.block_number!);
      expect(asset.holdings[0]).toMatchObject({ kind: 'hot', address: hotWallet(evm) });
      let held = 0n;
      for (const holding of asset.holdings) {
        // The signature proves the key: it verifies for this address and message, for no other.
        expect(holding.message).toBe(reserveMessage(String(snapshot.id), holding.address));
        expect(verifyReserveSignature(holding), `${symbol} ${holding.address}`).toBe(true);
        expect(verifyReserveSignature({ ...holding, message: reserveMessage('999', holding.address) })).toBe(
          false,
        );
        // The balance is the chain's at the snapshot's block.
        const onChain = await chainBalance(symbol, holding.address as Address, block);
        expect(parseUnits(holding.balance, CHAIN_DECIMALS[symbol]), `${symbol} ${holding.address}`).toBe(
          onChain,
        );
        held += onChain;
      }
      // Alice's deposit address is listed when it held some of the asset at the block (not yet swept).
      const atAlice = await chainBalance(symbol, aliceAddress, block);
      expect(asset.holdings.some((h) => h.address === aliceAddress)).toBe(atAlice > 0n);
      expect(held).toBe((await chainBalance(symbol, hotWallet(evm), block)) + atAlice);
      expect(parseUnits(asset.reserves!, CHAIN_DECIMALS[symbol])).toBe(held);
      const owed = toBaseUnits(asset.liabilities, asset.decimals)!;
      expect(asset.ratio).toBe(
        owed > 0n ? ratioText(held, owed * 10n ** BigInt(CHAIN_DECIMALS[symbol] - asset.decimals)) : null,
      );
    }
    const eth = snapshot.assets.find((a) => a.asset === 'ETH')!;
    expect(eth.liabilities).toBe('1.5');
    expect(Number(eth.ratio)).toBeGreaterThan(1); // the operator's 10 ETH and the user's 1.5
    expect(snapshot.assets.find((a) => a.asset === 'FIT24')!.ratio).toBeNull(); // nobody is owed any
  });

  it("keeps the snapshot's balances as at its block when the chain moves on", async () => {
    await chain.send(hotWallet(evm), 'ETH', '3', 0);
    await chain.mine(2);
    await t.custody!.tick();
    const listed = (await t.api('GET', '/api/reserves')).body.data.snapshots[0] as TReservesSnapshot;
    expect(listed).toEqual(snapshot);
    const eth = listed.assets.find((a) => a.asset === 'ETH')!;
    const hot = eth.holdings.find((h) => h.kind === 'hot')!;
    expect(parseUnits(hot.balance, 18)).toBe(
      await chainBalance('ETH', hot.address as Address, BigInt(eth.block_number!)),
    );
    expect(parseUnits(hot.balance, 18)).toBeLessThan(
      await chain.clients.publicClient.getBalance({ address: hot.address as Address }),
    );
  });

  it('gives alice a proof that verifies against the published root, with her on-chain deposits', async () => {
    const answer = await t.api('GET', `/api/reserves/proof?snapshot_id=${snapshot.id}`, {
      token: alice.token,
    });
    expect(answer.status, answer.body.message).toBe(200);
    const proof = answer.body.data.proof as TReservesProof;
    const verified = verifyProof(proof, { ...snapshot.root, snapshot_id: snapshot.id });
    expect(verified.ok, verified.ok ? '' : verified.reason).toBe(true);
    const mine = Object.fromEntries(proof.assets.map((a, i) => [a, proof.leaf.balances[i]]));
    expect(mine).toMatchObject({ ETH: '150000000', USDT: '250000000', BTC: '0' });
  });
});
