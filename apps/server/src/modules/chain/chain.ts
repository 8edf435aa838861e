import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { encodeSegwitV0, isValidBech32 } from './bech32.ts';
import * as chainRepo from './chain.repository.ts';

/**
 * What the exchange needs of a blockchain: a deposit address per user, address checks for
 * withdrawals, the chain's height (for confirmations), and sending a withdrawal. The built-in
 * `devnet` adapter simulates the chains in the database so the whole flow runs on one machine.
 */
export interface ChainAdapter {
  network: string;
  addressFor(userId: bigint): string;
  isValidAddress(address: string): boolean;
  height(db: Database): Promise<bigint>;
  /** Sends a withdrawal; answers its transaction id and the block it is expected in. */
  send(
    db: Database,
    withdrawal: { address: string; amount: bigint },
  ): Promise<{ txid: string; height: bigint }>;
}

const DEVNET_KEY = 'fit24-devnet-address-derivation';

function program(network: string, userId: bigint): Buffer {
  return createHmac('sha256', DEVNET_KEY).update(`${network}:${userId}`).digest().subarray(0, 20);
}

export async function devnetHeight(db: Database, network: string): Promise<bigint> {
  return (await chainRepo.findDevnetHeight(db, network)) ?? 0n;
}

function devnetAdapter(network: string, format: 'bech32' | 'hex'): ChainAdapter {
  return {
    network,
    addressFor: (userId) =>
      format === 'bech32'
        ? encodeSegwitV0('bcrt', program(network, userId))
        : `0x${program(network, userId).toString('hex')}`,
    isValidAddress: (address) =>
      format === 'bech32' ? isValidBech32(address, 'bcrt') : /^0x[0-9a-fA-F]{40}$/.test(address),
    height: (db) => devnetHeight(db, network),
    async send(db) {
      return { txid: randomBytes(32).toString('hex'), height: (await devnetHeight(db, network)) + 1n };
    },
  };
}

/** The chains the exchange knows, by network name. Tokens (USDT, FIT24) travel on `ethereum`. */
export const chains: Record<string, ChainAdapter> = {
  bitcoin: devnetAdapter('bitcoin', 'bech32'),
  ethereum: devnetAdapter('ethereum', 'hex'),
};

export function chainFor(network: string): ChainAdapter {
  const chain = chains[network];
  if (!chain) throw new Error(`no chain adapter for network ${network}`);
  return chain;
}
