import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { deployTokens, type EvmNode, localClients, startEvmNode } from '../../../testing/evm-node.js';
import artifacts from './erc20-artifacts.json' with { type: 'json' };

let node: EvmNode;

beforeAll(async () => {
  node = await startEvmNode();
}, 90_000);

afterAll(async () => {
  await node?.close();
  const port = new URL(node.rpcUrl).port;
  const stray = execFileSync('ps', ['-eo', 'args']).toString().split('\n');
  expect(stray.filter((line) => line.includes(`--port ${port}`))).toEqual([]);
}, 30_000);

test('the local node answers with chain id 31337 and serves the deployed tokens', async () => {
  const { publicClient } = localClients(node.rpcUrl);
  expect(await publicClient.getChainId()).toBe(31337);
  const tokens = await deployTokens(node.rpcUrl);
  const read = (address: `0x${string}`, functionName: 'symbol' | 'decimals' | 'totalSupply') =>
    publicClient.readContract({ address, abi: artifacts.FIT24.abi, functionName });
  expect(await read(tokens.USDT, 'symbol')).toBe('USDT');
  expect(await read(tokens.USDT, 'decimals')).toBe(6);
  expect(await read(tokens.USDT, 'totalSupply')).toBe(1_000_000_000n * 10n ** 6n);
  expect(await read(tokens.FIT24, 'symbol')).toBe('FIT24');
  expect(await read(tokens.FIT24, 'decimals')).toBe(18);
  expect(await read(tokens.FIT24, 'totalSupply')).toBe(1_000_000_000n * 10n ** 18n);
}, 60_000);
