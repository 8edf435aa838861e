import { HASH_PATTERN, hashLeaf, hashUser, parentNode, SALT_PATTERN } from './tree.ts';
import type { ReservesProof, TreeNode } from './types.ts';

/**
 * The root the exchange published (GET /api/reserves). Give `snapshot_id`, `assets` and `decimals` too
 * when known: a proof of another snapshot is then named as such, and a proof cannot relabel its amounts
 * (the asset list and the decimals are labels, part of no hash).
 */
export interface PublishedRoot {
  hash: string;
  sums: string[];
  /** The API's snapshot id (a number there; the proof file has it as a string). */
  snapshot_id?: string | number;
  assets?: string[];
  decimals?: number[];
}

export type ProofFailureCode =
  | 'malformed'
  | 'negative'
  | 'snapshot-mismatch'
  | 'path-mismatch'
  | 'root-mismatch'
  | 'sums-mismatch';

export type ProofFailure = { ok: false; code: ProofFailureCode; reason: string };

export type ProofVerified = {
  ok: true;
  snapshotId: string;
  userId: string;
  /** The leaf hash the verifier computed from the user id, salt and balances. */
  leafHash: string;
  /** Number of path steps hashed from the leaf to the root. */
  steps: number;
  rootHash: string;
  balances: { asset: string; decimals: number; amount: bigint }[];
};

const AMOUNT = /^(0|-?[1-9][0-9]{0,99})$/;
const MAX_DEPTH = 64;

const fail = (code: ProofFailureCode, reason: string): ProofFailure => ({ ok: false, code, reason });

/** Reads a proof file's text; never throws. */
export function parseProof(text: string): { ok: true; proof: ReservesProof } | ProofFailure {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('malformed', 'The proof file is not JSON.');
  }
  const problem = proofShapeProblem(value);
  return problem === null ? { ok: true, proof: value as ReservesProof } : fail('malformed', problem);
}

/**
 * Recomputes the root from the leaf (user id, salt, balances) and the sibling path, and compares it with the
 * published root. Never throws: any input that is not a well-formed proof is `{ ok: false, code: 'malformed' }`.
 */
export function verifyProof(proof: unknown, published: PublishedRoot): ProofVerified | ProofFailure {
  const proofProblem = proofShapeProblem(proof);
  if (proofProblem !== null) return fail('malformed', proofProblem);
  const p = proof as ReservesProof;
  if (!isNode(published, p.assets.length)) return fail('malformed', 'The published root is malformed.');

  const amounts = [p.leaf.balances, ...p.path.map((step) => step.sums), p.root.sums, published.sums];
  if (amounts.some((list) => list.some((amount) => amount.startsWith('-')))) {
    return fail('negative', 'The proof contains a negative amount.');
  }
  if (published.snapshot_id !== undefined && String(published.snapshot_id) !== p.snapshot_id) {
    return fail(
      'snapshot-mismatch',
      `The proof is for snapshot ${p.snapshot_id}, not ${published.snapshot_id}.`,
    );
  }
  if (!matchesIfGiven(published.assets, p.assets) || !matchesIfGiven(published.decimals, p.decimals)) {
    return fail('snapshot-mismatch', 'The proof lists other assets or decimals than the published snapshot.');
  }
  if (!sidesMatchIndex(p)) {
    return fail('path-mismatch', 'The path does not lead from the leaf position to the root.');
  }

  const balances = p.leaf.balances.map(BigInt);
  const leafHash = hashLeaf(p.snapshot_id, hashUser(p.leaf.user_id, p.leaf.salt), balances);
  let node: TreeNode = { hash: leafHash, sums: balances };
  for (const step of p.path) {
    const sibling = { hash: step.hash, sums: step.sums.map(BigInt) };
    node = step.side === 'right' ? parentNode(node, sibling) : parentNode(sibling, node);
  }
  const sums = node.sums.map(String);

  if (node.hash !== published.hash) {
    return fail('root-mismatch', 'The proof does not lead to the published root.');
  }
  if (!sameList(sums, published.sums)) {
    return fail('sums-mismatch', "The published totals differ from the totals the root's hash commits to.");
  }
  if (p.root.hash !== node.hash) {
    return fail('root-mismatch', "The proof's own root differs from the root its path leads to.");
  }
  if (!sameList(p.root.sums, sums)) {
    return fail('sums-mismatch', "The proof's own root totals differ from the totals its path adds up to.");
  }
  return {
    ok: true,
    snapshotId: p.snapshot_id,
    userId: p.leaf.user_id,
    leafHash,
    steps: p.path.length,
    rootHash: node.hash,
    balances: p.assets.map((asset, i) => ({ asset, decimals: p.decimals[i]!, amount: balances[i]! })),
  };
}

/** Bit k of the index says whether the node at level k is a right child, so its sibling sits on the left. */
function sidesMatchIndex(p: ReservesProof): boolean {
  let at = p.leaf.index;
  for (const step of p.path) {
    if (step.side !== (at % 2 === 0 ? 'right' : 'left')) return false;
    at = Math.floor(at / 2);
  }
  return at === 0;
}

/** Why a value is not a well-formed proof (null when it is). Amounts may be negative here; verify refuses them. */
function proofShapeProblem(value: unknown): string | null {
  if (!isRecord(value) || value.version !== 1) return 'The proof is not a version 1 proof file.';
  const { snapshot_id, taken_at, assets, decimals, leaf, path, root } = value;
  if (!isId(snapshot_id) || typeof taken_at !== 'string') return 'The proof has no valid snapshot id.';
  if (!isStringList(assets) || assets.length === 0) return 'The proof has no asset list.';
  const count = assets.length;
  if (!Array.isArray(decimals) || decimals.length !== count || !decimals.every(isDecimals)) {
    return 'The proof has no valid decimals for its assets.';
  }
  if (!isRecord(leaf) || !Number.isSafeInteger(leaf.index) || (leaf.index as number) < 0) {
    return 'The proof has no valid leaf index.';
  }
  if (!isId(leaf.user_id) || typeof leaf.salt !== 'string' || !SALT_PATTERN.test(leaf.salt)) {
    return 'The proof has no valid user id and salt.';
  }
  if (!isAmounts(leaf.balances, count)) return 'The leaf balances are not one integer per asset.';
  if (!Array.isArray(path) || path.length > MAX_DEPTH) return 'The proof has no valid path.';
  const badStep = path.findIndex(
    (step) => !isNode(step, count) || !isSide((step as { side?: unknown }).side),
  );
  if (badStep !== -1) return `Path step ${badStep + 1} is malformed.`;
  if (!isNode(root, count)) return "The proof's root is malformed.";
  return null;
}

function isNode(value: unknown, count: number): value is { hash: string; sums: string[] } {
  return (
    isRecord(value) &&
    typeof value.hash === 'string' &&
    HASH_PATTERN.test(value.hash) &&
    isAmounts(value.sums, count)
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && !value.includes('|');
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isAmounts = (value: unknown, count: number): value is string[] =>
  isStringList(value) && value.length === count && value.every((amount) => AMOUNT.test(amount));
const isDecimals = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 255;
const isSide = (value: unknown): boolean => value === 'left' || value === 'right';
const sameList = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((item, i) => item === b[i]);
const matchesIfGiven = <T>(published: unknown, proof: readonly T[]): boolean =>
  published === undefined || (Array.isArray(published) && sameList(published, proof));
