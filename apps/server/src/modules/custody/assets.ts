import type { Address } from 'viem';
import type { Database } from '../../db/database.ts';
import type { AssetRow } from '../../db/schema-funds.ts';
import type { EvmChain } from '../chain/evm/evm-chain.ts';

/** The assets that live on an EVM chain: its native coin, and each ERC-20 token with a known contract. */
export interface ChainAssets {
  native: AssetRow;
  tokens: AssetRow[];
  byContract: Map<string, AssetRow>;
  hot: Address;
}

/** Chain units per ledger unit: 10^(chain decimals − asset decimals) (wei per 10^-8 ETH, say). */
export function scaleOf(asset: AssetRow): bigint {
  return 10n ** BigInt((asset.chain_decimals ?? asset.decimals) - asset.decimals);
}

/** A chain amount in ledger units, rounded down: what is below one unit stays on chain as dust. */
export const toUnits = (asset: AssetRow, raw: bigint) => raw / scaleOf(asset);

export async function chainAssets(db: Database, chain: EvmChain): Promise<ChainAssets> {
  const rows = await db.selectFrom('assets').selectAll().where('network', '=', chain.network).execute();
  const native = rows.find((a) => a.symbol === chain.config.nativeSymbol);
  if (!native) throw new Error(`There is no ${chain.config.nativeSymbol} asset on ${chain.network}.`);
  const tokens = rows.filter((a) => a.contract_address !== null && a.chain_decimals !== null);
  return {
    native,
    tokens,
    byContract: new Map(tokens.map((t) => [t.contract_address!.toLowerCase(), t])),
    hot: await chain.address('hot'),
  };
}
