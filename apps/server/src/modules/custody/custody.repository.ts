import { type Insertable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EvmTransactionRow, EvmTransactionsTable, EvmTxStatus } from '../../db/schema-funds.ts';
import { insertRows } from '../../db/unnest.ts';

/** SQL of custody: the scanner's blocks and cursor, the deposits it reads, the transactions it sends. */

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

// ── The exchange's own transactions ─────────────────────────────────────────────────────────────────────

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

/** The withdrawal if it is still PROCESSING with no transaction, locked (skipped when another has it). */
export function lockUnsent(trx: Database, withdrawalId: bigint) {
  return trx
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
            .where('e.status', 'in', ['PREPARED', 'SENT', 'CONFIRMED']),
        ),
      ),
    )
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
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

// ── Reconciliation ──────────────────────────────────────────────────────────────────────────────────────

/** Every address that has received a user's deposit on the network (the unswept funds sit there). */
export async function depositAddressesInUse(db: Database, network: string): Promise<string[]> {
  const rows = await db
    .selectFrom('deposits')
    .select('address')
    .distinct()
    .where('network', '=', network)
    .where('user_id', 'is not', null)
    .execute();
  return rows.map((r) => r.address);
}

/**
 * What the database knows is under way for an asset at the scanner's block `height`, in chain units:
 * deposits seen but not credited; dust (chain amounts below a ledger unit: of credited deposits, and of
 * gas booked rounded up); withdrawals the ledger has sent that are not mined (or reverted, not yet final);
 * gas burnt in mined transactions not yet final (native coin only).
 */
export async function underWay(
  db: Database,
  network: string,
  assetId: number,
  scale: bigint,
  native: boolean,
  height: bigint,
) {
  const { rows } = await sql<{ pending: string; dust: string; in_flight: string; gas: string }>`
    select
      (select coalesce(sum(raw_amount), 0) from deposits
        where network = ${network} and asset_id = ${assetId} and status = 'PENDING' and block_height <= ${height})::text as pending,
      ((select coalesce(sum(raw_amount - amount * ${scale}::numeric), 0) from deposits
        where network = ${network} and asset_id = ${assetId} and status = 'CREDITED' and raw_amount is not null)
       + case when ${native} then (select coalesce(sum(fee_units * ${scale}::numeric - gas_used * effective_gas_price), 0)
           from evm_transactions where network = ${network} and status in ('CONFIRMED', 'REVERTED')) else 0 end)::text as dust,
      (select coalesce(sum(w.amount * ${scale}::numeric), 0) from withdrawals w
        where w.asset_id = ${assetId} and w.status = 'BROADCAST' and w.broadcast_height is null
          and not exists (select 1 from evm_transactions e where e.withdrawal_id = w.withdrawal_id
            and e.status = 'SENT' and e.block_number <= ${height} and e.succeeded))::text as in_flight,
      (case when ${native} then (select coalesce(sum(gas_used * effective_gas_price), 0) from evm_transactions
        where network = ${network} and status = 'SENT' and block_number <= ${height}) else 0 end)::text as gas`.execute(
    db,
  );
  const row = rows[0]!;
  return {
    pending: BigInt(row.pending),
    dust: BigInt(row.dust),
    inFlight: BigInt(row.in_flight),
    gas: BigInt(row.gas),
  };
}

/** The ledger's `chain` account for an asset (negative: what came in from the chain) and what users hold. */
export async function ledgerSide(db: Database, assetId: number) {
  const { rows } = await sql<{ chain: string; users: string }>`
    select
      (select coalesce(sum(balance), 0) from ledger_accounts where system_name = 'chain' and asset_id = ${assetId})::text as chain,
      (select coalesce(sum(balance), 0) from ledger_accounts where user_id is not null and asset_id = ${assetId})::text as users`.execute(
    db,
  );
  return { chain: BigInt(rows[0]!.chain), users: BigInt(rows[0]!.users) };
}

/** Approved withdrawals that wait, and why (the hot wallet is short, say). */
export function waitingWithdrawals(db: Database) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('assets as a', 'a.asset_id', 'w.asset_id')
    .select(['w.withdrawal_id', 'w.amount', 'w.waiting_reason', 'a.symbol', 'a.decimals'])
    .where('w.status', '=', 'PROCESSING')
    .where('w.waiting_reason', 'is not', null)
    .orderBy('w.withdrawal_id')
    .execute();
}
