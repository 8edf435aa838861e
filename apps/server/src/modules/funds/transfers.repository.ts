import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { TransfersTable } from '../../db/schema-funds.ts';

export type TransferRow = Selectable<TransfersTable>;

export function insert(trx: Database, transfer: Insertable<TransfersTable>): Promise<TransferRow> {
  return trx.insertInto('transfers').values(transfer).returningAll().executeTakeFirstOrThrow();
}
