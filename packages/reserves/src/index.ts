/**
 * @fit24/reserves: proof of reserves (issue 16), pure TypeScript for the server, the app and the CLI.
 * The tree format is described byte for byte in README.md.
 */

export {
  type ProofFailure,
  type ProofFailureCode,
  type ProofVerified,
  type PublishedRoot,
  parseProof,
  verifyProof,
} from './proof.ts';
export { checksumAddress, reserveMessage, verifyReserveSignature } from './signature.ts';
export { buildTree, type LeafInput, newSalt, type ReservesTree, type TreeInput } from './tree.ts';
export type { ReservesProof, TreeNode } from './types.ts';
