/**
 * A snapshot the size of a large exchange: 100,000 users × 4 assets. Prints the time to build the tree,
 * to produce every user's proof, to verify a sample of them, and the memory held.
 * Run: npm run bench -w packages/reserves
 */
import { buildTree, newSalt, verifyProof } from '../src/index.ts';

const USERS = 100_000;
const ASSETS = ['BTC', 'ETH', 'USDT', 'FIT24'];
const DECIMALS = [8, 18, 6, 8];
const SAMPLE = 2_000;

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const time = <T>(run: () => T): [T, number] => {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
};

globalThis.gc?.();
const before = process.memoryUsage();
let seed = 12345n;
const next = () => {
  seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
  return seed;
};
const [leaves, leavesMs] = time(() =>
  Array.from({ length: USERS }, (_, i) => ({
    userId: String(i + 1),
    salt: newSalt(),
    balances: DECIMALS.map((d) => next() % 10n ** BigInt(d + 3)),
  })),
);
const [tree, buildMs] = time(() =>
  buildTree({
    snapshotId: '1',
    takenAt: new Date().toISOString(),
    assets: ASSETS,
    decimals: DECIMALS,
    leaves,
  }),
);
globalThis.gc?.();
const built = process.memoryUsage();
// Every proof is produced (as the server would, one per request) and dropped; a spread sample is verified.
const [, proofsMs] = time(() => {
  for (let i = 0; i < USERS; i++) tree.proof(i);
});
const bytes = JSON.stringify(tree.proof(0)).length;
const published = { hash: tree.root.hash, sums: tree.root.sums.map(String), snapshot_id: '1' };
const sample = Array.from({ length: SAMPLE }, (_, k) => tree.proof((k * 7919) % USERS));
const [verified, verifyMs] = time(() => sample.filter((proof) => verifyProof(proof, published).ok).length);
if (verified !== SAMPLE) throw new Error(`only ${verified} of ${SAMPLE} proofs verified`);

console.log(`reserves snapshot: ${USERS.toLocaleString('en')} users × ${ASSETS.length} assets`);
console.log(`  leaves generated      ${leavesMs.toFixed(0)} ms`);
console.log(
  `  tree built            ${buildMs.toFixed(0)} ms (${((buildMs * 1000) / USERS).toFixed(1)} µs a user)`,
);
console.log(
  `  all proofs produced   ${proofsMs.toFixed(0)} ms (${tree.proof(0).path.length} steps, ${bytes} bytes of JSON each)`,
);
console.log(
  `  ${SAMPLE} proofs verified ${verifyMs.toFixed(0)} ms (${((verifyMs * 1000) / SAMPLE).toFixed(0)} µs a proof)`,
);
console.log(
  `  memory with the tree  RSS ${mb(built.rss)} MB, heap ${mb(built.heapUsed)} MB (+${mb(built.heapUsed - before.heapUsed)} MB, leaves included)`,
);
