import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTree, newSalt, verifyProof } from './index.ts';
import { salt, sampleTree } from './testing/sample-tree.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('buildTree', () => {
  it.each([1, 2, 3, 5, 17])('proves every leaf of a tree of %i users', (size) => {
    const { tree, leaves, published } = sampleTree(size);
    expect(tree.size).toBe(size);
    const expectedSums = [0, 1, 2].map((a) => leaves.reduce((sum, leaf) => sum + leaf.balances[a]!, 0n));
    expect(tree.root.sums).toEqual(expectedSums);
    for (let i = 0; i < size; i++) {
      const proof = tree.proof(i);
      expect(proof.path).toHaveLength(Math.ceil(Math.log2(size)));
      const result = verifyProof(proof, published);
      expect(result).toMatchObject({ ok: true, userId: String(1000 + i), steps: proof.path.length });
      if (result.ok) expect(result.balances.map((b) => b.amount)).toEqual(leaves[i]!.balances);
    }
  });

  it('hashes exactly as README.md describes (an independent SHA-256 over the documented texts)', () => {
    const { tree, leaves } = sampleTree(3, '7');
    const leafHash = (i: number) => {
      const { userId, salt, balances } = leaves[i]!;
      return sha(`fit24-por-leaf|v1|7|${sha(`fit24-por-user|v1|${userId}|${salt}`)}|${balances.join(',')}`);
    };
    const node = (l: string, ls: bigint[], r: string, rs: bigint[]) =>
      sha(`fit24-por-node|v1|${l}|${ls.join(',')}|${r}|${rs.join(',')}`);
    const b = leaves.map((leaf) => leaf.balances);
    const sum = (x: bigint[], y: bigint[]) => x.map((v, i) => v + y[i]!);
    const left = node(leafHash(0), b[0]!, leafHash(1), b[1]!);
    const pad = sha('fit24-por-pad|v1|7|0');
    const right = node(leafHash(2), b[2]!, pad, [0n, 0n, 0n]);
    expect(tree.root.hash).toBe(node(left, sum(b[0]!, b[1]!), right, b[2]!));
    expect(tree.proof(2).path[0]).toEqual({ side: 'right', hash: pad, sums: ['0', '0', '0'] });
  });

  it('gives the test vector of README.md', () => {
    const leaves = [
      { userId: '7', salt: salt(1), balances: [150000000n, 0n] },
      { userId: '9', salt: salt(2), balances: [1n, 2500000n] },
      { userId: '12', salt: salt(3), balances: [0n, 10n] },
    ];
    const tree = buildTree({ snapshotId: '1', assets: ['BTC', 'USDT'], decimals: [8, 6], leaves });
    expect(tree.root).toEqual({
      hash: 'f41a8dac1310663d278c9f50865a2310e78beac1a17a723b4c10b08273886dfa',
      sums: [150000001n, 2500010n],
    });
  });

  it('gives the level-0 pad node as the root of an empty snapshot', () => {
    const tree = buildTree({ snapshotId: '9', assets: ['BTC'], decimals: [8], leaves: [] });
    expect(tree.root).toEqual({ hash: sha('fit24-por-pad|v1|9|0'), sums: [0n] });
    expect(() => tree.proof(0)).toThrow(RangeError);
  });

  it('finds a user by id and keeps the given order', () => {
    const { tree } = sampleTree(5);
    expect(tree.indexOf('1003')).toBe(3);
    expect(tree.proof(3).leaf.user_id).toBe('1003');
    expect(tree.indexOf('nobody')).toBe(-1);
  });

  it('refuses a negative balance, a wrong number of balances, a bad salt, a duplicate user', () => {
    const base = { snapshotId: '1', assets: ['BTC', 'ETH'], decimals: [8, 18] };
    const leaf = { userId: '1', salt: salt(1), balances: [1n, 2n] };
    const build = (leaves: (typeof leaf)[]) => () => buildTree({ ...base, leaves });
    expect(build([{ ...leaf, balances: [1n, -1n] }])).toThrow(/negative/);
    expect(build([{ ...leaf, balances: [1n] }])).toThrow(/2 balances/);
    expect(build([{ ...leaf, salt: 'ab' }])).toThrow(/salt/);
    expect(build([{ ...leaf, userId: 'a|b' }])).toThrow(/user id/);
    expect(build([leaf, { ...leaf, salt: salt(2) }])).toThrow(/twice/);
  });

  it('makes a fresh 32-byte salt each time', () => {
    const salts = new Set(Array.from({ length: 50 }, newSalt));
    expect(salts.size).toBe(50);
    for (const s of salts) expect(s).toMatch(/^[0-9a-f]{64}$/);
  });
});
