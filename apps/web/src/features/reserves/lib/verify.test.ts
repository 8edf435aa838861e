import { fromBaseUnits, type TReservesSnapshot } from '@fit24/contract';
import { buildTree, newSalt, reserveMessage } from '@fit24/reserves';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { checkInclusion, checkSnapshot, holdingSigned, readingOrder, reservePercent } from './verify.ts';

// Hardhat's first two development keys: real secp256k1 keys, real EIP-191 signatures.
const hot = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcaf784d7bf4f2ff80');
const deposit = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

const ASSETS = ['ETH', 'BTC'];
const DECIMALS = [8, 8];

/** A snapshot as GET /api/reserves publishes it: the tree of three users, ETH on a chain, BTC on devnet. */
async function published(id = 7) {
  const tree = buildTree({
    snapshotId: String(id),
    takenAt: '2026-11-28T10:00:00.000Z',
    assets: ASSETS,
    decimals: DECIMALS,
    leaves: [
      { userId: '1', salt: newSalt(), balances: [150_000_000n, 0n] },
      { userId: '2', salt: newSalt(), balances: [25_000_000n, 3_000_000n] },
      { userId: '3', salt: newSalt(), balances: [0n, 1_000_000n] },
    ],
  });
  const holding = async (signer: typeof hot, balance: string, snapshotId = id) => {
    const message = reserveMessage(String(snapshotId), signer.address);
    return {
      address: signer.address,
      kind: signer === hot ? ('hot' as const) : ('deposit' as const),
      balance,
      message,
      signature: await signer.signMessage({ message }),
    };
  };
  const snapshot: TReservesSnapshot = {
    id,
    taken_at: '2026-11-28T10:00:00.000Z',
    ledger_point: '420',
    user_count: 3,
    root: { hash: tree.root.hash, sums: tree.root.sums.map(String) },
    assets: [
      {
        asset: 'ETH',
        decimals: 8,
        liabilities: fromBaseUnits(tree.root.sums[0]!, 8),
        reserves: '1.8',
        ratio: '1.0285',
        provable: true,
        chain: 'evm:31337',
        block_number: '12',
        holdings: [await holding(hot, '1.5'), await holding(deposit, '0.3')],
      },
      {
        asset: 'BTC',
        decimals: 8,
        liabilities: fromBaseUnits(tree.root.sums[1]!, 8),
        reserves: null,
        ratio: null,
        provable: false,
        chain: null,
        block_number: null,
        holdings: [],
      },
    ],
  };
  return { tree, snapshot, holding };
}

describe('proof of reserves, checked in the browser', () => {
  it("verifies a user's proof against the published root and reads their balances", async () => {
    const { tree, snapshot } = await published();
    const check = checkInclusion(snapshot, tree.proof(tree.indexOf('2')));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.steps).toBe(2);
    expect(check.rootHash).toBe(snapshot.root.hash);
    expect(check.balances.map((b) => [b.asset, b.amount])).toEqual([
      ['ETH', 25_000_000n],
      ['BTC', 3_000_000n],
    ]);
  });

  it('refuses a proof with one balance changed, or checked against another snapshot', async () => {
    const { tree, snapshot } = await published();
    const proof = tree.proof(1);
    const richer = { ...proof, leaf: { ...proof.leaf, balances: ['26000000', '3000000'] } };
    const tampered = checkInclusion(snapshot, richer);
    expect(tampered.ok).toBe(false);
    expect(!tampered.ok && tampered.code).toBe('root-mismatch');

    const other = await published(8);
    const elsewhere = checkInclusion(other.snapshot, proof);
    expect(!elsewhere.ok && elsewhere.code).toBe('snapshot-mismatch');
    expect(checkInclusion(snapshot, 'not a proof').ok).toBe(false);
  });

  it('verifies every signature, the totals against the root, and the ratio from signed balances', async () => {
    const { snapshot } = await published();
    const check = checkSnapshot(snapshot);
    expect(check.totalsMatchRoot).toBe(true);
    expect(check.signatures).toEqual({ verified: 2, total: 2 });
    const [eth, btc] = check.assets;
    // 1.8 held for 1.75 owed: 102.857…%, shown rounded down.
    expect(eth).toMatchObject({ status: 'backed', percent: '102.85' });
    expect(btc).toMatchObject({ status: 'not-provable', percent: null });
  });

  it('counts nothing an address did not sign for this snapshot, and says so', async () => {
    const { snapshot, holding } = await published();
    const stale = await holding(deposit, '0.3', 6);
    expect(holdingSigned(snapshot.id, stale)).toBe(false);
    // The right message, but signed by another key.
    const forged = { ...(await holding(hot, '0.3')), address: deposit.address };
    expect(holdingSigned(snapshot.id, forged)).toBe(false);

    const eth = snapshot.assets[0]!;
    const bad = checkSnapshot({ ...snapshot, assets: [{ ...eth, holdings: [eth.holdings[0]!, stale] }] });
    expect(bad.signatures).toEqual({ verified: 1, total: 2 });
    expect(bad.assets[0]).toMatchObject({ status: 'unsigned', percent: '85.71' });
  });

  it('finds published liabilities that differ from the root, and an under-backed asset', async () => {
    const { snapshot } = await published();
    const eth = snapshot.assets[0]!;
    const check = checkSnapshot({
      ...snapshot,
      assets: [{ ...eth, liabilities: '1.7', holdings: [eth.holdings[1]!] }, snapshot.assets[1]!],
    });
    expect(check.totalsMatchRoot).toBe(false);
    expect(check.assets[0]).toMatchObject({ status: 'short', percent: '17.64' });
  });

  it('shows what users are owed first, proven before not provable', async () => {
    const { snapshot } = await published();
    const [eth, btc] = snapshot.assets as [
      TReservesSnapshot['assets'][number],
      TReservesSnapshot['assets'][number],
    ];
    const unused = { ...eth, asset: 'USDT', liabilities: '0', holdings: [] };
    const check = checkSnapshot({ ...snapshot, assets: [unused, btc, eth] });
    expect(readingOrder(check.assets).map((a) => a.asset.asset)).toEqual(['ETH', 'BTC', 'USDT']);
  });

  it('works the ratio out in base units, rounded down, and none when nothing is owed', () => {
    expect(reservePercent(['1.0375'], '1')).toBe('103.75');
    expect(reservePercent(['0.5', '0.000000000000000001'], '1')).toBe('50');
    expect(reservePercent(['2'], '3')).toBe('66.66');
    expect(reservePercent(['5'], '0')).toBeNull();
  });
});
