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

/** A page of a user's history in one asset, newest first, and the number of its lines. */
export async function page(
  db: Database,
  userId: bigint,
  assetId: number,
  pageNumber: number,
): Promise<{ rows: Selectable<AssetTransactionsTable>[]; total: number }> {
  const base = db
    .selectFrom('asset_transactions')
    .where('user_id', '=', userId)
    .where('asset_id', '=', assetId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('tx_id', 'desc')
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
