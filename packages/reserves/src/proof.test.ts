import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTree, parseProof, type ReservesProof, verifyProof } from './index.ts';
import { salt, sampleTree } from './testing/sample-tree.ts';

const copy = (proof: ReservesProof): ReservesProof => structuredClone(proof);
const flipHex = (hex: string, at = 0) => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);

describe('verifyProof refuses a tampered proof with the right code', () => {
  const { tree, published } = sampleTree(5);
  const good = tree.proof(2);

  const cases: [string, (p: ReservesProof) => void, string][] = [
    [
      'one leaf balance',
      (p) => (p.leaf.balances[0] = String(BigInt(p.leaf.balances[0]!) + 1n)),
      'root-mismatch',
    ],
    ['one sibling sum', (p) => (p.path[1]!.sums[2] = '1'), 'root-mismatch'],
    ['one sibling hash', (p) => (p.path[0]!.hash = flipHex(p.path[0]!.hash, 10)), 'root-mismatch'],
    ['the salt', (p) => (p.leaf.salt = flipHex(p.leaf.salt, 63)), 'root-mismatch'],
    ['the user id', (p) => (p.leaf.user_id = '1003'), 'root-mismatch'],
    ['the index', (p) => (p.leaf.index = 3), 'path-mismatch'],
    ['an index beyond the path', (p) => (p.leaf.index = 2 + 8), 'path-mismatch'],
    ['one side', (p) => (p.path[0]!.side = p.path[0]!.side === 'left' ? 'right' : 'left'), 'path-mismatch'],
    ['its own root hash', (p) => (p.root.hash = flipHex(p.root.hash)), 'root-mismatch'],
    ['its own root sums', (p) => (p.root.sums[0] = '0'), 'sums-mismatch'],
    ['a dropped path step', (p) => p.path.pop(), 'root-mismatch'],
    ['a negative balance', (p) => (p.leaf.balances[1] = '-5'), 'negative'],
    ['a negative sibling sum', (p) => (p.path[0]!.sums[0] = '-1'), 'negative'],
    ['the version', (p) => ((p as { version: number }).version = 2), 'malformed'],
    ['a balance missing', (p) => p.leaf.balances.pop(), 'malformed'],
    ['a decimal amount', (p) => (p.leaf.balances[0] = '1.5'), 'malformed'],
    ['an upper-case hash', (p) => (p.path[0]!.hash = p.path[0]!.hash.toUpperCase()), 'malformed'],
  ];
  it.each(cases)('changing %s', (_, mutate, code) => {
    const proof = copy(good);
    mutate(proof);
    expect(verifyProof(proof, published)).toMatchObject({ ok: false, code });
  });

  it('accepts the untouched proof (so every failure above is the change)', () => {
    expect(verifyProof(copy(good), published).ok).toBe(true);
  });

  it("refuses a consistent move to the neighbour's position", () => {
    // Leaves 2 and 3 share a parent: moving to index 3 with the sibling on the left is a consistent path
    // that hashes the pair in the other order, so the root differs.
    const proof = copy(good);
    proof.leaf.index = 3;
    proof.path[0]!.side = 'left';
    expect(verifyProof(proof, published)).toMatchObject({ ok: false, code: 'root-mismatch' });
  });

  it("refuses another snapshot's root, published totals that differ, relabelled assets", () => {
    const other = sampleTree(5, '43');
    expect(verifyProof(good, other.published)).toMatchObject({ code: 'snapshot-mismatch' });
    const { snapshot_id: _, ...withoutId } = other.published;
    expect(verifyProof(good, withoutId)).toMatchObject({ code: 'root-mismatch' });
    const inflated = { ...published, sums: published.sums.map((s) => String(BigInt(s) + 1n)) };
    expect(verifyProof(good, inflated)).toMatchObject({ code: 'sums-mismatch' });
    expect(verifyProof(good, { ...published, assets: ['ETH', 'BTC', 'USDT'] })).toMatchObject({
      code: 'snapshot-mismatch',
    });
    expect(verifyProof(good, { ...published, decimals: [8, 6, 18] })).toMatchObject({
      code: 'snapshot-mismatch',
    });
    expect(verifyProof(good, { ...published, snapshot_id: 42, assets: ['BTC', 'ETH', 'USDT'] }).ok).toBe(
      true,
    );
  });

  it('never throws on junk', () => {
    const junk: unknown[] = [
      null,
      1,
      'x',
      [],
      {},
      { version: 1 },
      { ...good, path: null },
      { ...good, leaf: [] },
    ];
    for (const value of junk)
      expect(verifyProof(value, published)).toMatchObject({ ok: false, code: 'malformed' });
    expect(verifyProof(good, null as never)).toMatchObject({ ok: false, code: 'malformed' });
    expect(verifyProof(good, { hash: 'x', sums: [] })).toMatchObject({ ok: false, code: 'malformed' });
    expect(parseProof('{')).toMatchObject({ ok: false, code: 'malformed' });
    expect(parseProof(JSON.stringify(good))).toEqual({ ok: true, proof: good });
  });
});

describe('a negative leaf cannot hide a debt', () => {
  it('fails a hand-made proof whose sibling is negative, even when the sums add up to the published root', () => {
    // A dishonest exchange offsets user A's 100 with a hidden -100 leaf so the published total is 0.
    // buildTree refuses the negative leaf, and the verifier refuses the negative sibling.
    const leaves = [
      { userId: 'a', salt: salt(1), balances: [100n] },
      { userId: 'b', salt: salt(2), balances: [100n] },
    ];
    expect(() =>
      buildTree({
        snapshotId: '1',
        assets: ['BTC'],
        decimals: [8],
        leaves: [leaves[0]!, { ...leaves[1]!, balances: [-100n] }],
      }),
    ).toThrow(/negative/);
    const proof = buildTree({ snapshotId: '1', assets: ['BTC'], decimals: [8], leaves }).proof(0);
    proof.path[0]!.sums = ['-100'];
    expect(verifyProof(proof, { hash: proof.root.hash, sums: ['0'] })).toMatchObject({
      ok: false,
      code: 'negative',
    });
  });
});

describe('properties', () => {
  const treeArb = fc
    .record({
      snapshotId: fc.integer({ min: 1, max: 1_000_000 }).map(String),
      assetCount: fc.integer({ min: 1, max: 4 }),
      size: fc.integer({ min: 1, max: 40 }),
      seed: fc.bigInt({ min: 0n, max: 10n ** 30n }),
    })
    .map(({ snapshotId, assetCount, size, seed }) => {
      const leaves = Array.from({ length: size }, (_, i) => ({
        userId: `u${i}`,
        salt: salt(i * 7919 + 1),
        balances: Array.from(
          { length: assetCount },
          (_, a) => (seed * BigInt(i + 1) * BigInt(a + 3)) % 10n ** 24n,
        ),
      }));
      const assets = Array.from({ length: assetCount }, (_, a) => `A${a}`);
      const tree = buildTree({ snapshotId, assets, decimals: assets.map(() => 8), leaves });
      return {
        tree,
        published: { hash: tree.root.hash, sums: tree.root.sums.map(String), snapshot_id: snapshotId },
      };
    });

  it('every leaf of a random tree verifies', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), ({ tree, published }, pick) => {
        expect(verifyProof(tree.proof(pick % tree.size), published).ok).toBe(true);
      }),
    );
  });

  it('a random single change to a proof never verifies', () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), fc.nat(), fc.nat(), ({ tree, published }, pick, where, what) => {
        const proof = tree.proof(pick % tree.size);
        const mutated = mutate(proof, where, what);
        expect(verifyProof(mutated, published).ok).toBe(false);
      }),
    );
  });
});

/** One change at a place chosen by `where`, by an amount chosen by `what` (never a no-op). */
function mutate(original: ReservesProof, where: number, what: number): ReservesProof {
  const p = copy(original);
  const delta = BigInt(what % 1000) + 1n;
  const bump = (list: string[]) => {
    const i = what % list.length;
    list[i] = String(BigInt(list[i]!) + (what % 2 === 0 ? delta : -delta));
  };
  const step = p.path.length > 0 ? p.path[what % p.path.length]! : undefined;
  switch (where % 9) {
    case 0:
      bump(p.leaf.balances);
      break;
    case 1:
      p.leaf.salt = flipHex(p.leaf.salt, what % 64);
      break;
    case 2:
      p.leaf.user_id = `${p.leaf.user_id}x`;
      break;
    case 3:
      p.leaf.index += 1 + (what % 5);
      break;
    case 4:
      p.snapshot_id = `${p.snapshot_id}0`;
      break;
    case 5:
      if (step) step.side = step.side === 'left' ? 'right' : 'left';
      else p.leaf.index += 1;
      break;
    case 6:
      if (step) step.hash = flipHex(step.hash, what % 64);
      else bump(p.root.sums);
      break;
    case 7:
      if (step) bump(step.sums);
      else p.root.hash = flipHex(p.root.hash, what % 64);
      break;
    default:
      if (step) p.path.splice(p.path.indexOf(step), 1);
      else bump(p.leaf.balances);
  }
  return p;
}
