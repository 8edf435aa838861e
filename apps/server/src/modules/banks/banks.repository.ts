import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BankRow, BanksTable } from '../../db/schema.ts';

export async function listOfUser(db: Database, userId: bigint): Promise<BankRow[]> {
  return db.selectFrom('banks').selectAll().where('user_id', '=', userId).orderBy('bank_id').execute();
}

/** The account numbers the user has saved (hold the user's row lock to count-then-insert safely). */
export async function accountNumbersOfUser(db: Database, userId: bigint) {
  return db.selectFrom('banks').select(['account_number']).where('user_id', '=', userId).execute();
}

export async function insert(db: Database, row: Insertable<BanksTable>): Promise<BankRow> {
  return db.insertInto('banks').values(row).returningAll().executeTakeFirstOrThrow();
}
