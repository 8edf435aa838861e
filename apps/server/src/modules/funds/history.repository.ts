import { PAGE_SIZE, type TAssetTransaction } from '@fit24/contract';
import type { RawBuilder, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AssetTransactionsTable } from '../../db/schema-funds.ts';
import { insertRows } from '../../db/unnest.ts';

/** One line of a user's asset history, written by whichever module moved their money. */
export interface HistoryLine {
  userId: bigint;
  assetId: number;
  type: TAssetTransaction['type'];
  amount: bigint;
  fee?: bigint;
  status: TAssetTransaction['status'];
  address?: string | null;
  txid?: string | null;
  note?: string | null;
  refType: string;
  refId: bigint;
  now: Date;
}

/** The insert of history lines as one statement (or a CTE of the market worker's batch). */
export function insertLines(lines: HistoryLine[]): RawBuilder<unknown> {
  return insertRows('asset_transactions', lines, {
    user_id: ['bigint', (l) => l.userId],
    asset_id: ['int', (l) => l.assetId],
    type: ['text', (l) => l.type],
    amount: ['bigint', (l) => l.amount],
    fee: ['bigint', (l) => l.fee ?? 0n],
    status: ['text', (l) => l.status],
    address: ['text', (l) => l.address ?? null],
    txid: ['text', (l) => l.txid ?? null],
    note: ['text', (l) => l.note ?? null],
    ref_type: ['text', (l) => l.refType],
    ref_id: ['bigint', (l) => l.refId],
    created_at: ['timestamptz', (l) => l.now],
  });
}

/** Keeps the history line of a withdrawal or deposit in step with its status. */
export async function updateStatus(
  db: Database,
  ref: { refType: string; refId: bigint },
  changes: { status: TAssetTransaction['status']; txid?: string | null },
): Promise<void> {
  await db
    .updateTable('asset_transactions')
    .set({ status: changes.status, ...(changes.txid !== undefined ? { txid: changes.txid } : {}) })
    .where('ref_type', '=', ref.refType)
    .where('ref_id', '=', ref.refId)
    .execute();
}

/** A history line with what its confirmations are counted from: its block and its network's height now. */
export type HistoryRow = Selectable<AssetTransactionsTable> & {
  network: string;
  asset_confirmations: number;
  asset_decimals: number;
  asset_symbol: string;
  tip: bigint | null;
  block: bigint | null;
};

/** History lines joined to the deposit or withdrawal they follow and the chain it travels on. */
function withChain(db: Database) {
  return db
    .selectFrom('asset_transactions as t')
    .innerJoin('assets as a', 'a.asset_id', 't.asset_id')
    .leftJoin('chain_heights as h', 'h.network', 'a.network')
    .leftJoin('deposits as d', (join) =>
      join.on('t.ref_type', '=', 'deposit').onRef('d.deposit_id', '=', 't.ref_id'),
    )
    .leftJoin('withdrawals as w', (join) =>
      join.on('t.ref_type', '=', 'withdrawal').onRef('w.withdrawal_id', '=', 't.ref_id'),
    )
    .leftJoin('evm_transactions as e', 'e.tx_hash', 'w.txid')
    .selectAll('t')
    .select((eb) => [
      'a.network',
      'a.confirmations as asset_confirmations',
      'a.decimals as asset_decimals',
      'a.symbol as asset_symbol',
      'h.height as tip',
      eb.fn.coalesce('d.block_height', 'w.broadcast_height', 'e.block_number').as('block'),
    ]);
}

/** A page of a user's history in one asset, newest first, and the number of its lines. */
export async function page(
  db: Database,
  userId: bigint,
  assetId: number,
  pageNumber: number,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    withChain(db)
      .where('t.user_id', '=', userId)
      .where('t.asset_id', '=', assetId)
      .orderBy('t.tx_id', 'desc')
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE)
      .execute(),
    db
      .selectFrom('asset_transactions')
      .where('user_id', '=', userId)
      .where('asset_id', '=', assetId)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A user's latest lines in every asset (the operators' view of a user). */
export function latestOf(db: Database, userId: bigint, limit: number): Promise<HistoryRow[]> {
  return withChain(db).where('t.user_id', '=', userId).orderBy('t.tx_id', 'desc').limit(limit).execute();
}

/** One line of the user's history (undefined when it is not theirs). */
export function findOne(db: Database, userId: bigint, txId: bigint): Promise<HistoryRow | undefined> {
  return withChain(db).where('t.user_id', '=', userId).where('t.tx_id', '=', txId).executeTakeFirst();
}

/**
 * The lines of these users still moving on chain (a deposit not yet credited, a withdrawal not yet
 * final) and those that reached their end since `since`: what the live confirmations show.
 */
export function onChain(db: Database, userIds: bigint[], since: Date): Promise<HistoryRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return withChain(db)
    .where('t.user_id', 'in', userIds)
    .where('t.type', 'in', ['DEPOSIT', 'WITHDRAWAL'])
    .where((eb) =>
      eb.or([
        eb('t.status', 'in', ['PENDING', 'PROCESSING', 'BROADCAST']),
        eb('d.credited_at', '>=', since),
        eb('w.updated_at', '>=', since),
      ]),
    )
    .orderBy('t.tx_id', 'desc')
    .limit(500)
    .execute();
}
