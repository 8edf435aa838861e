import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

// SQL of proof of reserves. Arrays travel as JSON of text (`to_json(x::text[])`): BIGINT and NUMERIC
// elements arrive as exact strings on PGlite and node-postgres alike, never as floats.

/** An asset as the snapshot lists it, with what custody knows of its chain. */
export interface SnapshotAsset {
  asset_id: number;
  symbol: string;
  decimals: number;
  network: string;
  contract_address: string | null;
  chain_decimals: number | null;
}

/** Every asset, in the exchange's order (the order of each balance vector). */
export function assets(db: Database): Promise<SnapshotAsset[]> {
  return db
    .selectFrom('assets')
    .select(['asset_id', 'symbol', 'decimals', 'network', 'contract_address', 'chain_decimals'])
    .orderBy('sort_order')
    .orderBy('asset_id')
    .execute();
}

/** The last journal entry visible to this transaction: the snapshot's ledger point. */
export async function ledgerPoint(db: Database): Promise<bigint> {
  const { rows } = await sql<{ point: string }>`
    select coalesce(max(entry_id), 0)::text as point from journal_entries`.execute(db);
  return BigInt(rows[0]!.point);
}

/**
 * What the ledger owes each user per asset: the sum of their accounts (available, on hold, locked, staked,
 * affiliate wallet: every account with a user is one), leaving out what is zero.
 */
export async function userTotals(db: Database) {
  const { rows } = await sql<{ user_id: string; asset_id: number; total: string }>`
    select user_id::text as user_id, asset_id, sum(balance)::text as total
    from ledger_accounts
    where user_id is not null
    group by user_id, asset_id
    having sum(balance) <> 0`.execute(db);
  return rows.map((r) => ({ userId: BigInt(r.user_id), assetId: r.asset_id, total: BigInt(r.total) }));
}

/** The exchange's deposit addresses on a network that ever received a user's deposit, with their owner. */
export async function depositAddressesInUse(db: Database, network: string) {
  const rows = await db
    .selectFrom('deposits')
    .select(['user_id', 'address'])
    .distinct()
    .where('network', '=', network)
    .where('user_id', 'is not', null)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => ({ userId: r.user_id as bigint, address: r.address }));
}

/** A new snapshot id, taken before the tree is built: every leaf's hash commits to it. */
export async function nextSnapshotId(db: Database): Promise<bigint> {
  const { rows } = await sql<{ id: string }>`
    select nextval(pg_get_serial_sequence('reserve_snapshots', 'snapshot_id'))::text as id`.execute(db);
  return BigInt(rows[0]!.id);
}

/** Writers of snapshots one at a time (a scheduled one checks, under it, that another process did not just publish). */
export async function lockSnapshots(trx: Database): Promise<void> {
  await sql`lock table reserve_snapshots in share row exclusive mode`.execute(trx);
}

/** When the newest snapshot was taken, or null when there is none. */
export async function newestTakenAt(db: Database): Promise<Date | null> {
  const row = await db
    .selectFrom('reserve_snapshots')
    .select((eb) => eb.fn.max('taken_at').as('at'))
    .executeTakeFirst();
  return (row?.at as Date | null | undefined) ?? null;
}

export interface NewSnapshot {
  snapshotId: bigint;
  takenAt: Date;
  ledgerPoint: bigint;
  assets: string[];
  decimals: number[];
  rootHash: string;
  rootSums: bigint[];
  userCount: number;
  operatorId: bigint | null;
}

export async function insertSnapshot(trx: Database, s: NewSnapshot): Promise<void> {
  await sql`insert into reserve_snapshots
      (snapshot_id, taken_at, ledger_point, assets, decimals, root_hash, root_sums, user_count, operator_id)
    values (${s.snapshotId}, ${s.takenAt}, ${s.ledgerPoint}, ${s.assets}::text[], ${s.decimals}::integer[],
      ${s.rootHash}, ${s.rootSums.map(String)}::numeric[], ${s.userCount}, ${s.operatorId})`.execute(trx);
}

export interface NewLeaf {
  userId: bigint;
  salt: string;
  balances: bigint[];
}

/**
 * Every leaf in one statement of five parameters: the balance vectors travel as PostgreSQL array literals
 * (`{1,0,25}`) in a text array and are cast per row (`unnest` would flatten a two-dimensional array).
 */
export async function insertLeaves(
  trx: Database,
  snapshotId: bigint,
  leaves: readonly NewLeaf[],
): Promise<void> {
  if (leaves.length === 0) return;
  await sql`insert into reserve_leaves (snapshot_id, leaf_index, user_id, salt, balances)
    select ${snapshotId}, v.leaf_index, v.user_id, v.salt, v.balances::bigint[]
    from unnest(${leaves.map((_, i) => i)}::integer[], ${leaves.map((l) => String(l.userId))}::bigint[],
      ${leaves.map((l) => l.salt)}::text[], ${leaves.map((l) => `{${l.balances.join(',')}}`)}::text[])
      as v(leaf_index, user_id, salt, balances)`.execute(trx);
}

export interface NewHolding {
  asset: string;
  network: string;
  chainId: number;
  chainDecimals: number;
  blockNumber: bigint;
  address: string;
  kind: 'hot' | 'deposit';
  balance: bigint;
  message: string;
  signature: string;
}

export async function insertHoldings(
  trx: Database,
  snapshotId: bigint,
  rows: readonly NewHolding[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = (pick: (h: NewHolding) => unknown) => rows.map(pick);
  await sql`insert into reserve_holdings (snapshot_id, asset, network, chain_id, chain_decimals, block_number,
      address, kind, balance, message, signature)
    select ${snapshotId}, * from unnest(${column((h) => h.asset)}::text[], ${column((h) => h.network)}::text[],
      ${column((h) => h.chainId)}::integer[], ${column((h) => h.chainDecimals)}::integer[],
      ${column((h) => String(h.blockNumber))}::bigint[], ${column((h) => h.address)}::text[],
      ${column((h) => h.kind)}::text[], ${column((h) => String(h.balance))}::numeric[], ${column((h) => h.message)}::text[],
      ${column((h) => h.signature)}::text[])`.execute(trx);
}

export interface SnapshotRow {
  snapshot_id: bigint;
  taken_at: Date;
  ledger_point: string;
  assets: string[];
  decimals: number[];
  root_hash: string;
  root_sums: string[];
  user_count: number;
}

const snapshotColumns = sql`snapshot_id, taken_at, ledger_point::text as ledger_point, to_json(assets) as assets,
  to_json(decimals) as decimals, root_hash, to_json(root_sums::text[]) as root_sums, user_count`;

/** The newest snapshots first. */
export async function newestSnapshots(db: Database, limit: number): Promise<SnapshotRow[]> {
  const { rows } = await sql<SnapshotRow>`select ${snapshotColumns} from reserve_snapshots
    order by snapshot_id desc limit ${limit}`.execute(db);
  return rows;
}

export async function findSnapshot(db: Database, snapshotId: bigint): Promise<SnapshotRow | undefined> {
  const { rows } = await sql<SnapshotRow>`select ${snapshotColumns} from reserve_snapshots
    where snapshot_id = ${snapshotId}`.execute(db);
  return rows[0];
}

export interface HoldingRow {
  snapshot_id: bigint;
  asset: string;
  network: string;
  chain_id: number;
  chain_decimals: number;
  block_number: bigint;
  address: string;
  kind: 'hot' | 'deposit';
  balance: string;
  message: string;
  signature: string;
}

/** The holdings of some snapshots by asset: the hot wallet first, then the deposit addresses. */
export function holdingsOf(db: Database, snapshotIds: bigint[]): Promise<HoldingRow[]> {
  if (snapshotIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reserve_holdings')
    .selectAll()
    .where('snapshot_id', 'in', snapshotIds)
    .orderBy('snapshot_id')
    .orderBy('asset')
    .orderBy('kind', 'desc')
    .orderBy('address')
    .execute() as Promise<HoldingRow[]>;
}

/** A user's leaf index in a snapshot, or undefined when they held nothing then. */
export async function leafIndexOf(
  db: Database,
  snapshotId: bigint,
  userId: bigint,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('reserve_leaves')
    .select('leaf_index')
    .where('snapshot_id', '=', snapshotId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.leaf_index;
}

/** Every leaf of a snapshot in tree order. */
export async function leavesOf(db: Database, snapshotId: bigint): Promise<NewLeaf[]> {
  const { rows } = await sql<{ user_id: string; salt: string; balances: string[] }>`
    select user_id::text as user_id, salt, to_json(balances::text[]) as balances
    from reserve_leaves where snapshot_id = ${snapshotId} order by leaf_index`.execute(db);
  return rows.map((r) => ({ userId: BigInt(r.user_id), salt: r.salt, balances: r.balances.map(BigInt) }));
}
