/**
 * The blockchains the exchange moves money on, as every service sees them; built in modules/chain. A
 * `devnet` chain is simulated in the database (development and tests only: its addresses have no keys);
 * an `evm` chain is a real node, whose deposits the custody scanner reads and whose withdrawals the
 * custody sender signs (modules/custody).
 */
export interface ChainAdapter {
  network: string;
  kind: 'devnet' | 'evm';
  /** The user's deposit address on this chain, the same every time. */
  addressFor(userId: bigint): Promise<string>;
  isValidAddress(address: string): boolean;
}

/** The chains by network. A network with none has deposits and withdrawals disabled, with a reason. */
export interface Chains {
  get(network: string): ChainAdapter | undefined;
  /** The network's chain, or 422 with the reason it is unavailable. */
  require(network: string, symbol: string): ChainAdapter;
  /** Why an asset on `network` cannot move on or off the exchange; null when its chain is connected. */
  unavailableReason(network: string, symbol: string): string | null;
  /** The simulated networks (the devnet miner moves them on). */
  devnetNetworks(): string[];
}
