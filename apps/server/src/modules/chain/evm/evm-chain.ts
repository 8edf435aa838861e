import {
  type Address,
  createPublicClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  isAddress,
  type PublicClient,
} from 'viem';
import type { ChainAdapter } from '../../../chains.ts';
import type { EvmConfig } from '../../../config-evm.ts';
import type { KeyIndex } from './hd-wallet.ts';
import { type CustodySigner, localSigner } from './signer.ts';

/**
 * An EVM chain reached over JSON-RPC (`EVM_RPC_URL`): ETH and the ERC-20 tokens travel on it. Deposit
 * addresses are derived from the custody mnemonic per user (hd-wallet.ts), the same for every asset of
 * the chain. The signer holds the keys; the rest of the exchange sees addresses and signed bytes only.
 */
export interface EvmChain extends ChainAdapter {
  kind: 'evm';
  config: EvmConfig;
  client: PublicClient;
  signer: CustodySigner;
  /** The address of a key: the hot wallet, or a user's deposit address. */
  address(index: KeyIndex): Promise<Address>;
  /** Signs an EIP-1559 transaction with a key of the exchange's (the chain id is this chain's). */
  sign(
    index: KeyIndex,
    tx: {
      to: Address;
      value: bigint;
      data?: Hex;
      nonce: number;
      gas: bigint;
      maxFeePerGas: bigint;
      maxPriorityFeePerGas: bigint;
    },
  ): Promise<Hex>;
}

/**
 * The adapter for `config`. The signer defaults to keys derived in this process from the mnemonic; an HSM
 * or a separate signing service is handed in instead (it implements `CustodySigner`).
 */
export function createEvmChain(config: EvmConfig, signer?: CustodySigner): EvmChain {
  const chain = defineChain({
    id: config.chainId,
    name: 'EVM',
    nativeCurrency: { name: 'Ether', symbol: config.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  const client = createPublicClient({
    chain,
    transport: http(config.rpcUrl, { retryCount: 0, timeout: 15_000 }),
    // Every read is fresh: viem would otherwise answer eth_blockNumber from a 4-second cache.
    cacheTime: 0,
  });
  const keys = signer ?? localSigner(config.mnemonic.reveal());
  const addresses = new Map<string, Address>();
  const address = async (index: KeyIndex) => {
    const id = String(index);
    let found = addresses.get(id);
    if (!found) {
      found = getAddress(await keys.address(index));
      addresses.set(id, found);
    }
    return found;
  };
  return {
    network: config.network,
    kind: 'evm',
    config,
    client: client as PublicClient,
    signer: keys,
    address,
    addressFor: (userId) => address(userId),
    // A mixed-case address must carry a valid checksum (EIP-55): a typo is refused, not sent.
    isValidAddress: (text) => isAddress(text, { strict: true }),
    // A token with no contract set: its transfers would not be seen, so nothing may be sent to it.
    refuses: (asset) =>
      asset.symbol === config.nativeSymbol || asset.contract_address
        ? null
        : `${asset.symbol} deposits and withdrawals are unavailable: its token contract on ${config.network} is not set yet.`,
    sign: (index, tx) => keys.signTransaction(index, { type: 'eip1559', chainId: config.chainId, ...tx }),
  };
}

/** The network's chain when it is a real EVM node (custody's calls need its client and signer). */
export function isEvmChain(chain: ChainAdapter | undefined): chain is EvmChain {
  return chain?.kind === 'evm' && 'client' in chain;
}
