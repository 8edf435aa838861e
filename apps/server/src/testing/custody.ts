import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { type Address, parseEther, parseUnits } from 'viem';
import type { EvmConfig } from '../config-evm.ts';
import { Secret } from '../config-evm.ts';
import { hdWallet } from '../modules/chain/evm/hd-wallet.ts';
import {
  type DeployedTokens,
  deployTokens,
  devAccount,
  type LocalAsset,
  localClients,
  sendAsset,
} from '../modules/chain/evm/local-chain.ts';
import { type EvmNode, startEvmNode } from './evm-node.ts';
import type { TestApp } from './test-app.ts';

/** A local chain for custody tests: a Hardhat node with FIT24 and USDT deployed. */
export interface TestChain {
  node: EvmNode;
  tokens: DeployedTokens;
  clients: ReturnType<typeof localClients>;
  /** Mines `blocks` empty blocks at once. */
  mine(blocks?: number): Promise<void>;
  /** Sends from Hardhat's account `from` (1 by default: a customer's own wallet). */
  send(to: Address, asset: LocalAsset, amount: string, from?: number): Promise<`0x${string}`>;
  close(): Promise<void>;
}

export const CHAIN_DECIMALS: Record<LocalAsset, number> = { ETH: 18, USDT: 6, FIT24: 18 };

export async function startTestChain(): Promise<TestChain> {
  const node = await startEvmNode();
  const tokens = await deployTokens(node.rpcUrl);
  const clients = localClients(node.rpcUrl);
  // The customer's wallet (account 1) holds tokens as well as its ether.
  for (const asset of ['USDT', 'FIT24'] as const)
    await sendAsset(node.rpcUrl, tokens, {
      from: devAccount(0),
      to: devAccount(1).address,
      asset,
      amount: parseUnits('1000000', CHAIN_DECIMALS[asset]),
    });
  return {
    node,
    tokens,
    clients,
    mine: (blocks = 1) => clients.testClient.mine({ blocks }),
    async send(to, asset, amount, from = 1) {
      const raw = asset === 'ETH' ? parseEther(amount) : parseUnits(amount, CHAIN_DECIMALS[asset]);
      const sent = await sendAsset(node.rpcUrl, tokens, { from: devAccount(from), to, asset, amount: raw });
      return sent.hash;
    },
    close: () => node.close(),
  };
}

/**
 * The exchange's EVM settings against the test chain, with a mnemonic of its own (so two apps on one node
 * never share a wallet) and the loop's timer off: tests drive it with `custody.tick()`.
 */
export function testEvmConfig(chain: TestChain, overrides: Partial<EvmConfig> = {}): EvmConfig {
  return {
    network: 'ethereum',
    nativeSymbol: 'ETH',
    rpcUrl: chain.node.rpcUrl,
    chainId: 31337,
    confirmations: 3,
    mnemonic: new Secret(generateMnemonic(wordlist)),
    tokens: { USDT: chain.tokens.USDT, FIT24: chain.tokens.FIT24 },
    explorerUrl: 'https://explorer.example',
    pollMs: 3_600_000,
    replaceAfterSeconds: 120,
    startBlock: null,
    ...overrides,
  };
}

/** The hot wallet of a config's mnemonic. */
export const hotWallet = (config: EvmConfig) => hdWallet(config.mnemonic.reveal()).address('hot');

/** Funds the hot wallet from Hardhat's account 0 (the operator's own money, before the exchange starts). */
export async function fundHotWallet(
  chain: TestChain,
  config: EvmConfig,
  amounts: Partial<Record<LocalAsset, string>>,
) {
  for (const [asset, amount] of Object.entries(amounts) as [LocalAsset, string][])
    await chain.send(hotWallet(config), asset, amount, 0);
}

/** Runs the custody loop until `done` holds (each pass reads what the chain did since the last). */
export async function tickUntil(t: TestApp, done: () => Promise<boolean>, passes = 20): Promise<void> {
  for (let i = 0; i < passes; i++) {
    await t.custody!.tick();
    if (await done()) return;
  }
  throw new Error(`custody did not get there in ${passes} passes`);
}
