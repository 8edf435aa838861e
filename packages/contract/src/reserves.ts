import { z } from 'zod';
import { ZQueryId } from './common.ts';
import { ZMoney } from './money.ts';

/**
 * Proof of reserves (issue 16). A snapshot is a Merkle sum tree of every user's balances at one ledger
 * point (the liabilities), published with its root, beside the exchange's on-chain balances at one block,
 * each address signing a message that proves it controls the address (the reserves). The hashing and the
 * verification live in `@fit24/reserves`; these are the shapes that travel.
 */

/** A count of base units (the proof's amounts): an integer string, never negative in a valid proof. */
const ZBaseUnits = z.string().regex(/^(0|[1-9][0-9]*)$/, 'must be a whole number of base units');
/** A SHA-256 hash, 64 lower-case hex digits without 0x. */
const ZHash = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits');

/** One address of the exchange holding an asset, with its balance at the snapshot's block and its signature. */
export const ZReservesHolding = z.object({
  address: z.string(),
  /** The exchange's hot wallet, or a user's deposit address (funds not yet swept). */
  kind: z.enum(['hot', 'deposit']),
  /** The address's balance at `block_number`, a decimal in the asset's unit (all the chain's decimals). */
  balance: ZMoney,
  /** `FIT24 proof of reserves\nSnapshot: <id>\nAddress: <checksum address>` (EIP-191 personal_sign). */
  message: z.string(),
  /** 65-byte signature, 0x-prefixed hex, by the address's key over `message`. */
  signature: z.string(),
});
export type TReservesHolding = z.infer<typeof ZReservesHolding>;

export const ZReservesAsset = z.object({
  asset: z.string(),
  /** The ledger's decimals of the asset (base units of `root.sums`). */
  decimals: z.number().int().min(0),
  /** What users hold of it (the root's sum for the asset), a decimal. */
  liabilities: ZMoney,
  /** The sum of `holdings`, a decimal; null when the asset has no real chain (not provable). */
  reserves: ZMoney.nullable(),
  /** reserves ÷ liabilities with four decimals ("1.0375"); null when not provable or nothing is owed. */
  ratio: z
    .string()
    .regex(/^[0-9]+\.[0-9]{4}$/)
    .nullable(),
  provable: z.boolean(),
  /** The chain the reserves were read on ("evm:31337"), null when not provable. */
  chain: z.string().nullable(),
  block_number: z.string().nullable(),
  holdings: z.array(ZReservesHolding),
});
export type TReservesAsset = z.infer<typeof ZReservesAsset>;

export const ZReservesSnapshot = z.object({
  id: z.number().int().positive(),
  /** When the snapshot was taken, ISO 8601 UTC ("2025-01-31T12:00:00.000Z"), as in the proof file. */
  taken_at: z.string(),
  /** The last journal entry the snapshot includes (the ledger point), an integer string. */
  ledger_point: z.string(),
  user_count: z.number().int().nonnegative(),
  /** The published root: its hash and the sum per asset in base units, in the order of `assets`. */
  root: z.object({ hash: ZHash, sums: z.array(ZBaseUnits) }),
  assets: z.array(ZReservesAsset),
});
export type TReservesSnapshot = z.infer<typeof ZReservesSnapshot>;

/** `GET /api/reserves`: the latest snapshots, newest first (at most 10). */
export const ZReservesData = z.object({ snapshots: z.array(ZReservesSnapshot) });
export type TReservesData = z.infer<typeof ZReservesData>;

export const ZReservesProofQuery = z.object({ snapshot_id: ZQueryId }).strict();

/**
 * The proof file a user downloads (the `ReservesProof` of `@fit24/reserves`, version 1): their leaf with
 * its salt, the sibling of each level from the leaf up (`side`: where the sibling sits), and the root as the
 * server computed it. A verifier compares the root with the published one, never trusts this one.
 */
export const ZReservesProof = z.object({
  version: z.literal(1),
  snapshot_id: z.string(),
  taken_at: z.string(),
  assets: z.array(z.string()),
  decimals: z.array(z.number().int().min(0)),
  leaf: z.object({
    index: z.number().int().nonnegative(),
    user_id: z.string(),
    salt: z.string(),
    balances: z.array(ZBaseUnits),
  }),
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: ZHash, sums: z.array(ZBaseUnits) })),
  root: z.object({ hash: ZHash, sums: z.array(ZBaseUnits) }),
});
export type TReservesProof = z.infer<typeof ZReservesProof>;
export const ZReservesProofData = z.object({ proof: ZReservesProof });
export type TReservesProofData = z.infer<typeof ZReservesProofData>;

/** `POST /ops/reserves/snapshots`: take a snapshot now. */
export const ZReservesSnapshotBody = z.object({}).strict();
export const ZReservesSnapshotData = z.object({ snapshot: ZReservesSnapshot });
