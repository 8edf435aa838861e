import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { WithdrawalAddressRow } from '../../db/schema-security.ts';

/** The withdrawal address book (table `withdrawal_addresses`); removed entries stay, with `removed_at`. */

export type SavedAddressRow = WithdrawalAddressRow & { symbol: string; network: string };

function live(db: Database) {
  return db
    .selectFrom('withdrawal_addresses as w')
    .innerJoin('assets as a', 'a.asset_id', 'w.asset_id')
    .selectAll('w')
    .select(['a.symbol', 'a.network'])
    .where('w.removed_at', 'is', null);
}

export async function listOf(db: Database, userId: bigint, assetId?: number): Promise<SavedAddressRow[]> {
  return live(db)
    .where('w.user_id', '=', userId)
    .$if(assetId !== undefined, (q) => q.where('w.asset_id', '=', assetId!))
    .orderBy('w.address_id', 'desc')
    .execute();
}

/** A live entry of this user (another user's id, or a removed one, is not found). */
export async function findOwn(
  db: Database,
  userId: bigint,
  addressId: number,
): Promise<SavedAddressRow | undefined> {
  return live(db)
    .where('w.user_id', '=', userId)
    .where('w.address_id', '=', BigInt(addressId))
    .executeTakeFirst();
}

/** The live entry for this address and memo (no memo and an empty memo are the same, as in the unique index). */
export async function findByAddress(
  db: Database,
  userId: bigint,
  assetId: number,
  address: string,
  memo: string | null,
): Promise<SavedAddressRow | undefined> {
  return live(db)
    .where('w.user_id', '=', userId)
    .where('w.asset_id', '=', assetId)
    .where('w.address', '=', address)
    .where(sql<string>`coalesce(w.memo, '')`, '=', memo ?? '')
    .executeTakeFirst();
}

/** Entries the user added since `since`, removed ones included (each sent an email), and the oldest's time. */
export async function addedSince(
  db: Database,
  userId: bigint,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('withdrawal_addresses')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ?? null };
}

export async function insert(
  db: Database,
  entry: {
    userId: bigint;
    assetId: number;
    label: string;
    address: string;
    memo: string | null;
    now: Date;
  },
): Promise<WithdrawalAddressRow> {
  return db
    .insertInto('withdrawal_addresses')
    .values({
      user_id: entry.userId,
      asset_id: entry.assetId,
      label: entry.label,
      address: entry.address,
      memo: entry.memo,
      created_at: entry.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Confirms an unconfirmed live entry, usable from `usableAt`; false when it is no longer one. */
export async function confirm(
  db: Database,
  userId: bigint,
  addressId: number,
  now: Date,
  usableAt: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('withdrawal_addresses')
    .set({ confirmed_at: now, usable_at: usableAt })
    .where('address_id', '=', BigInt(addressId))
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Removes a live entry (soft delete); false when there was none. */
export async function remove(db: Database, userId: bigint, addressId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('withdrawal_addresses')
    .set({ removed_at: now })
    .where('address_id', '=', BigInt(addressId))
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Whitelist-only on at once; a pending "off" is cancelled. */
export async function whitelistOn(db: Database, userId: bigint): Promise<void> {
  await db
    .updateTable('users')
    .set({ whitelist_only: true, whitelist_off_at: null })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Whitelist-only off, from `now`: the delay runs from here. Only while it is on, so asking again never
 * restarts the delay; false when it was off already.
 */
export async function whitelistOff(db: Database, userId: bigint, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ whitelist_only: false, whitelist_off_at: now })
    .where('user_id', '=', userId)
    .where('whitelist_only', '=', true)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
