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
  /** Why this chain cannot move an asset of its network (an ERC-20 with no contract set), or null. */
  refuses?(asset: ChainAsset): string | null;
}

/** What the chains need to know of an asset. */
export interface ChainAsset {
  network: string;
  symbol: string;
  contract_address: string | null;
}

/** The chains by network. A network with none has deposits and withdrawals disabled, with a reason. */
export interface Chains {
  get(network: string): ChainAdapter | undefined;
  /** The asset's chain, or 422 with the reason it is unavailable. */
  require(asset: ChainAsset): ChainAdapter;
  /** Why an asset cannot move on or off the exchange (no chain for its network, no contract); or null. */
  unavailableReason(asset: ChainAsset): string | null;
  /** The simulated networks (the devnet miner moves them on). */
  devnetNetworks(): string[];
}
