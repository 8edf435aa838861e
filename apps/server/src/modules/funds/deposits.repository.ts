import { type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DepositsTable } from '../../db/schema-funds.ts';

type DepositRow = Selectable<DepositsTable>;

/** The user's address on a network: this one if none was recorded, else the one recorded first. */
export async function ensureAddress(
  db: Database,
  userId: bigint,
  network: string,
  address: string,
  now: Date,
): Promise<string> {
  // No conflict target: the address is unique too, and two first requests racing would otherwise meet on
  // its index (not an arbiter) and fail with a unique violation instead of doing nothing.
  await db
    .insertInto('deposit_addresses')
    .values({ user_id: userId, network, address, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom('deposit_addresses')
    .select('address')
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .executeTakeFirstOrThrow();
  return row.address;
}

export async function insert(trx: Database, row: Insertable<DepositsTable>): Promise<bigint> {
  const { deposit_id } = await trx
    .insertInto('deposits')
    .values(row)
    .returning('deposit_id')
    .executeTakeFirstOrThrow();
  return deposit_id;
}

/** A deposit with its asset's decimals and confirmations and its chain's height now. */
export function withConfirmations(db: Database, depositId: bigint) {
  return db
    .selectFrom('deposits')
    .innerJoin('assets', 'assets.asset_id', 'deposits.asset_id')
    .innerJoin('chain_heights', 'chain_heights.network', 'deposits.network')
    .select([
      'deposits.deposit_id',
      'deposits.txid',
      'deposits.address',
      'deposits.amount',
      'deposits.status',
      'deposits.block_height',
      'assets.decimals',
      'assets.confirmations',
      'chain_heights.height',
    ])
    .where('deposit_id', '=', depositId)
    .executeTakeFirstOrThrow();
}

/** PENDING deposits that have reached their asset's confirmations. */
export async function confirmedIds(db: Database): Promise<bigint[]> {
  const rows = await db
    .selectFrom('deposits')
    .innerJoin('assets', 'assets.asset_id', 'deposits.asset_id')
    .innerJoin('chain_heights', 'chain_heights.network', 'deposits.network')
    .select(['deposits.deposit_id'])
    .where('deposits.status', '=', 'PENDING')
    .where(sql<boolean>`chain_heights.height - deposits.block_height + 1 >= assets.confirmations`)
    .execute();
  return rows.map((r) => r.deposit_id);
}

/** PENDING → CREDITED, guarded: undefined when another transaction credited it first. */
export function markCredited(trx: Database, depositId: bigint, now: Date): Promise<DepositRow | undefined> {
  return trx
    .updateTable('deposits')
    .set({ status: 'CREDITED', credited_at: now })
    .where('deposit_id', '=', depositId)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
}
