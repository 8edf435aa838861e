import { buildTree } from '../index.ts';

/** A deterministic salt for tests (a real snapshot uses newSalt()). */
export const salt = (i: number) => i.toString(16).padStart(64, '0');

/** A tree of `size` users over three assets of different decimals, one with 10^20-unit balances. */
export function sampleTree(size: number, snapshotId = '42') {
  const leaves = Array.from({ length: size }, (_, i) => ({
    userId: String(1000 + i),
    salt: salt(i + 1),
    balances: [BigInt(i * 3 + 1), BigInt(i % 2) * 10n ** 20n, 0n],
  }));
  const tree = buildTree({
    snapshotId,
    takenAt: '2026-01-01T00:00:00.000Z',
    assets: ['BTC', 'ETH', 'USDT'],
    decimals: [8, 18, 6],
    leaves,
  });
  return {
    tree,
    leaves,
    published: { hash: tree.root.hash, sums: tree.root.sums.map(String), snapshot_id: snapshotId },
  };
}
