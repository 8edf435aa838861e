import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { ReservesProof, TreeNode } from './types.ts';

/**
 * The Merkle sum tree of a reserves snapshot (README.md gives the format byte for byte).
 * Every node commits to a hash and to the per-asset sums below it, so the root's sums are the exchange's
 * total liabilities and no user's balance can be left out of them or counted negative.
 */

export interface LeafInput {
  userId: string;
  /** 32 random bytes as 64 lower-case hex digits, one per user per snapshot (newSalt()). */
  salt: string;
  /** Base units, in the order of `assets`; never negative. */
  balances: bigint[];
}

export interface TreeInput {
  snapshotId: string;
  /** ISO 8601 time of the snapshot, copied into every proof file (empty when not given). */
  takenAt?: string;
  assets: string[];
  decimals: number[];
  leaves: LeafInput[];
}

export interface ReservesTree {
  root: TreeNode;
  size: number;
  /** The inclusion proof of the leaf at `index`; throws RangeError outside 0..size-1. */
  proof(index: number): ReservesProof;
  /** The index of a user's leaf, or -1 when the user is not in the snapshot. */
  indexOf(userId: string): number;
}

export const SALT_PATTERN = /^[0-9a-f]{64}$/;
export const HASH_PATTERN = /^[0-9a-f]{64}$/;

const HEX_DIGITS = utf8ToBytes('0123456789abcdef');
const ascii = new TextDecoder();

/**
 * Lower-case hex as one flat string. A hex string built by `+=` (as bytesToHex does) is a rope of ~30
 * pieces in V8: a tree of 100,000 users held 200 MB more because of it.
 */
function toHex(bytes: Uint8Array): string {
  const out = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    out[2 * i] = HEX_DIGITS[bytes[i]! >> 4]!;
    out[2 * i + 1] = HEX_DIGITS[bytes[i]! & 15]!;
  }
  return ascii.decode(out);
}

const sha256Hex = (text: string): string => toHex(sha256(utf8ToBytes(text)));

export const hashUser = (userId: string, salt: string): string =>
  sha256Hex(`fit24-por-user|v1|${userId}|${salt}`);

export const hashLeaf = (snapshotId: string, userHash: string, balances: readonly bigint[]): string =>
  sha256Hex(`fit24-por-leaf|v1|${snapshotId}|${userHash}|${balances.join(',')}`);

/** A parent: sums added asset by asset, hash over both children's hashes AND sums. */
export function parentNode(left: TreeNode, right: TreeNode): TreeNode {
  const sums = left.sums.map((sum, i) => sum + right.sums[i]!);
  const hash = sha256Hex(
    `fit24-por-node|v1|${left.hash}|${left.sums.join(',')}|${right.hash}|${right.sums.join(',')}`,
  );
  return { hash, sums };
}

/** The zero node that pads an odd level (and is the whole tree when nobody holds anything). */
export const padNode = (snapshotId: string, level: number, assetCount: number): TreeNode => ({
  hash: sha256Hex(`fit24-por-pad|v1|${snapshotId}|${level}`),
  sums: new Array<bigint>(assetCount).fill(0n),
});

/** 32 bytes from the platform's CSPRNG (Node 20 and browsers), as 64 lower-case hex digits. */
export function newSalt(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Builds the tree over the leaves in the order given (the server sorts them by user id, so the same
 * snapshot always gives the same root). Throws on a negative balance, a wrong number of balances,
 * a malformed salt, a '|' in an id (it would make the hashed text ambiguous) or a user listed twice.
 */
export function buildTree(input: TreeInput): ReservesTree {
  const { snapshotId, assets, decimals, leaves } = input;
  checkHeader(snapshotId, assets, decimals);
  const positions = new Map<string, number>();
  const level0 = leaves.map((leaf, index) => {
    checkLeaf(leaf, assets.length, index);
    if (positions.has(leaf.userId)) throw new Error(`user ${leaf.userId} appears twice`);
    positions.set(leaf.userId, index);
    const sums = [...leaf.balances];
    return { hash: hashLeaf(snapshotId, hashUser(leaf.userId, leaf.salt), sums), sums };
  });

  // levels[0] = leaves; every level above pairs the one below, padded with a zero node when odd.
  const levels: TreeNode[][] = [level0];
  for (let below = level0; below.length > 1; ) {
    if (below.length % 2 === 1) below.push(padNode(snapshotId, levels.length - 1, assets.length));
    const above: TreeNode[] = [];
    for (let i = 0; i < below.length; i += 2) above.push(parentNode(below[i]!, below[i + 1]!));
    levels.push(above);
    below = above;
  }
  const root = leaves.length === 0 ? padNode(snapshotId, 0, assets.length) : levels.at(-1)![0]!;

  return {
    root,
    size: leaves.length,
    indexOf: (userId) => positions.get(userId) ?? -1,
    proof(index) {
      const leaf = leaves[index];
      if (!Number.isSafeInteger(index) || leaf === undefined) {
        throw new RangeError(`no leaf ${index} in a tree of ${leaves.length}`);
      }
      const path: ReservesProof['path'] = [];
      for (let level = 0, at = index; level < levels.length - 1; level++, at >>>= 1) {
        const sibling = levels[level]![at ^ 1]!;
        path.push({
          side: at % 2 === 0 ? 'right' : 'left',
          hash: sibling.hash,
          sums: sibling.sums.map(String),
        });
      }
      return {
        version: 1,
        snapshot_id: snapshotId,
        taken_at: input.takenAt ?? '',
        assets: [...assets],
        decimals: [...decimals],
        leaf: { index, user_id: leaf.userId, salt: leaf.salt, balances: leaf.balances.map(String) },
        path,
        root: { hash: root.hash, sums: root.sums.map(String) },
      };
    },
  };
}

function checkHeader(snapshotId: string, assets: string[], decimals: number[]): void {
  if (snapshotId === '' || snapshotId.includes('|')) {
    throw new Error('snapshot id must be non-empty, without |');
  }
  if (assets.length !== decimals.length) throw new Error('assets and decimals differ in length');
}

function checkLeaf(leaf: LeafInput, assetCount: number, index: number): void {
  if (leaf.userId === '' || leaf.userId.includes('|')) throw new Error(`leaf ${index}: bad user id`);
  if (!SALT_PATTERN.test(leaf.salt)) throw new Error(`leaf ${index}: salt must be 64 lower-case hex digits`);
  if (leaf.balances.length !== assetCount) throw new Error(`leaf ${index}: expected ${assetCount} balances`);
  if (leaf.balances.some((balance) => balance < 0n)) throw new Error(`leaf ${index}: negative balance`);
}
