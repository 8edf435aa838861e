import { fromBaseUnits, type TReservesAsset, type TReservesSnapshot, toBaseUnits } from '@fit24/contract';
import {
  type ProofFailure,
  type ProofVerified,
  type PublishedRoot,
  reserveMessage,
  verifyProof,
  verifyReserveSignature,
} from '@fit24/reserves';

/**
 * Everything the screen says is verified is computed here, in the browser, with the same code as the
 * standalone verifier (@fit24/reserves): the user's proof against the published root, every reserve
 * address's signature over this snapshot's message, and the ratio from the signed balances. The server's
 * word is taken for nothing but the numbers being checked.
 */

/** How an asset's reserves stand: backed (≥ 100 %), short, not provable (devnet), nothing owed, or a bad signature. */
export type AssetStatus = 'backed' | 'short' | 'not-provable' | 'nothing-owed' | 'unsigned';

export interface HoldingCheck {
  address: string;
  kind: 'hot' | 'deposit';
  balance: string;
  /** The signature recovers to the address, over this snapshot's message for it. */
  signed: boolean;
}

export interface AssetCheck {
  asset: TReservesAsset;
  status: AssetStatus;
  /** reserves ÷ liabilities as a percentage with two decimals, rounded down ("103.75"); null when none applies. */
  percent: string | null;
  holdings: HoldingCheck[];
}

export interface SnapshotCheck {
  /** Every asset's published liabilities equal the root's sum for that asset. */
  totalsMatchRoot: boolean;
  assets: AssetCheck[];
  signatures: { verified: number; total: number };
}

export type InclusionCheck = ProofVerified | ProofFailure;

/** The root as published in GET /api/reserves, with the labels a proof must carry to match it. */
export function publishedRoot(snapshot: TReservesSnapshot): PublishedRoot {
  return {
    hash: snapshot.root.hash,
    sums: snapshot.root.sums,
    snapshot_id: String(snapshot.id),
    assets: snapshot.assets.map((a) => a.asset),
    decimals: snapshot.assets.map((a) => a.decimals),
  };
}

/** The user's proof (any value: a file's content included) against the published root; never throws. */
export function checkInclusion(snapshot: TReservesSnapshot, proof: unknown): InclusionCheck {
  return verifyProof(proof, publishedRoot(snapshot));
}

/** Whether `signature` is the address's EIP-191 signature of exactly this snapshot's message for it. */
export function holdingSigned(
  snapshotId: number,
  holding: { address: string; message: string; signature: string },
): boolean {
  let expected: string;
  try {
    expected = reserveMessage(String(snapshotId), holding.address);
  } catch {
    return false;
  }
  return holding.message === expected && verifyReserveSignature(holding);
}

/** The published liabilities, the signatures and each asset's ratio, checked in the browser. */
export function checkSnapshot(snapshot: TReservesSnapshot): SnapshotCheck {
  const totalsMatchRoot =
    snapshot.root.sums.length === snapshot.assets.length &&
    snapshot.assets.every(
      (a, i) => toBaseUnits(a.liabilities, a.decimals) === BigInt(snapshot.root.sums[i]!),
    );
  const assets = snapshot.assets.map((asset) => checkAsset(snapshot.id, asset));
  const holdings = assets.flatMap((a) => a.holdings);
  return {
    totalsMatchRoot,
    assets,
    signatures: { verified: holdings.filter((h) => h.signed).length, total: holdings.length },
  };
}

function checkAsset(snapshotId: number, asset: TReservesAsset): AssetCheck {
  const holdings = asset.holdings.map((h) => ({
    address: h.address,
    kind: h.kind,
    balance: h.balance,
    signed: holdingSigned(snapshotId, h),
  }));
  if (!asset.provable) return { asset, status: 'not-provable', percent: null, holdings };
  // Only what the signed addresses hold counts: the published total is not taken on trust.
  const held = holdings.filter((h) => h.signed).map((h) => h.balance);
  const percent = reservePercent(held, asset.liabilities);
  const status: AssetStatus = holdings.some((h) => !h.signed)
    ? 'unsigned'
    : percent === null
      ? 'nothing-owed'
      : toBaseUnits(percent, 2)! >= 10_000n
        ? 'backed'
        : 'short';
  return { asset, status, percent, holdings };
}

/**
 * The sum of `held` over `owed` as a percentage with two decimals, rounded down so it never overstates
 * ("1037.5" of "1000" → "103.75"); null when nothing is owed. Decimal strings in, bigint arithmetic.
 */
export function reservePercent(held: string[], owed: string): string | null {
  const scale = Math.max(...[owed, ...held].map((d) => d.split('.')[1]?.length ?? 0));
  const owedUnits = toBaseUnits(owed, scale) ?? 0n;
  if (owedUnits <= 0n) return null;
  const heldUnits = held.reduce((sum, d) => sum + (toBaseUnits(d, scale) ?? 0n), 0n);
  return fromBaseUnits((heldUnits * 10_000n) / owedUnits, 2);
}

/**
 * The order the cards are read in: what users are owed before what they are not, and among those what is
 * proven on chain before what is not; the published order otherwise.
 */
export function readingOrder(assets: AssetCheck[]): AssetCheck[] {
  const rank = (a: AssetCheck) =>
    ((toBaseUnits(a.asset.liabilities, a.asset.decimals) ?? 0n) > 0n ? 0 : 2) + (a.asset.provable ? 0 : 1);
  return assets
    .map((a, i) => ({ a, i }))
    .sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i)
    .map(({ a }) => a);
}

/** The user's balances a verified proof carries, as decimal strings in each asset's unit. */
export function provenBalances(verified: ProofVerified): { asset: string; amount: string }[] {
  return verified.balances.map((b) => ({ asset: b.asset, amount: fromBaseUnits(b.amount, b.decimals) }));
}

/** A hash or an address with its middle left out, for a narrow screen: "0x1234…abcd". */
export function shorten(text: string, keep = 6): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
