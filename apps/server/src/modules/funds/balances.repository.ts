import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The ledger accounts (every kind, every asset) of the given users: one statement of one parameter, however
 * many users (an array, not a list that grows toward PostgreSQL's 65,535 bind parameters).
 */
export function accountsOf(db: Database, userIds: readonly bigint[]) {
  return db
    .selectFrom('ledger_accounts')
    .select(['user_id', 'asset_id', 'kind', 'balance'])
    .where(sql<boolean>`user_id = any(${[...userIds]}::bigint[])`)
    .execute();
}
