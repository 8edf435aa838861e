import { reserveMessage } from '@fit24/reserves';
import { type Address, erc20Abi, getAddress } from 'viem';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { type EvmChain, isEvmChain } from '../chain/evm/evm-chain.ts';
import type { KeyIndex } from '../chain/evm/hd-wallet.ts';
import type { NewHolding, SnapshotAsset } from './reserves.repository.ts';

/** What the snapshot's consistent read saw of an EVM chain: the scanner's block and the addresses in use. */
export interface ChainPoint {
  chain: EvmChain;
  /** The last block the custody scanner read (0 before its first pass). */
  scannedHeight: bigint;
  depositAddresses: { userId: bigint; address: string }[];
}

/** The assets an EVM chain holds provably: its coin, and each token whose contract custody knows. */
export function provableOn(chain: EvmChain, asset: SnapshotAsset): boolean {
  if (asset.network !== chain.network) return false;
  return (
    asset.symbol === chain.config.nativeSymbol || (!!asset.contract_address && asset.chain_decimals !== null)
  );
}

/** The real EVM chains of the snapshot's assets (a devnet network has none: its assets are not provable). */
export function evmChains(ctx: AppContext, assets: SnapshotAsset[]): EvmChain[] {
  const networks = [...new Set(assets.map((a) => a.network))];
  return networks.map((n) => ctx.chains.get(n)).filter(isEvmChain);
}

/**
 * The reserves at the snapshot's block, per provable asset: the hot wallet (always listed) and each deposit
 * address holding some of it (unswept deposits), each balance read at that block and each address signing
 * `reserveMessage(snapshotId, address)` with its own key. Runs outside any database transaction: it waits
 * on the node. A node that does not answer fails the snapshot (503) rather than publishing it unproven.
 */
export async function readHoldings(
  point: ChainPoint,
  assets: SnapshotAsset[],
  snapshotId: bigint,
): Promise<NewHolding[]> {
  const { chain } = point;
  try {
    // Before the scanner's first pass there is no block of its own: the node's latest stands in.
    const block = point.scannedHeight > 0n ? point.scannedHeight : await chain.client.getBlockNumber();
    const owners: { index: KeyIndex; kind: 'hot' | 'deposit'; address: Address }[] = [
      { index: 'hot', kind: 'hot', address: await chain.address('hot') },
    ];
    for (const { userId, address } of point.depositAddresses) {
      const derived = await chain.address(userId);
      // An address of another mnemonic (a restored database, say) cannot sign: it is not counted.
      if (derived.toLowerCase() === address.toLowerCase())
        owners.push({ index: userId, kind: 'deposit', address: derived });
    }
    const rows: NewHolding[] = [];
    for (const asset of assets.filter((a) => provableOn(chain, a))) {
      for (const owner of owners) {
        const balance = await balanceAt(chain, asset, owner.address, block);
        if (owner.kind === 'deposit' && balance === 0n) continue;
        const message = reserveMessage(String(snapshotId), owner.address);
        rows.push({
          asset: asset.symbol,
          network: chain.network,
          chainId: chain.config.chainId,
          chainDecimals: asset.chain_decimals ?? 18,
          blockNumber: block,
          address: getAddress(owner.address),
          kind: owner.kind,
          balance,
          message,
          signature: await chain.signer.signMessage(owner.index, message),
        });
      }
    }
    return rows;
  } catch (error) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `The ${chain.network} node did not answer for the reserves (${(error as Error).message.split('\n')[0]}); no snapshot was published.`,
    );
  }
}

function balanceAt(
  chain: EvmChain,
  asset: SnapshotAsset,
  owner: Address,
  blockNumber: bigint,
): Promise<bigint> {
  if (asset.symbol === chain.config.nativeSymbol)
    return chain.client.getBalance({ address: owner, blockNumber });
  return chain.client.readContract({
    address: asset.contract_address as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
    blockNumber,
  });
}
