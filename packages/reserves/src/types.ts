/** A node of the tree: its hash (64 lower-case hex digits, no 0x) and its per-asset sums in base units. */
export interface TreeNode {
  hash: string;
  sums: bigint[];
}

/** The downloadable proof file (JSON). Amounts are base-unit integer strings, in the order of `assets`. */
export interface ReservesProof {
  version: 1;
  snapshot_id: string;
  taken_at: string;
  assets: string[];
  decimals: number[];
  leaf: { index: number; user_id: string; salt: string; balances: string[] };
  /** From the leaf up; `side` is where the SIBLING sits. */
  path: { side: 'left' | 'right'; hash: string; sums: string[] }[];
  /** The root as the server computed it; the verifier checks it against the published root too. */
  root: { hash: string; sums: string[] };
}
