import { createHmac, randomBytes } from 'node:crypto';
import type { ChainAdapter, ChainAsset, Chains } from '../../chains.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { encodeSegwitV0, isValidBech32 } from './bech32.ts';
import * as chainRepo from './chain.repository.ts';

export type { ChainAdapter } from '../../chains.ts';

export interface DevnetChain extends ChainAdapter {
  kind: 'devnet';
}

const DEVNET_KEY = 'fit24-devnet-address-derivation';

function program(network: string, userId: bigint): Buffer {
  return createHmac('sha256', DEVNET_KEY).update(`${network}:${userId}`).digest().subarray(0, 20);
}

export async function chainHeight(db: Database, network: string): Promise<bigint> {
  return (await chainRepo.findHeight(db, network)) ?? 0n;
}

export function devnetChain(network: string, format: 'bech32' | 'hex'): DevnetChain {
  return {
    network,
    kind: 'devnet',
    addressFor: async (userId) =>
      format === 'bech32'
        ? encodeSegwitV0('bcrt', program(network, userId))
        : `0x${program(network, userId).toString('hex')}`,
    isValidAddress: (address) =>
      format === 'bech32' ? isValidBech32(address, 'bcrt') : /^0x[0-9a-fA-F]{40}$/.test(address),
  };
}

/** A devnet withdrawal "sent": a random transaction id, expected in the network's next block. */
export async function devnetSend(db: Database, network: string): Promise<{ txid: string; height: bigint }> {
  return { txid: devnetTxid(network), height: (await chainHeight(db, network)) + 1n };
}

/** A made-up transaction id, written as the network writes its own (0x… on an EVM network). */
export function devnetTxid(network: string): string {
  return `${network === 'bitcoin' ? '' : '0x'}${randomBytes(32).toString('hex')}`;
}

const NETWORK_NAMES: Record<string, string> = { bitcoin: 'Bitcoin', ethereum: 'Ethereum' };
export const networkName = (network: string) => NETWORK_NAMES[network] ?? network;

/**
 * The chains this exchange runs, by network. A network without one (in production: every network with no
 * real node) has deposits and withdrawals disabled, with a reason the app shows.
 */
export class ChainRegistry implements Chains {
  private readonly byNetwork: Map<string, ChainAdapter>;

  constructor(adapters: ChainAdapter[]) {
    this.byNetwork = new Map(adapters.map((adapter) => [adapter.network, adapter]));
  }

  get(network: string): ChainAdapter | undefined {
    return this.byNetwork.get(network);
  }

  require(asset: ChainAsset): ChainAdapter {
    const reason = this.unavailableReason(asset);
    if (reason) throw new AppError('UNPROCESSABLE', reason);
    return this.byNetwork.get(asset.network)!;
  }

  unavailableReason(asset: ChainAsset): string | null {
    const chain = this.byNetwork.get(asset.network);
    if (!chain)
      return `${asset.symbol} deposits and withdrawals are unavailable: no ${networkName(asset.network)} node is connected to this exchange yet.`;
    return chain.refuses?.(asset) ?? null;
  }

  devnetNetworks(): string[] {
    return [...this.byNetwork.values()].filter((c) => c.kind === 'devnet').map((c) => c.network);
  }
}

/**
 * The devnet chains for `networks` outside production (where nothing is simulated), plus the real chains
 * given; a real chain replaces the devnet of its network.
 */
export function createChainRegistry(production: boolean, real: ChainAdapter[]): ChainRegistry {
  const devnets = production ? [] : [devnetChain('bitcoin', 'bech32'), devnetChain('ethereum', 'hex')];
  const realNetworks = new Set(real.map((chain) => chain.network));
  return new ChainRegistry([...devnets.filter((d) => !realNetworks.has(d.network)), ...real]);
}
