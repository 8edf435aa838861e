import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { insertRows } from '../../db/unnest.ts';

// SQL of the scanner: its blocks and cursor per network, and the deposits it reads.

export interface StoredBlock {
  height: bigint;
  hash: string;
}

/** The last block the scanner read on `network`, locked until the commit when asked (one scanner moves it). */
export async function cursor(db: Database, network: string, lock = false): Promise<StoredBlock | undefined> {
  let query = db
    .selectFrom('chain_heights as h')
    .innerJoin('chain_blocks as b', (join) =>
      join.onRef('b.network', '=', 'h.network').onRef('b.height', '=', 'h.height'),
    )
    .select(['h.height', 'b.hash'])
    .where('h.network', '=', network);
  if (lock) query = query.forUpdate('h');
  return query.executeTakeFirst();
}

export async function blockHash(db: Database, network: string, height: bigint): Promise<string | undefined> {
  const row = await db
    .selectFrom('chain_blocks')
    .select('hash')
    .where('network', '=', network)
    .where('height', '=', height)
    .executeTakeFirst();
  return row?.hash;
}

/** The scanner's starting point: the block before its first, remembered; the network's height set to it. */
export async function anchor(db: Database, network: string, block: StoredBlock & { parentHash: string }) {
  await db.deleteFrom('chain_blocks').where('network', '=', network).execute();
  await db
    .insertInto('chain_blocks')
    .values({ network, height: block.height, hash: block.hash, parent_hash: block.parentHash })
    .execute();
  await db
    .insertInto('chain_heights')
    .values({ network, height: block.height })
    .onConflict((oc) => oc.column('network').doUpdateSet({ height: block.height }))
    .execute();
}

/** A block read: remembered by hash, and the network's height moves to it. */
export async function advance(db: Database, network: string, block: StoredBlock & { parentHash: string }) {
  await db
    .insertInto('chain_blocks')
    .values({ network, height: block.height, hash: block.hash, parent_hash: block.parentHash })
    .execute();
  await db
    .updateTable('chain_heights')
    .set({ height: block.height })
    .where('network', '=', network)
    .execute();
  // A reorganisation deeper than this many blocks is beyond any confirmation count anyway.
  await db
    .deleteFrom('chain_blocks')
    .where('network', '=', network)
    .where('height', '<', block.height - 2048n)
    .execute();
}

/** Addresses of the exchange among `addresses` (any case): each deposit address with its user. */
export async function ownAddresses(
  db: Database,
  network: string,
  addresses: string[],
): Promise<Map<string, bigint>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .selectFrom('deposit_addresses')
    .select(['user_id', 'address'])
    .where('network', '=', network)
    .where(sql<boolean>`lower(address) = any(${addresses.map((a) => a.toLowerCase())}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.address.toLowerCase(), r.user_id]));
}

export interface SeenDeposit {
  userId: bigint | null;
  assetId: number;
  txid: string;
  vout: number;
  address: string;
  from: string;
  amount: bigint;
  raw: bigint;
  height: bigint;
  blockHash: string;
}

/** Deposits read from a block, each `(txid, vout)` once; answers those that were new. */
export async function insertDeposits(
  trx: Database,
  network: string,
  deposits: SeenDeposit[],
  now: Date,
): Promise<
  Array<{
    deposit_id: bigint;
    user_id: bigint | null;
    asset_id: number;
    amount: bigint;
    address: string;
    txid: string;
  }>
> {
  if (deposits.length === 0) return [];
  const insert = insertRows('deposits', deposits, {
    user_id: ['bigint', (d) => d.userId],
    asset_id: ['int', (d) => d.assetId],
    network: ['text', () => network],
    txid: ['text', (d) => d.txid],
    vout: ['int', (d) => d.vout],
    address: ['text', (d) => d.address],
    from_address: ['text', (d) => d.from],
    amount: ['bigint', (d) => d.amount],
    raw_amount: ['numeric', (d) => d.raw.toString()],
    block_height: ['bigint', (d) => d.height],
    block_hash: ['text', (d) => d.blockHash],
    status: ['text', () => 'PENDING'],
    created_at: ['timestamptz', () => now],
  });
  const { rows } = await sql<{
    deposit_id: bigint;
    user_id: bigint | null;
    asset_id: number;
    amount: bigint;
    address: string;
    txid: string;
  }>`${insert} on conflict do nothing returning deposit_id, user_id, asset_id, amount, address, txid`.execute(
    trx,
  );
  return rows;
}

/** Pending deposits of blocks above `height` leave the chain: ORPHANED, before they were credited. */
export function orphanAbove(trx: Database, network: string, height: bigint) {
  return trx
    .updateTable('deposits')
    .set({ status: 'ORPHANED' })
    .where('network', '=', network)
    .where('status', '=', 'PENDING')
    .where('block_height', '>', height)
    .returning(['deposit_id', 'user_id', 'asset_id', 'amount'])
    .execute();
}

/** Credited deposits above `height`: a reorganisation deeper than the confirmations (operators are told). */
export async function creditedAbove(trx: Database, network: string, height: bigint): Promise<bigint[]> {
  const rows = await trx
    .selectFrom('deposits')
    .select('deposit_id')
    .where('network', '=', network)
    .where('status', '=', 'CREDITED')
    .where('block_height', '>', height)
    .execute();
  return rows.map((r) => r.deposit_id);
}

/** Forgets blocks above `height` and the inclusion of the exchange's transactions in them. */
export async function rewind(trx: Database, network: string, height: bigint): Promise<void> {
  await trx.deleteFrom('chain_blocks').where('network', '=', network).where('height', '>', height).execute();
  await trx.updateTable('chain_heights').set({ height }).where('network', '=', network).execute();
  await trx
    .updateTable('evm_transactions')
    .set({ block_number: null, block_hash: null, succeeded: null, gas_used: null, effective_gas_price: null })
    .where('network', '=', network)
    .where('status', '=', 'SENT')
    .where('block_number', '>', height)
    .execute();
}
