import { fromBaseUnits, type TReservesAsset, type TReservesSnapshot } from '@fit24/contract';
import { formatUnits } from 'viem';
import type { HoldingRow, SnapshotRow } from './reserves.repository.ts';

/** A stored snapshot and its holdings → the published shape of `GET /api/reserves`. */
export function snapshotToApi(row: SnapshotRow, holdings: HoldingRow[]): TReservesSnapshot {
  const mine = holdings.filter((h) => h.snapshot_id === row.snapshot_id);
  return {
    id: Number(row.snapshot_id),
    taken_at: row.taken_at.toISOString(),
    ledger_point: row.ledger_point,
    user_count: row.user_count,
    root: { hash: row.root_hash, sums: row.root_sums },
    assets: row.assets.map((symbol, i) =>
      assetToApi(
        symbol,
        row.decimals[i]!,
        BigInt(row.root_sums[i]!),
        mine.filter((h) => h.asset === symbol),
      ),
    ),
  };
}

function assetToApi(symbol: string, decimals: number, owed: bigint, holdings: HoldingRow[]): TReservesAsset {
  const liabilities = fromBaseUnits(owed, decimals);
  const first = holdings[0];
  // No holdings: the asset has no real chain here (the devnet), so nothing can be proven of it.
  if (!first)
    return {
      asset: symbol,
      decimals,
      liabilities,
      reserves: null,
      ratio: null,
      provable: false,
      chain: null,
      block_number: null,
      holdings: [],
    };
  const held = holdings.reduce((sum, h) => sum + BigInt(h.balance), 0n);
  // Chain units per ledger unit (wei per 10^-8 ETH): both sides of the ratio in chain units.
  const scale = 10n ** BigInt(first.chain_decimals - decimals);
  return {
    asset: symbol,
    decimals,
    liabilities,
    reserves: formatUnits(held, first.chain_decimals),
    ratio: owed > 0n ? ratioText(held, owed * scale) : null,
    provable: true,
    chain: `${first.network}:${first.chain_id}`,
    block_number: String(first.block_number),
    holdings: holdings.map((h) => ({
      address: h.address,
      kind: h.kind,
      balance: formatUnits(BigInt(h.balance), h.chain_decimals),
      message: h.message,
      signature: h.signature,
    })),
  };
}

/** held ÷ owed with four decimals, rounded down: a ratio is never shown higher than it is ("0.9999"). */
export function ratioText(held: bigint, owed: bigint): string {
  const tenThousandths = (held * 10_000n) / owed;
  return `${tenThousandths / 10_000n}.${(tenThousandths % 10_000n).toString().padStart(4, '0')}`;
}
