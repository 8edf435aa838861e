import type { TReservesProof, TReservesSnapshot } from '@fit24/contract';
import { buildTree, newSalt, type ReservesTree } from '@fit24/reserves';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { findHeight } from '../chain/chain.repository.ts';
import { type ChainPoint, evmChains, readHoldings } from './holdings.ts';
import { snapshotToApi } from './reserves.mappers.ts';
import * as repo from './reserves.repository.ts';

/** How many snapshots `GET /api/reserves` lists. */
export const LISTED_SNAPSHOTS = 10;

/** Who asked for a snapshot: an operator, or the schedule (which skips when another was just published). */
export type SnapshotTrigger = { operatorId: bigint } | { schedule: { everySeconds: number } };

/**
 * Takes and publishes a snapshot, in four steps:
 *   1. one REPEATABLE READ transaction reads the ledger point, every user's total per asset, the custody
 *      scanner's block and the deposit addresses in use: all as of one instant;
 *   2. outside it, the tree is built (salts drawn, every leaf hashed) under an id drawn beforehand;
 *   3. outside it too, the chain: each provable asset's balances at the scanner's block, each signed;
 *   4. one write transaction stores the snapshot, its leaves and holdings, never to be changed.
 * Returns null when the schedule finds a snapshot published meanwhile by another process.
 */
export async function takeSnapshot(
  ctx: AppContext,
  trigger: SnapshotTrigger,
): Promise<TReservesSnapshot | null> {
  const read = await readLedger(ctx);
  const snapshotId = await repo.nextSnapshotId(ctx.db);
  const takenAt = read.takenAt.toISOString();
  const leaves = read.users.map(([userId, balances]) => ({ userId, salt: newSalt(), balances }));
  const tree = buildTree({
    snapshotId: String(snapshotId),
    takenAt,
    assets: read.assets.map((a) => a.symbol),
    decimals: read.assets.map((a) => a.decimals),
    leaves: leaves.map((l) => ({ userId: String(l.userId), salt: l.salt, balances: l.balances })),
  });
  const holdings: repo.NewHolding[] = [];
  for (const point of read.chains) holdings.push(...(await readHoldings(point, read.assets, snapshotId)));

  const published = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockSnapshots(trx);
    if ('schedule' in trigger && !(await isDue(trx, read.takenAt, trigger.schedule.everySeconds)))
      return false;
    await repo.insertSnapshot(trx, {
      snapshotId,
      takenAt: read.takenAt,
      ledgerPoint: read.ledgerPoint,
      assets: read.assets.map((a) => a.symbol),
      decimals: read.assets.map((a) => a.decimals),
      rootHash: tree.root.hash,
      rootSums: tree.root.sums,
      userCount: leaves.length,
      operatorId: 'operatorId' in trigger ? trigger.operatorId : null,
    });
    await repo.insertLeaves(trx, snapshotId, leaves);
    await repo.insertHoldings(trx, snapshotId, holdings);
    return true;
  });
  if (!published) return null;
  trees(ctx.db).remember(snapshotId, Promise.resolve(tree));
  ctx.log.info(
    { snapshot_id: String(snapshotId), users: leaves.length, root: tree.root.hash },
    'reserves snapshot',
  );
  const row = await repo.findSnapshot(ctx.db, snapshotId);
  return snapshotToApi(row!, await repo.holdingsOf(ctx.db, [snapshotId]));
}

/** True when no snapshot was taken in the `everySeconds` before `now` (a scheduled one is due). */
export async function isDue(db: Database, now: Date, everySeconds: number): Promise<boolean> {
  const newest = await repo.newestTakenAt(db);
  return newest === null || now.getTime() - newest.getTime() >= everySeconds * 1000;
}

/** Step 1: the consistent read. Only database reads inside: no hashing, no node. */
function readLedger(ctx: AppContext) {
  return ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // The first statement fixes the transaction's view: every read below sees the same instant.
      const ledgerPoint = await repo.ledgerPoint(trx);
      const takenAt = ctx.clock.now();
      const assets = await repo.assets(trx);
      const totals = await repo.userTotals(trx);
      const chains: ChainPoint[] = [];
      for (const chain of evmChains(ctx, assets)) {
        chains.push({
          chain,
          scannedHeight: (await findHeight(trx, chain.network)) ?? 0n,
          depositAddresses: await repo.depositAddressesInUse(trx, chain.network),
        });
      }
      return { ledgerPoint, takenAt, assets, users: balanceVectors(assets, totals), chains };
    });
}

/** Per user, the balances in the order of `assets`; users sorted by id (the same snapshot, the same root). */
function balanceVectors(
  assets: repo.SnapshotAsset[],
  totals: { userId: bigint; assetId: number; total: bigint }[],
): [bigint, bigint[]][] {
  const column = new Map(assets.map((a, i) => [a.asset_id, i]));
  const users = new Map<bigint, bigint[]>();
  for (const { userId, assetId, total } of totals) {
    let vector = users.get(userId);
    if (!vector) {
      vector = assets.map(() => 0n);
      users.set(userId, vector);
    }
    vector[column.get(assetId)!] = total;
  }
  return [...users.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `GET /api/reserves`: the newest snapshots with their reserves. */
export async function listSnapshots(db: Database): Promise<TReservesSnapshot[]> {
  const rows = await repo.newestSnapshots(db, LISTED_SNAPSHOTS);
  const holdings = await repo.holdingsOf(
    db,
    rows.map((r) => r.snapshot_id),
  );
  return rows.map((row) => snapshotToApi(row, holdings));
}

/**
 * A user's inclusion proof: 404 for a snapshot that does not exist, and for one taken while the user held
 * nothing (they have no leaf). The tree is rebuilt from the stored leaves once per snapshot and kept.
 */
export async function proofFor(db: Database, userId: bigint, snapshotId: bigint): Promise<TReservesProof> {
  const snapshot = await repo.findSnapshot(db, snapshotId);
  if (!snapshot) throw notFound(`There is no proof-of-reserves snapshot ${snapshotId}.`);
  const index = await repo.leafIndexOf(db, snapshotId, userId);
  if (index === undefined)
    throw notFound(
      `You are not in snapshot ${snapshotId} (not_in_snapshot): you held nothing when it was taken.`,
    );
  const tree = await trees(db).get(snapshotId, () => rebuild(db, snapshot));
  return tree.proof(index);
}

async function rebuild(db: Database, snapshot: repo.SnapshotRow): Promise<ReservesTree> {
  const leaves = await repo.leavesOf(db, snapshot.snapshot_id);
  const tree = buildTree({
    snapshotId: String(snapshot.snapshot_id),
    takenAt: snapshot.taken_at.toISOString(),
    assets: snapshot.assets,
    decimals: snapshot.decimals,
    leaves: leaves.map((l) => ({ userId: String(l.userId), salt: l.salt, balances: l.balances })),
  });
  // The stored leaves must give the published root: anything else means the rows were tampered with.
  if (tree.root.hash !== snapshot.root_hash)
    throw new AppError(
      'INTERNAL',
      `Snapshot ${snapshot.snapshot_id}'s leaves do not give its published root.`,
    );
  return tree;
}

/** Built trees, a few snapshots per database (the newest are the ones asked for). */
const TREES_KEPT = 4;
const caches = new WeakMap<Database, Map<bigint, Promise<ReservesTree>>>();

function trees(db: Database) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const kept = cache;
  const remember = (id: bigint, tree: Promise<ReservesTree>) => {
    kept.delete(id);
    kept.set(id, tree);
    while (kept.size > TREES_KEPT) kept.delete(kept.keys().next().value!);
    // A failed build is not kept: the next request tries again.
    tree.catch(() => kept.get(id) === tree && kept.delete(id));
  };
  return {
    remember,
    get(id: bigint, build: () => Promise<ReservesTree>): Promise<ReservesTree> {
      const found = kept.get(id);
      if (found) {
        remember(id, found); // most recently used last
        return found;
      }
      const built = build();
      remember(id, built);
      return built;
    },
  };
}
