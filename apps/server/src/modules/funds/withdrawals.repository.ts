import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { WithdrawalRow, WithdrawalsTable } from '../../db/schema-funds.ts';

export function insert(trx: Database, row: Insertable<WithdrawalsTable>): Promise<WithdrawalRow> {
  return trx.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The withdrawal, its row locked until the commit. */
export function lockById(trx: Database, withdrawalId: bigint): Promise<WithdrawalRow | undefined> {
  return trx
    .selectFrom('withdrawals')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Moves a withdrawal on from `from` (a guarded update: nothing, and undefined, when another transaction
 * moved it first).
 */
export function moveOn(
  trx: Database,
  withdrawalId: bigint,
  from: WithdrawalRow['status'],
  changes: Updateable<WithdrawalsTable>,
): Promise<WithdrawalRow | undefined> {
  return trx
    .updateTable('withdrawals')
    .set(changes)
    .where('withdrawal_id', '=', withdrawalId)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** BROADCAST withdrawals whose transaction is in a mined block of a development chain (`networks`). */
export async function minedIds(db: Database, networks: string[]): Promise<bigint[]> {
  if (networks.length === 0) return [];
  const rows = await db
    .selectFrom('withdrawals')
    .innerJoin('assets', 'assets.asset_id', 'withdrawals.asset_id')
    .innerJoin('chain_heights', 'chain_heights.network', 'assets.network')
    .select(['withdrawals.withdrawal_id'])
    .where('withdrawals.status', '=', 'BROADCAST')
    .where('assets.network', 'in', networks)
    .whereRef('withdrawals.broadcast_height', '<=', 'chain_heights.height')
    .execute();
  return rows.map((r) => r.withdrawal_id);
}

/** Whether the custody sender has made a transaction for the withdrawal (prepared, sent or final). */
export async function hasChainTransaction(trx: Database, withdrawalId: bigint): Promise<boolean> {
  const row = await trx
    .selectFrom('evm_transactions')
    .select('tx_id')
    .where('withdrawal_id', '=', withdrawalId)
    .where('status', 'in', ['PREPARED', 'SENT', 'CONFIRMED', 'REVERTED'])
    .executeTakeFirst();
  return row !== undefined;
}

/** Four eyes: each operator's approval of a withdrawal, with their email, oldest first. */
export function approvalsOf(db: Database, withdrawalIds: bigint[]) {
  if (withdrawalIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('withdrawal_approvals as a')
    .innerJoin('operators as o', 'o.operator_id', 'a.operator_id')
    .select(['a.withdrawal_id', 'a.operator_id', 'o.email', 'a.created_at'])
    .where('a.withdrawal_id', 'in', withdrawalIds)
    .orderBy('a.created_at')
    .execute();
}

export async function insertApproval(trx: Database, withdrawalId: bigint, operatorId: bigint, now: Date) {
  await trx
    .insertInto('withdrawal_approvals')
    .values({ withdrawal_id: withdrawalId, operator_id: operatorId, created_at: now })
    .execute();
}

/** The operator's list: the latest 200 (of one status), with the user's email. */
export function listWithEmail(
  db: Database,
  status?: WithdrawalRow['status'],
): Promise<Array<WithdrawalRow & { email: string }>> {
  let query = db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.user_id', 'withdrawals.user_id')
    .selectAll('withdrawals')
    .select('users.email')
    .orderBy('withdrawal_id', 'desc')
    .limit(200);
  if (status) query = query.where('withdrawals.status', '=', status);
  return query.execute();
}

export function findWithEmail(db: Database, withdrawalId: bigint) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.user_id', 'withdrawals.user_id')
    .selectAll('withdrawals')
    .select('users.email')
    .where('withdrawal_id', '=', withdrawalId)
    .executeTakeFirstOrThrow();
}
