import { execFileSync } from 'node:child_process';
import { type Abi, BaseError, ContractFunctionRevertedError, erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type EvmNode, startEvmNode } from '../../../testing/evm-node.ts';
import artifacts from './erc20-artifacts.json' with { type: 'json' };
import {
  balancesOf,
  type DeployedTokens,
  deployTokens,
  devAccount,
  localClients,
  sendAsset,
  TEST_WALLET,
} from './local-chain.ts';

const usdtAbi = artifacts.TestUSDT.abi as Abi;
let node: EvmNode;
let tokens: DeployedTokens;

beforeAll(async () => {
  node = await startEvmNode();
  tokens = await deployTokens(node.rpcUrl, devAccount(0));
}, 90_000);

afterAll(async () => {
  await node?.close();
  const port = new URL(node.rpcUrl).port;
  const stray = execFileSync('ps', ['-eo', 'args']).toString().split('\n');
  expect(stray.filter((line) => line.includes(`--port ${port}`))).toEqual([]);
}, 30_000);

/** The custom error a call reverts with, decoded from TestUSDT's ABI. */
async function revertOf(call: Promise<unknown>): Promise<{ errorName?: string; args?: readonly unknown[] }> {
  const error = await call.then(
    () => expect.fail('the call did not revert'),
    (e: unknown) => e,
  );
  const reverted =
    error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) throw error;
  return { errorName: reverted.data?.errorName, args: reverted.data?.args };
}

test('the local node answers with chain id 31337 and serves the deployed tokens', async () => {
  const { publicClient } = localClients(node.rpcUrl);
  expect(await publicClient.getChainId()).toBe(31337);
  const read = (address: `0x${string}`, functionName: 'symbol' | 'decimals' | 'totalSupply') =>
    publicClient.readContract({ address, abi: artifacts.FIT24.abi, functionName });
  expect(await read(tokens.USDT, 'symbol')).toBe('USDT');
  expect(await read(tokens.USDT, 'decimals')).toBe(6);
  expect(await read(tokens.USDT, 'totalSupply')).toBe(1_000_000_000n * 10n ** 6n);
  expect(await read(tokens.FIT24, 'symbol')).toBe('FIT24');
  expect(await read(tokens.FIT24, 'decimals')).toBe(18);
  expect(await read(tokens.FIT24, 'totalSupply')).toBe(1_000_000_000n * 10n ** 18n);
}, 60_000);

test("the test wallet is Hardhat's account 1, with its published key", () => {
  const account = devAccount(1);
  expect(account.address).toBe(TEST_WALLET.address);
  expect(`0x${Buffer.from(account.getHdKey().privateKey!).toString('hex')}`).toBe(TEST_WALLET.privateKey);
});

test('sendAsset moves ETH and tokens in base units; balancesOf reads them', async () => {
  const to = devAccount(5).address;
  const before = await balancesOf(node.rpcUrl, tokens, to);
  await sendAsset(node.rpcUrl, tokens, { from: devAccount(0), to, asset: 'USDT', amount: 1_234_567n });
  await sendAsset(node.rpcUrl, tokens, { from: devAccount(0), to, asset: 'FIT24', amount: 1n });
  await sendAsset(node.rpcUrl, tokens, { from: devAccount(0), to, asset: 'ETH', amount: 7n });
  expect(await balancesOf(node.rpcUrl, tokens, to)).toEqual({
    ETH: before.ETH + 7n,
    USDT: before.USDT + 1_234_567n,
    FIT24: before.FIT24 + 1n,
  });
}, 30_000);

test("TestUSDT's blacklist, as Tether's: owner only, and no transfer from or to a listed address", async () => {
  const holder = devAccount(2);
  const owner = localClients(node.rpcUrl, devAccount(0));
  const asHolder = localClients(node.rpcUrl, holder);
  const { publicClient } = owner;
  await sendAsset(node.rpcUrl, tokens, {
    from: devAccount(0),
    to: holder.address,
    asset: 'USDT',
    amount: 100n,
  });
  const listed = () =>
    publicClient.readContract({
      address: tokens.USDT,
      abi: usdtAbi,
      functionName: 'isBlackListed',
      args: [holder.address],
    });
  const setListed = async (client: typeof owner, on: boolean) => {
    const functionName = on ? 'addBlackList' : 'removeBlackList';
    const { request } = await publicClient.simulateContract({
      account: client.walletClient.account,
      address: tokens.USDT,
      abi: usdtAbi,
      functionName,
      args: [holder.address],
    });
    const hash = await client.walletClient.writeContract(request);
    return publicClient.waitForTransactionReceipt({ hash });
  };
  const transfer = (from: typeof owner, to: `0x${string}`) =>
    publicClient.simulateContract({
      account: from.walletClient.account,
      address: tokens.USDT,
      abi: usdtAbi,
      functionName: 'transfer',
      args: [to, 1n],
    });

  expect(await listed()).toBe(false);
  expect(await revertOf(setListed(asHolder, true))).toEqual({
    errorName: 'OwnableUnauthorizedAccount',
    args: [holder.address],
  });
  expect((await setListed(owner, true)).status).toBe('success');
  expect(await listed()).toBe(true);
  const blocked = { errorName: 'Blacklisted', args: [holder.address] };
  expect(await revertOf(transfer(asHolder, devAccount(3).address))).toEqual(blocked);
  expect(await revertOf(transfer(owner, holder.address))).toEqual(blocked);
  const send = sendAsset(node.rpcUrl, tokens, {
    from: devAccount(0),
    to: holder.address,
    asset: 'USDT',
    amount: 1n,
  });
  await expect(send).rejects.toThrow(/Blacklisted/);

  // What a withdrawal to a listed address looks like once broadcast: mined, and reverted.
  const hash = await owner.walletClient.writeContract({
    address: tokens.USDT,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [holder.address, 1n],
    gas: 100_000n,
  });
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted');

  expect((await setListed(owner, false)).status).toBe('success');
  expect(await listed()).toBe(false);
  await transfer(asHolder, devAccount(3).address);
  expect((await balancesOf(node.rpcUrl, tokens, holder.address)).USDT).toBe(100n);
}, 60_000);

test('the artifact TestUSDT is deployed from carries the blacklist', () => {
  const names = usdtAbi.map((entry) => ('name' in entry ? entry.name : ''));
  expect(names).toEqual(
    expect.arrayContaining(['addBlackList', 'removeBlackList', 'isBlackListed', 'Blacklisted']),
  );
  expect(artifacts.TestUSDT.bytecode as Hex).toMatch(/^0x[0-9a-f]+$/);
});
