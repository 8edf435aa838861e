import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EvmTransactionRow, EvmTransactionsTable, EvmTxStatus } from '../../db/schema-funds.ts';

// SQL of the exchange's own transactions: withdrawals, sweeps, nonces, and their fate on chain.

/** SENT transactions among these hashes (the scanner found them in a block). */
export function sentByHash(db: Database, network: string, hashes: string[]): Promise<EvmTransactionRow[]> {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('evm_transactions')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'SENT')
    .where(sql<boolean>`lower(tx_hash) = any(${hashes.map((h) => h.toLowerCase())}::text[])`)
    .execute();
}

export function markIncluded(
  trx: Database,
  txId: bigint,
  included: { block: bigint; blockHash: string; succeeded: boolean; gasUsed: bigint; price: bigint },
) {
  return trx
    .updateTable('evm_transactions')
    .set({
      block_number: included.block,
      block_hash: included.blockHash,
      succeeded: included.succeeded,
      gas_used: included.gasUsed.toString(),
      effective_gas_price: included.price.toString(),
    })
    .where('tx_id', '=', txId)
    .where('status', '=', 'SENT')
    .execute();
}

/**
 * The next nonce of `address`, taken by one atomic upsert: two processes, or two withdrawals at once, never
 * get the same one and none is skipped (each is used by the row inserted in the same transaction). The
 * first use starts from the chain's count.
 */
export async function takeNonce(trx: Database, address: string, chainCount: bigint): Promise<bigint> {
  const { rows } = await sql<{ nonce: string }>`
    insert into evm_nonces (address, next_nonce) values (${address.toLowerCase()}, ${chainCount} + 1)
    on conflict (address) do update set next_nonce = evm_nonces.next_nonce + 1
    returning (next_nonce - 1)::text as nonce`.execute(trx);
  return BigInt(rows[0]!.nonce);
}

export async function insertTx(
  trx: Database,
  row: Insertable<EvmTransactionsTable>,
): Promise<EvmTransactionRow> {
  return trx.insertInto('evm_transactions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Moves a transaction on from `from` (guarded: undefined when another process did first). */
export function moveTx(
  trx: Database,
  txId: bigint,
  from: EvmTransactionRow['status'],
  changes: Updateable<EvmTransactionsTable>,
): Promise<EvmTransactionRow | undefined> {
  return trx
    .updateTable('evm_transactions')
    .set(changes)
    .where('tx_id', '=', txId)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

export function byStatus(db: Database, network: string, status: EvmTransactionRow['status']) {
  return db
    .selectFrom('evm_transactions')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', status)
    .orderBy('from_address')
    .orderBy('nonce')
    .orderBy('tx_id')
    .limit(200)
    .execute();
}

/** SENT transactions in a block at or below `height`: final at the confirmations asked. */
export function finalAt(db: Database, network: string, height: bigint) {
  return db
    .selectFrom('evm_transactions')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'SENT')
    .where('block_number', '<=', height)
    .orderBy('tx_id')
    .execute();
}

/** The other attempts of a nonce, once one of them is final. */
export function markReplaced(trx: Database, row: EvmTransactionRow, now: Date) {
  return trx
    .updateTable('evm_transactions')
    .set({ status: 'REPLACED', updated_at: now })
    .where('from_address', '=', row.from_address)
    .where('nonce', '=', row.nonce)
    .where('tx_id', '<>', row.tx_id)
    .where('status', 'in', ['PREPARED', 'SENT'])
    .execute();
}

/**
 * What is still leaving `from` beyond block `block` (prepared, or sent and not in a block at or below it):
 * amounts of `assetId`, and gas at most. With balances read at `block`, balance − this is what is free.
 */
export async function outflowAfter(db: Database, from: string, assetId: number, block: bigint) {
  const row = await db
    .selectFrom('evm_transactions')
    .select([
      sql<string>`coalesce(sum(amount_raw) filter (where asset_id = ${assetId}), 0)::text`.as('amount'),
      sql<string>`coalesce(sum(gas_limit * max_fee_per_gas), 0)::text`.as('gas'),
    ])
    .where('from_address', '=', from)
    .where('replaced_by', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'PREPARED'),
        eb.and([
          eb('status', '=', 'SENT'),
          eb.or([eb('block_number', 'is', null), eb('block_number', '>', block)]),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { amount: BigInt(row.amount), gas: BigInt(row.gas) };
}

// ── Withdrawals waiting for the sender ──────────────────────────────────────────────────────────────────

/** Approved withdrawals of these assets with no transaction yet, oldest first. */
export function unsentWithdrawals(db: Database, assetIds: number[]) {
  return db
    .selectFrom('withdrawals as w')
    .selectAll('w')
    .where('w.status', '=', 'PROCESSING')
    .where('w.asset_id', 'in', assetIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('evm_transactions as e')
            .select('e.tx_id')
            .whereRef('e.withdrawal_id', '=', 'w.withdrawal_id')
            .where('e.status', 'in', ['PREPARED', 'SENT', 'CONFIRMED']),
        ),
      ),
    )
    .orderBy('w.withdrawal_id')
    .limit(50)
    .execute();
}

const OPEN_OR_DONE = ['PREPARED', 'SENT', 'CONFIRMED'] as const;

/**
 * The withdrawal if it is still PROCESSING with no transaction, locked (skipped when another has it).
 * Its transactions are read again once the row is ours: a pass that held the row committed before this one
 * got the lock, but under READ COMMITTED the locking statement judged "no transaction" on its own snapshot,
 * taken before that commit; a new statement sees what the other pass wrote (the 30-pass burst in
 * sender.test.ts met this on PostgreSQL as a second PREPARED row refused by the unique index).
 */
export async function lockUnsent(trx: Database, withdrawalId: bigint) {
  const row = await trx
    .selectFrom('withdrawals as w')
    .selectAll('w')
    .where('w.withdrawal_id', '=', withdrawalId)
    .where('w.status', '=', 'PROCESSING')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('evm_transactions as e')
            .select('e.tx_id')
            .whereRef('e.withdrawal_id', '=', 'w.withdrawal_id')
            .where('e.status', 'in', OPEN_OR_DONE),
        ),
      ),
    )
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!row) return undefined;
  const sent = await trx
    .selectFrom('evm_transactions')
    .select('tx_id')
    .where('withdrawal_id', '=', withdrawalId)
    .where('status', 'in', OPEN_OR_DONE)
    .executeTakeFirst();
  return sent ? undefined : row;
}

/** Says why an approved withdrawal waits (null: it does not); answers whether that changed. */
export async function setWaiting(
  db: Database,
  withdrawalId: bigint,
  reason: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('withdrawals')
    .set({ waiting_reason: reason })
    .where('withdrawal_id', '=', withdrawalId)
    .where('status', '=', 'PROCESSING')
    .where(sql<boolean>`waiting_reason is distinct from ${reason}`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function lockSent(trx: Database, txId: bigint): Promise<EvmTransactionRow | undefined> {
  return trx
    .selectFrom('evm_transactions')
    .selectAll()
    .where('tx_id', '=', txId)
    .where('status', '=', 'SENT')
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A SENT transaction becomes final (CONFIRMED or REVERTED), guarded: only while it is still in a block at
 * or below `height` (a reorganisation may have taken it out meanwhile).
 */
export function finalizeTx(trx: Database, txId: bigint, height: bigint, feeUnits: bigint, now: Date) {
  return trx
    .updateTable('evm_transactions')
    .set({
      status: sql<EvmTxStatus>`case when succeeded then 'CONFIRMED' else 'REVERTED' end`,
      fee_units: feeUnits,
      updated_at: now,
    })
    .where('tx_id', '=', txId)
    .where('status', '=', 'SENT')
    .where('block_number', '<=', height)
    .returningAll()
    .executeTakeFirst();
}

// ── Sweeps ──────────────────────────────────────────────────────────────────────────────────────────────

/** Credited deposits of users not yet moved to the hot wallet, by address and asset. */
export function unswept(db: Database, network: string) {
  return db
    .selectFrom('deposits')
    .select(['user_id', 'address', 'asset_id', sql<string[]>`array_agg(deposit_id::text)`.as('ids')])
    .where('network', '=', network)
    .where('status', '=', 'CREDITED')
    .where('user_id', 'is not', null)
    .where('sweep_tx_id', 'is', null)
    .groupBy(['user_id', 'address', 'asset_id'])
    .orderBy('user_id')
    .limit(100)
    .execute();
}

export async function markSwept(trx: Database, depositIds: bigint[], txId: bigint): Promise<void> {
  await trx
    .updateTable('deposits')
    .set({ sweep_tx_id: txId })
    .where('deposit_id', 'in', depositIds)
    .execute();
}

/** A sweep that reverted: its deposits wait for the next one. */
export async function unmarkSwept(trx: Database, txId: bigint): Promise<void> {
  await trx.updateTable('deposits').set({ sweep_tx_id: null }).where('sweep_tx_id', '=', txId).execute();
}

/** Whether something the exchange sends from, or as gas to, this address is still under way. */
export async function busy(db: Database, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('evm_transactions')
    .select('tx_id')
    .where((eb) =>
      eb.or([
        eb('from_address', '=', address),
        eb.and([eb('purpose', '=', 'gas'), eb('to_address', '=', address)]),
      ]),
    )
    .where('status', 'in', ['PREPARED', 'SENT'])
    .executeTakeFirst();
  return row !== undefined;
}
